import AccountBalanceOutlinedIcon from '@mui/icons-material/AccountBalanceOutlined';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { ChosenPaymentMethod as PaymentMethod } from '../api/types.ts';
import { brand } from '../shared/theme.ts';

/** Each way of paying with its icon and the words the shopper reads (the order page uses the names too). */
export const PAYMENT_METHODS: Record<PaymentMethod, { name: string; hint: string; icon: ReactNode }> = {
  upi: { name: 'UPI', hint: 'Scan the QR code or pay from your UPI app (Google Pay, PhonePe, Paytm, BHIM…)', icon: <QrCode2Icon /> },
  netbanking: { name: 'Net banking', hint: 'Pay from your bank account through your bank’s site', icon: <AccountBalanceOutlinedIcon /> },
  card: { name: 'Credit or debit card', hint: 'Visa, Mastercard, RuPay', icon: <CreditCardIcon /> },
  cod: { name: 'Cash on delivery', hint: 'Pay the courier in cash; confirm the order from the e-mail we send', icon: <LocalShippingOutlinedIcon /> },
};

/** The checkout's choice of how to pay: one radio per method, each with its icon and wording (`onlineOnly`: no cash on delivery). */
export function PaymentMethodChoice({ value, onChange, disabled, onlineOnly = false }: { value: PaymentMethod; onChange: (method: PaymentMethod) => void; disabled: boolean; onlineOnly?: boolean }) {
  const methods = (Object.keys(PAYMENT_METHODS) as PaymentMethod[]).filter((method) => !onlineOnly || method !== 'cod');
  return (
    <RadioGroup name="paymentMethod" value={value} onChange={(e) => onChange(e.target.value as PaymentMethod)} aria-label="Payment method">
      {methods.map((method) => {
        const { name, hint, icon } = PAYMENT_METHODS[method];
        return (
          <FormControlLabel
            key={method}
            value={method}
            disabled={disabled}
            control={<Radio />}
            data-testid={`pay-by-${method}`}
            sx={{ alignItems: 'flex-start', border: `1px solid ${value === method ? brand.indigo : brand.line}`, borderRadius: 3, m: 0, mb: 1.25, p: 1.25 }}
            label={
              <Box sx={{ display: 'flex', gap: 1.25, alignItems: 'flex-start', pt: 0.75 }}>
                <Box sx={{ color: brand.indigo, display: 'flex' }} aria-hidden="true">
                  {icon}
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 700, fontSize: 15 }}>{name}</Typography>
                  <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{hint}</Typography>
                </Box>
              </Box>
            }
          />
        );
      })}
    </RadioGroup>
  );
}
