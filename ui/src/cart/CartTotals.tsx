import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FREE_DELIVERY_OVER } from '@shop/contracts/constants';
import { DeliveryCheck, useDeliveryEstimate } from '../shared/DeliveryCheck.tsx';
import { lastPincode } from '../shared/delivery.ts';
import { rupees } from '../shared/format.ts';
import { Panel } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';
import { useGetCartPricingQuery } from '../api/promotionsApi.ts';
import { CouponBox } from './CouponBox.tsx';

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, py: 1.1 }}>
      <Box component="span" sx={{ color: strong ? brand.ink : 'text.secondary', fontWeight: strong ? 700 : 500 }}>
        {label}
      </Box>
      <Box component="span" sx={{ fontWeight: 700, textAlign: 'right' }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * CART TOTALS: Subtotal, Shipping (free from the threshold up, else the fee for the shopper's
 * pincode), the estimate for India with a Pincode box, Total, Checkout. The checkout decides the
 * fee again on the server; this is what it will say. Discounts (a sale, the coupon, the first
 * order's) are the server's pricing of the cart, asked for again whenever `cartKey` changes.
 */
export function CartTotals({ amount, disabled, cartKey }: { amount: number; disabled: boolean; cartKey: string }) {
  const { data: pricing } = useGetCartPricingQuery(cartKey);
  const discounts = pricing?.discounts ?? [];
  const off = discounts.reduce((sum, d) => sum + d.amount, 0);
  const [pincode, setPincode] = useState(lastPincode);
  const estimate = useDeliveryEstimate(pincode);
  const free = amount >= FREE_DELIVERY_OVER;
  const fee = free ? 0 : estimate?.serviceable ? estimate.fee : null;
  return (
    <Panel component="aside" aria-label="Cart totals" data-testid="cart-totals" sx={{ p: 3, position: { md: 'sticky' }, top: { md: 110 } }}>
      <Typography variant="h2" component="h2" sx={{ fontSize: 16, letterSpacing: '.06em', fontWeight: 800 }}>
        CART TOTALS
      </Typography>
      <Divider sx={{ my: 1.5 }} />
      <Row label="Subtotal">
        <Box component="span" sx={{ color: brand.red }} data-testid="cart-subtotal">
          {rupees(amount)}
        </Box>
      </Row>
      {discounts.map((d) => (
        <Row key={`${d.label}-${d.amount}`} label={d.label}>
          <Box component="span" sx={{ color: brand.green }} data-testid="cart-discount">
            −{rupees(d.amount)}
          </Box>
        </Row>
      ))}
      <CouponBox pricing={pricing} />
      <Row label="Shipping">
        <Box component="span" sx={{ color: fee ? brand.ink : brand.green }} data-testid="cart-shipping">
          {fee === null ? 'Enter your Pincode' : fee === 0 ? 'Free' : rupees(fee)}
        </Box>
      </Row>
      <Row label="Estimate for">India</Row>
      <DeliveryCheck onEstimate={setPincode} />
      <Divider sx={{ my: 1 }} />
      <Row label="Total" strong>
        <Box component="span" sx={{ color: brand.red, fontSize: 19 }} data-testid="cart-grand-total">
          {rupees(amount - off + (fee ?? 0))}
        </Box>
      </Row>
      <Button
        component={Link}
        to="/checkout"
        variant="contained"
        size="large"
        fullWidth
        startIcon={<LockOutlinedIcon />}
        disabled={disabled}
        sx={{ mt: 2, height: 50 }}
        data-testid="cart-checkout"
      >
        Checkout
      </Button>
      <Typography sx={{ mt: 1.5, fontSize: 12.5, color: 'text.secondary', textAlign: 'center' }}>Free delivery on orders over {rupees(FREE_DELIVERY_OVER)} · secure payment</Typography>
    </Panel>
  );
}
