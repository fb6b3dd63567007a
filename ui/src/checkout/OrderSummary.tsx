import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { CartItem } from '../api/types.ts';
import { Panel } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';
import { CARD_NAME_LENGTH } from '../shared/constants.ts';
import { rupees, truncate } from '../shared/format.ts';

/**
 * Your Order: each line's title cut to 20 + "...", × quantity, its subtotal; the subtotal, each
 * discount by name (the server's pricing of the cart), shipping, gift wrap and the
 * cash-on-delivery fee when chosen, and the total in INR: the total the payment will ask for (a
 * gift card typed in pays part of it, and the payment says how much).
 */
export function OrderSummary({
  lines,
  total,
  discounts = [],
  deliveryFee = 0,
  wrapFee = 0,
  codFee = 0,
  giftCard = false,
  delivery,
  action,
}: {
  lines: readonly CartItem[];
  total: number;
  discounts?: readonly { label: string; amount: number }[];
  /** The fee under the free-delivery threshold, once the pincode's estimate is known. */
  deliveryFee?: number;
  /** Gift wrap, when the shopper asked for it. */
  wrapFee?: number;
  /** The cash-on-delivery fee, when the shopper pays that way. */
  codFee?: number;
  /** A gift card code was typed in: it pays part or all of the total at payment. */
  giftCard?: boolean;
  /** "Deliver to 560038 — by Thu, 3 Dec", or what is wrong with the pincode. */
  delivery?: ReactNode;
  action: ReactNode;
}) {
  return (
    <Panel component="aside" aria-label="Your order" data-testid="order-summary" sx={{ p: 3, position: { md: 'sticky' }, top: { md: 110 } }}>
      <Typography variant="h2" sx={{ fontSize: 16, letterSpacing: '.06em', fontWeight: 800 }}>
        YOUR ORDER
      </Typography>
      <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', mt: 1.5, '& th, & td': { py: 1.1, borderBottom: `1px solid ${brand.line}`, fontSize: 14.5 }, '& th': { color: brand.muted, fontSize: 12.5, textTransform: 'uppercase', letterSpacing: '.05em', textAlign: 'left' } }}>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" style={{ textAlign: 'right' }}>
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} data-testid="summary-line">
              <td title={line.productTitle}>
                <span data-testid="summary-title">{truncate(line.productTitle, CARD_NAME_LENGTH)}</span>{' '}
                <Box component="b" sx={{ color: brand.muted, whiteSpace: 'nowrap' }} data-testid="summary-quantity">
                  × {line.quantity}
                </Box>
              </td>
              <td style={{ textAlign: 'right', fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="summary-subtotal">
                {rupees(line.subTotal)}
              </td>
            </tr>
          ))}
          <tr>
            <td>Subtotal</td>
            <td style={{ textAlign: 'right', fontWeight: 700 }} data-testid="summary-total-sub">
              {rupees(total)}
            </td>
          </tr>
          {discounts.map((d) => (
            <tr key={`${d.label}-${d.amount}`} data-testid="summary-discount">
              <td>{d.label}</td>
              <Box component="td" sx={{ textAlign: 'right', fontWeight: 700, color: brand.green, whiteSpace: 'nowrap' }} data-testid="summary-discount-amount">
                −{rupees(d.amount)}
              </Box>
            </tr>
          ))}
          <tr>
            <td>Shipping</td>
            <Box component="td" sx={{ textAlign: 'right', fontWeight: 700, color: deliveryFee > 0 ? brand.ink : brand.green }} data-testid="summary-shipping">
              {deliveryFee > 0 ? rupees(deliveryFee) : 'Free'}
            </Box>
          </tr>
          {wrapFee > 0 && (
            <tr data-testid="summary-wrap">
              <td>Gift wrap</td>
              <td style={{ textAlign: 'right', fontWeight: 700 }}>{rupees(wrapFee)}</td>
            </tr>
          )}
          {codFee > 0 && (
            <tr data-testid="summary-cod-fee">
              <td>Cash on delivery fee</td>
              <td style={{ textAlign: 'right', fontWeight: 700 }}>{rupees(codFee)}</td>
            </tr>
          )}
        </tbody>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', mt: 1.5 }}>
        <Typography sx={{ fontWeight: 800 }}>Total</Typography>
        <Typography sx={{ fontWeight: 800, fontSize: 20, color: brand.red }} data-testid="summary-total">
          {rupees(total - discounts.reduce((sum, d) => sum + d.amount, 0) + deliveryFee + wrapFee + codFee)}
        </Typography>
      </Box>
      {giftCard && (
        <Typography sx={{ fontSize: 13.5, color: brand.muted, mt: 0.5 }} data-testid="summary-gift-card">
          Your gift card pays from this total; the payment shows what is left to pay.
        </Typography>
      )}
      {delivery}
      {action}
    </Panel>
  );
}
