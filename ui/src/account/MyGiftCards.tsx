import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GiftCardAsHolderSees } from '@shop/contracts';
import { shopApi } from '../api/shopApi.ts';
import { LoadError } from '../shared/common.tsx';
import { rupees } from '../shared/format.ts';

/** A card as its holder sees it: no id and no code, only its last four characters; only their own payments with it. */
type MyGiftCard = GiftCardAsHolderSees;

const myGiftCardsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({ getMyGiftCards: build.query<MyGiftCard[], void>({ query: () => '/gift-cards/mine' }) }),
});

/** The gift cards the shopper bought or spent from: balance, state and their own debits and credits. */
export function MyGiftCards() {
  const cards = myGiftCardsApi.useGetMyGiftCardsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (cards.error) return <LoadError error={cards.error} onRetry={() => void cards.refetch()} />;
  if (!cards.data) return null;
  if (cards.data.length === 0) return <Typography>No gift cards yet. A card you use at checkout shows here with its balance.</Typography>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {cards.data.map((card) => (
        <Box key={`${card.codeLast4}-${card.issuedAt}`} data-testid="my-gift-card" sx={{ border: '1px solid #ddd', borderRadius: 2, p: 2 }}>
          <Typography sx={{ fontWeight: 700 }}>
            Card ••{card.codeLast4}: {rupees(card.balance)} left of {rupees(card.amount)} ({card.state})
          </Typography>
          {card.spent && !card.history.some((entry) => entry.kind === 'debit') && <Typography variant="body2">Spent by the card's holder.</Typography>}
          <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
            {card.history.map((entry, i) => (
              <li key={i}>
                {entry.kind === 'debit' ? `Paid ${rupees(entry.amount)}` : `${rupees(entry.amount)} returned${entry.reason ? ` (${entry.reason})` : ''}`} · {entry.at.slice(0, 10)}
              </li>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}
