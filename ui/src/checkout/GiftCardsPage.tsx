import CardGiftcardOutlinedIcon from '@mui/icons-material/CardGiftcardOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { LoadError, PageFrame, Panel } from '../shared/common.tsx';
import { rupees } from '../shared/format.ts';
import { RequireShopper } from '../session/RequireShopper.tsx';
import { useAppDispatch } from '../store/store.ts';
import { notifyError } from '../store/snackbarSlice.ts';
import { useGetGiftCardAmountsQuery, type GiftCardOrder } from './checkoutApi.ts';

/** A plain address check before the server's: one name, one @, a dot in the domain. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

/** What the checkout reads from the page's navigation: the card being bought. */
export interface BuyingGiftCard {
  giftCard: GiftCardOrder;
}

/**
 * /gift-cards: pick one of the amounts the shop sells, whom the card goes to and a message, then
 * pay for it at checkout like any order. The code is e-mailed to the recipient once it is paid.
 */
function GiftCardsView() {
  const amounts = useGetGiftCardAmountsQuery();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [amount, setAmount] = useState<number | null>(null);
  const [recipientEmail, setRecipientEmail] = useState('');
  const [message, setMessage] = useState('');
  const messageMax = amounts.data?.messageMax ?? 300;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (amount === null) {
      dispatch(notifyError('Please choose a gift card amount'));
      return;
    }
    if (!LOOKS_LIKE_EMAIL.test(recipientEmail.trim())) {
      dispatch(notifyError('Please enter a valid recipient e-mail address'));
      return;
    }
    const giftCard: GiftCardOrder = { amount, recipientEmail: recipientEmail.trim(), ...(message.trim() ? { message: message.trim() } : {}) };
    void navigate('/checkout', { state: { giftCard } satisfies BuyingGiftCard });
  };

  if (amounts.error) return <LoadError error={amounts.error} onRetry={() => void amounts.refetch()} />;
  return (
    <Panel component="section" aria-label="Buy a gift card" sx={{ p: { xs: 2.5, md: 4 }, maxWidth: 640 }}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 2 }}>
        <CardGiftcardOutlinedIcon color="primary" aria-hidden="true" />
        <Typography>Send a gift card by e-mail: the recipient spends it on anything in the shop, all at once or over several orders.</Typography>
      </Box>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Gift card" sx={{ display: 'grid', gap: 2.5 }}>
        <Box>
          <Typography id="gift-card-amount-label" sx={{ fontWeight: 700, mb: 1 }}>
            Amount
          </Typography>
          {amounts.data ? (
            <ToggleButtonGroup exclusive value={amount} onChange={(_e, next: number | null) => setAmount(next)} aria-labelledby="gift-card-amount-label" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {amounts.data.amounts.map((value) => (
                <ToggleButton key={value} value={value} data-testid="gift-card-amount" sx={{ px: 2.5, borderRadius: '8px !important', border: '1px solid #ddd !important' }}>
                  {rupees(value)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          ) : (
            <Skeleton variant="rounded" height={48} />
          )}
        </Box>
        <TextField
          label="Recipient's e-mail"
          name="recipientEmail"
          type="email"
          required
          value={recipientEmail}
          onChange={(e) => setRecipientEmail(e.target.value.slice(0, 254))}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 254, 'data-testid': 'gift-card-recipient' } }}
          helperText="The card's code is sent to this address once you have paid."
        />
        <TextField
          label="Message (optional)"
          name="giftCardMessage"
          value={message}
          onChange={(e) => setMessage(e.target.value.slice(0, messageMax))}
          multiline
          minRows={3}
          slotProps={{ htmlInput: { maxLength: messageMax, 'data-testid': 'gift-card-message' } }}
          helperText={`${message.length}/${messageMax} · in the e-mail with the code`}
        />
        <Button type="submit" variant="contained" size="large" data-testid="gift-card-continue" sx={{ justifySelf: 'start' }}>
          {amount === null ? 'Continue to payment' : `Continue to pay ${rupees(amount)}`}
        </Button>
      </Box>
    </Panel>
  );
}

export default function GiftCardsPage() {
  return (
    <PageFrame title="Gift cards" subtitle="E-mailed to the recipient" testId="gift-cards-page">
      <RequireShopper>{() => <GiftCardsView />}</RequireShopper>
    </PageFrame>
  );
}
