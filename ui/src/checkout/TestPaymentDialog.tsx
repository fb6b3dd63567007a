import CreditCardIcon from '@mui/icons-material/CreditCard';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { usePayWithTestCardMutation, type PaymentConfirmation } from './checkoutApi.ts';
import type { CheckoutSession } from '../api/types.ts';
import { errorMessage } from '../api/messages.ts';
import { BusyButton } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';
import { rupees } from '../shared/format.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError } from '../store/snackbarSlice.ts';
import { cardProblem, groupCardNumber } from './validation.ts';

const DEFAULT_TEST_CARDS = { success: '4111 1111 1111 1111', declined: '4000 0000 0000 0002' };

/**
 * The built-in test provider's checkout: a card form for the payment the server opened. "Pay"
 * asks the provider (`POST /api/payments/test/pay`) and hands its signed confirmation on; a
 * declined card is said in red here and in the snackbar, and nothing else changes.
 */
export function TestPaymentDialog({
  session,
  placing,
  onPaid,
  onClose,
}: {
  session: CheckoutSession;
  placing: boolean;
  onPaid: (confirmation: PaymentConfirmation) => Promise<void>;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const cards = session.testCards ?? DEFAULT_TEST_CARDS;
  const [card, setCard] = useState({ number: '', expiry: '12/30', cvc: '123' });
  const [problem, setProblem] = useState<{ message: string; declined: boolean } | null>(null);
  const [pay, { isLoading: paying }] = usePayWithTestCardMutation();
  const busy = paying || placing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const invalid = cardProblem(card);
    if (invalid) {
      setProblem({ message: invalid, declined: false });
      dispatch(notifyError(invalid));
      return;
    }
    setProblem(null);
    let confirmation: PaymentConfirmation;
    try {
      confirmation = await pay({ providerOrderId: session.orderId, card: card.number }).unwrap();
    } catch (error) {
      const message = errorMessage(error, 'The payment failed.');
      setProblem({ message, declined: true });
      dispatch(notifyError(message));
      return;
    }
    await onPaid(confirmation);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="test-payment-title" data-testid="test-payment" slotProps={{ paper: { sx: { borderRadius: 4 } } }}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Card payment">
        <DialogTitle id="test-payment-title" sx={{ pb: 1, display: 'flex', alignItems: 'center', gap: 1, fontWeight: 800 }}>
          <CreditCardIcon sx={{ color: brand.indigo }} />
          Test payment
        </DialogTitle>
        <DialogContent>
          <Box sx={{ bgcolor: brand.indigoLight, borderRadius: 3, p: 2, mb: 2 }}>
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
              {session.name} · {session.description}
            </Typography>
            <Typography sx={{ fontSize: 26, fontWeight: 800, color: brand.indigo }} data-testid="payment-amount">
              {rupees(session.total)}
            </Typography>
            {session.discount && (
              <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }} data-testid="payment-discount">
                {session.discount.label} −{rupees(session.discount.amount)} included
              </Typography>
            )}
            <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Order {session.orderId}</Typography>
          </Box>
          <Alert severity="info" variant="outlined" sx={{ mb: 2, fontSize: 13 }}>
            Test mode: no money moves. Use a test card:
            <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
              <Button size="small" variant="outlined" onClick={() => setCard((c) => ({ ...c, number: cards.success }))} data-testid="test-card-success">
                {cards.success} · succeeds
              </Button>
              <Button size="small" variant="outlined" color="error" onClick={() => setCard((c) => ({ ...c, number: cards.declined }))} data-testid="test-card-declined">
                {cards.declined} · declined
              </Button>
            </Box>
          </Alert>
          <TextField
            label="Card number"
            name="cardNumber"
            value={card.number}
            onChange={(e) => setCard((c) => ({ ...c, number: groupCardNumber(e.target.value) }))}
            placeholder={cards.success}
            autoComplete="cc-number"
            fullWidth
            required
            autoFocus
            disabled={busy}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            sx={{ mb: 2 }}
          />
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <TextField label="Expiry (MM/YY)" name="expiry" value={card.expiry} onChange={(e) => setCard((c) => ({ ...c, expiry: e.target.value }))} placeholder="12/30" autoComplete="cc-exp" required disabled={busy} />
            <TextField
              label="CVC"
              name="cvc"
              value={card.cvc}
              onChange={(e) => setCard((c) => ({ ...c, cvc: e.target.value.replace(/\D/g, '').slice(0, 4) }))}
              placeholder="123"
              autoComplete="cc-csc"
              required
              disabled={busy}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
          </Box>
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="payment-error" role="alert">
              {problem.declined ? `${problem.message.replace(/\.$/, '')}. Nothing was charged and your cart is unchanged.` : problem.message}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 3, gap: 1 }}>
          <Button onClick={onClose} disabled={busy} variant="outlined">
            Cancel
          </Button>
          <BusyButton type="submit" variant="contained" busy={busy} busyLabel={placing ? 'Placing order…' : 'Paying…'} startIcon={<LockOutlinedIcon />} data-testid="pay-button" sx={{ minWidth: 150 }}>
            Pay {rupees(session.total)}
          </BusyButton>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
