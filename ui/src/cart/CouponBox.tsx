import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../api/messages.ts';
import { useApplyCouponMutation, useRemoveCouponMutation, type CartPricing } from '../api/promotionsApi.ts';
import { brand } from '../shared/theme.ts';

/**
 * The coupon field of the cart: the server checks the code against the cart and answers with the
 * discounts or why the code does not apply; the applied code can be taken off again.
 */
export function CouponBox({ pricing }: { pricing: CartPricing | undefined }) {
  const [code, setCode] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [apply, applying] = useApplyCouponMutation();
  const [remove, removing] = useRemoveCouponMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return;
    try {
      await apply({ code: code.trim() }).unwrap();
      setRefusal(null);
      setCode('');
    } catch (err) {
      setRefusal(errorMessage(err, 'The coupon could not be applied.'));
    }
  }

  if (pricing?.code) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, py: 1 }} data-testid="coupon-applied">
        <Box component="span" sx={{ fontWeight: 700, color: brand.green }}>
          Coupon {pricing.code}
          {pricing.couponRefused && (
            <Box component="span" sx={{ display: 'block', fontWeight: 500, color: brand.red, fontSize: 13 }}>
              {pricing.couponRefused}
            </Box>
          )}
        </Box>
        <Button size="small" disabled={removing.isLoading} onClick={() => void remove()} data-testid="coupon-remove">
          Remove
        </Button>
      </Box>
    );
  }
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'flex', gap: 1, py: 1 }} aria-label="Coupon">
      <TextField
        size="small"
        label="Coupon code"
        value={code}
        onChange={(e) => setCode(e.target.value.slice(0, 32))}
        error={refusal !== null}
        helperText={refusal ?? undefined}
        slotProps={{ htmlInput: { 'data-testid': 'coupon-code', maxLength: 32, autoCapitalize: 'characters' } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="outlined" disabled={applying.isLoading} data-testid="coupon-apply">
        Apply
      </Button>
    </Box>
  );
}
