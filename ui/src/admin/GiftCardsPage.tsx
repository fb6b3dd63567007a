import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/messages.ts';
import { BusyButton, LoadError } from '../shared/common.tsx';
import { rupees } from '../shared/format.ts';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { notifyError } from '../store/snackbarSlice.ts';
import { useAppDispatch } from '../store/store.ts';
import { AdminFrame, shortTime } from './adminParts.tsx';
import { useGetGiftCardsQuery, useIssueGiftCardMutation, useVoidGiftCardMutation } from './giftCardsApi.ts';

/** Gift cards: each card's amount, balance, state and use; issue one (its code shown once) or void one. */
export default function GiftCardsPage() {
  const dispatch = useAppDispatch();
  const cards = useGetGiftCardsQuery();
  const [issue, issuing] = useIssueGiftCardMutation();
  const [voidCard] = useVoidGiftCardMutation();
  const [amount, setAmount] = useState('');
  const [issued, setIssued] = useState<string | null>(null);

  const onIssue = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const reply = await issue({ amount: Number(amount) }).unwrap();
      setIssued(reply.code);
      setAmount('');
    } catch (error) {
      dispatch(notifyError(errorMessage(error, 'The gift card could not be issued.')));
    }
  };

  return (
    <AdminFrame title="Gift cards" subtitle="Balances, use and voiding; codes are shown only once, when a card is issued" testId="admin-gift-cards">
      <Box component="form" onSubmit={(e) => void onIssue(e)} sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
        <TextField label="Amount (Rs)" value={amount} onChange={(e) => setAmount(e.target.value.replace(/\D/g, '').slice(0, 6))} size="small" slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'gift-card-amount' } }} />
        <BusyButton type="submit" variant="contained" busy={issuing.isLoading} busyLabel="Issuing…" disabled={!amount}>
          Issue a card
        </BusyButton>
      </Box>
      {issued && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="gift-card-issued">
          New card: <strong>{issued}</strong> (copy it now; it is not shown again)
        </Alert>
      )}
      {cards.error ? (
        <LoadError error={cards.error} onRetry={() => void cards.refetch()} />
      ) : (
        <Box component="table" sx={stackedTableSx}>
          <thead>
            <tr>
              <th>Card</th>
              <th>Issued</th>
              <th>Amount</th>
              <th>Balance</th>
              <th>State</th>
              <th>Used</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(cards.data ?? []).map((card) => (
              <tr key={card.id} data-testid="gift-card-row">
                <td>••{card.codeLast4}</td>
                <td>
                  {shortTime(card.issuedAt)} · {card.source === 'admin' ? 'by the shop' : 'bought'}
                </td>
                <td>{rupees(card.amount)}</td>
                <td>{rupees(card.balance)}</td>
                <td>{card.state}</td>
                <td>{card.history.filter((h) => h.kind === 'debit').length} checkouts</td>
                <td>
                  {card.state !== 'voided' && (
                    <Button size="small" color="error" onClick={() => void voidCard(card.id)}>
                      Void
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </AdminFrame>
  );
}
