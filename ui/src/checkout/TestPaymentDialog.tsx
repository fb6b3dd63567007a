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
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { usePayWithTestCardMutation, type PaymentConfirmation, type TestPaymentAttempt } from './checkoutApi.ts';
import { PAYMENT_METHODS } from './PaymentMethodChoice.tsx';
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
 * The test provider's UPI QR: a code-like pattern drawn from the payment's id. It encodes nothing
 * (no money moves in test mode); the "pay from app" buttons play the shopper's UPI app.
 */
function TestUpiQr({ seed }: { seed: string }) {
  const size = 21;
  let state = [...seed].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const cells: { x: number; y: number }[] = [];
  const finder = (x: number, y: number) => (x < 7 && y < 7) || (x >= size - 7 && y < 7) || (x < 7 && y >= size - 7);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      state = (state * 1103515245 + 12345) >>> 0;
      // The three corner squares of a QR code: a dark ring around a dark centre.
      const corner = finder(x, y) ? Math.max(Math.abs(x - (x < 7 ? 3 : size - 4)), Math.abs(y - (y < 7 ? 3 : size - 4))) : -1;
      const on = corner >= 0 ? corner === 3 || corner <= 1 : (state >>> 16) % 2 === 0;
      if (on) cells.push({ x, y });
    }
  }
  return (
    <Box component="svg" viewBox={`-2 -2 ${size + 4} ${size + 4}`} sx={{ width: 168, height: 168, display: 'block', mx: 'auto', bgcolor: '#fff' }} role="img" aria-label="UPI QR code (test)" data-testid="upi-qr">
      {cells.map(({ x, y }) => (
        <rect key={`${x}-${y}`} x={x} y={y} width={1} height={1} fill="#111" />
      ))}
    </Box>
  );
}

/**
 * The built-in test provider's checkout: a card form for the payment the server opened. "Pay"
 * asks the provider (`POST /api/payments/test/pay`) and hands its signed confirmation on; a
 * declined card is said in red here and in the snackbar, and nothing else changes. A payment the
 * shop refuses before paying (409: opened too long ago, or priced with a promotion it no longer
 * gives) closes the dialog with the reason (`onRefused`): the form shows the cart priced again.
 */
export function TestPaymentDialog({
  session,
  placing,
  onPaid,
  onClose,
  onRefused,
}: {
  session: CheckoutSession;
  placing: boolean;
  onPaid: (confirmation: PaymentConfirmation) => Promise<void>;
  onClose: () => void;
  onRefused: () => void;
}) {
  const dispatch = useAppDispatch();
  const cards = session.testCards ?? DEFAULT_TEST_CARDS;
  const method = session.paymentMethod === 'upi' || session.paymentMethod === 'netbanking' ? session.paymentMethod : 'card';
  const banks = session.testBanks ?? [];
  const [bank, setBank] = useState(banks[0]?.code ?? '');
  const [card, setCard] = useState({ number: '', expiry: '12/30', cvc: '123' });
  const [problem, setProblem] = useState<{ message: string; declined: boolean } | null>(null);
  const [pay, { isLoading: paying }] = usePayWithTestCardMutation();
  const busy = paying || placing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (method === 'upi') return;
    if (method === 'card') {
      const invalid = cardProblem(card);
      if (invalid) {
        setProblem({ message: invalid, declined: false });
        dispatch(notifyError(invalid));
        return;
      }
    }
    await attempt(method === 'card' ? { method, card: card.number } : { method, bank });
  };

  /** Asks the test provider to pay; a decline is said here and the dialog stays open for another try. */
  const attempt = async (paying: TestPaymentAttempt) => {
    setProblem(null);
    let confirmation: PaymentConfirmation;
    try {
      confirmation = await pay({ providerOrderId: session.orderId, ...paying }).unwrap();
    } catch (error) {
      const message = errorMessage(error, 'The payment failed.');
      dispatch(notifyError(message));
      if ((error as { status?: unknown }).status === 409) return onRefused();
      setProblem({ message, declined: true });
      return;
    }
    await onPaid(confirmation);
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="test-payment-title" data-testid="test-payment" slotProps={{ paper: { sx: { borderRadius: 4 } } }}>
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-label="Card payment">
        <DialogTitle id="test-payment-title" sx={{ pb: 1, display: 'flex', alignItems: 'center', gap: 1, fontWeight: 800 }}>
          <Box sx={{ color: brand.indigo, display: 'flex' }} aria-hidden="true">
            {method === 'card' ? <CreditCardIcon /> : PAYMENT_METHODS[method].icon}
          </Box>
          Test payment
        </DialogTitle>
        <DialogContent>
          <Box sx={{ bgcolor: brand.indigoLight, borderRadius: 3, p: 2, mb: 2 }}>
            <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
              {session.name} · {session.description}
            </Typography>
            <Typography sx={{ fontSize: 26, fontWeight: 800, color: brand.indigo }} data-testid="payment-amount">
              {rupees(session.amount / 100)}
            </Typography>
            {session.giftCard && (
              <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }} data-testid="payment-gift-card">
                Gift card {session.giftCard.code.slice(-4)} pays {rupees(session.giftCard.applied)} of {rupees(session.total)} · {rupees(session.giftCard.balance)} left on the card
              </Typography>
            )}
            {session.discount && (
              <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }} data-testid="payment-discount">
                {session.discount.label} −{rupees(session.discount.amount)} included
              </Typography>
            )}
            <Typography sx={{ fontSize: 12.5, color: 'text.secondary' }}>Order {session.orderId}</Typography>
            <Typography sx={{ fontSize: 13, fontWeight: 700 }} data-testid="payment-method-name">
              {PAYMENT_METHODS[method].name}
            </Typography>
          </Box>
          {method === 'card' && (
            <>
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
            </>
          )}
          {method === 'upi' && (
            <Box data-testid="upi-page">
              <Typography sx={{ fontSize: 13.5, mb: 1, textAlign: 'center' }}>Scan with any UPI app, or pay from the app on this phone</Typography>
              <TestUpiQr seed={session.orderId} />
              <Alert severity="info" variant="outlined" sx={{ mt: 2, fontSize: 13 }}>
                Test mode: no money moves. Play your UPI app:
                <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                  <BusyButton size="small" variant="contained" busy={busy} onClick={() => void attempt({ method: 'upi', approve: true })} data-testid="upi-approve">
                    Pay from app · approve
                  </BusyButton>
                  <Button size="small" variant="outlined" color="error" disabled={busy} onClick={() => void attempt({ method: 'upi', approve: false })} data-testid="upi-decline">
                    Decline in app
                  </Button>
                </Box>
              </Alert>
            </Box>
          )}
          {method === 'netbanking' && (
            <Box data-testid="netbanking-page">
              <Typography sx={{ fontSize: 13.5, mb: 1 }}>Choose your bank (test mode: the last one declines)</Typography>
              <RadioGroup name="bank" value={bank} onChange={(e) => setBank(e.target.value)} aria-label="Bank">
                {banks.map((b) => (
                  <FormControlLabel key={b.code} value={b.code} control={<Radio size="small" />} label={b.name} disabled={busy} data-testid={`bank-${b.code}`} />
                ))}
              </RadioGroup>
            </Box>
          )}
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
          {method !== 'upi' && <BusyButton type="submit" variant="contained" busy={busy} busyLabel={placing ? 'Placing order…' : 'Paying…'} startIcon={<LockOutlinedIcon />} data-testid="pay-button" sx={{ minWidth: 150 }}>
            Pay {rupees(session.amount / 100)}
          </BusyButton>}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
