import { rupees } from '../shared/format.ts';
import LocalShippingOutlinedIcon from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { Order, OrderLine } from '../api/types.ts';
import { LoadError, useErrorNotice } from '../shared/common.tsx';
import { StatusBadge, TONE_COLOURS, statusTone } from '../shared/StatusBadge.tsx';
import { brand } from '../shared/theme.ts';
import { useGetOrderQuery } from './ordersApi.ts';
import { billingPartyOf, deliveryPartyOf, shipsElsewhere } from '@shop/contracts/order-statement';
import { OrderFigures, PartyAddress } from '../shared/OrderFigures.tsx';
import { amount, deliveryDay, lineTitle, orderMoment, PAYMENT_METHOD_LABELS, variantLabels, WHAT_HAPPENS_NEXT } from './ordersFormat.ts';

// The order's pieces, each on its own so the confirmation page, the order page and the cards
// put together what they need, and features still to come (invoice, returns) slot in beside them.

/** Loads one of the shopper's orders and renders `children` with it, or the skeleton, or the error. */
export function WithOrder({ id, children }: { id: string; children: (order: Order) => ReactNode }) {
  const order = useGetOrderQuery(id);
  useErrorNotice(order.error);
  if (order.data) return <>{children(order.data)}</>;
  if (order.isError) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  return <Skeleton variant="rounded" height={320} />;
}

/** One line: picture, title, the variant chosen, quantity × price and the line's total. */
function LineRow({ line, compact }: { line: OrderLine; compact: boolean }) {
  const variants = variantLabels(line);
  const size = compact ? 48 : 64;
  return (
    <Box component="li" data-testid="order-line" sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1, '& + &': { borderTop: `1px solid ${brand.line}` } }}>
      <Box component="img" src={line.image} alt="" width={size} height={size} loading="lazy" sx={{ flex: 'none', borderRadius: 2, objectFit: 'cover', bgcolor: '#f1f4fa' }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography title={line.productTitle} sx={{ fontWeight: 600, fontSize: 14.5, overflowWrap: 'anywhere' }} data-testid="order-line-title">
          {lineTitle(line.productTitle)}
        </Typography>
        {variants.length > 0 && (
          <Typography sx={{ fontSize: 13, color: brand.muted }} data-testid="order-line-variant">
            {variants.join(' · ')}
          </Typography>
        )}
        <Typography sx={{ fontSize: 13, color: brand.muted }}>
          {line.quantity} × {amount(line.price)}
        </Typography>
      </Box>
      <Typography sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>{amount(line.subTotal)}</Typography>
    </Box>
  );
}

/** The order's lines with their pictures and variants. */
export function OrderLines({ lines, compact = false }: { lines: OrderLine[]; compact?: boolean }) {
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="order-lines">
      {lines.map((line, index) => (
        <LineRow key={`${line.productId}-${index}`} line={line} compact={compact} />
      ))}
    </Box>
  );
}

/** The order's figures row by row, its total and, when a gift card paid part, what was left to pay. */
export function OrderTotals({ order }: { order: Order }) {
  return <OrderFigures order={order} />;
}

/**
 * Where the parcel goes (a gift's recipient when it was sent to another address), and who is
 * billed when that is someone else: the packer and the shopper read the same party.
 */
export function DeliveryAddress({ order }: { order: Order }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <PartyAddress party={deliveryPartyOf(order)} testId="order-address" />
      {shipsElsewhere(order) && (
        <Box>
          <Typography sx={{ fontSize: 13, color: brand.muted }}>Billed to</Typography>
          <PartyAddress party={billingPartyOf(order)} testId="order-billing-address" />
        </Box>
      )}
    </Box>
  );
}

/** "Expected by Thu, 8 Jan", when the shop estimated a date (nothing otherwise). */
export function ExpectedDelivery({ order }: { order: Order }) {
  if (!order.deliverBy || order.status === 'delivered' || order.status === 'cancelled') return null;
  return (
    <Typography sx={{ fontSize: 14, display: 'flex', alignItems: 'center', gap: 0.75 }} data-testid="order-deliver-by">
      <LocalShippingOutlinedIcon fontSize="small" sx={{ color: brand.muted }} />
      Expected by {deliveryDay(order.deliverBy)}
    </Typography>
  );
}

/** Each status the order reached, with its date and time, coloured as its badge is. */
export function StatusTimeline({ order }: { order: Order }) {
  // Orders served before the history was kept still show where they are now.
  const steps = order.history?.length ? order.history : [{ status: order.status, at: order.date }];
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="order-timeline">
      {steps.map((step, index) => (
        <Box
          component="li"
          key={`${step.status}-${index}`}
          data-testid="order-timeline-step"
          data-status={step.status}
          sx={{ position: 'relative', pl: 3.5, pb: index < steps.length - 1 ? 2 : 0, '&::before': index < steps.length - 1 ? { content: '""', position: 'absolute', left: 7, top: 18, bottom: 0, width: 2, bgcolor: brand.line } : {} }}
        >
          <Box aria-hidden sx={{ position: 'absolute', left: 0, top: 3, width: 16, height: 16, borderRadius: '50%', bgcolor: TONE_COLOURS[statusTone(step.status)] }} />
          <StatusBadge status={step.status} testId="order-timeline-status" />
          <Typography component="time" dateTime={step.at} sx={{ display: 'block', fontSize: 13.5, color: brand.muted, mt: 0.5 }}>
            {orderMoment(step.at)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The carrier's tracking number and a link to follow the parcel, once the order shipped with one. */
export function Tracking({ order }: { order: Order }) {
  if (!order.trackingNumber) return null;
  return (
    <Box data-testid="order-tracking">
      <Typography sx={{ fontSize: 14, color: brand.muted }}>Tracking number</Typography>
      <Typography sx={{ fontWeight: 700, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', overflowWrap: 'anywhere' }} data-testid="order-tracking-number">
        {order.trackingNumber}
      </Typography>
      {order.trackingUrl && (
        <Link href={order.trackingUrl} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 700 }} data-testid="order-tracking-link">
          Track your parcel
        </Link>
      )}
    </Box>
  );
}

/** How the shopper paid and where that stands, when the order says (nothing otherwise). */
export function PaymentSummary({ order }: { order: Order }) {
  if (!order.paymentMethod) return null;
  // An order paid online exists only once its payment went through; cash is collected by the
  // courier, which the order does not record here (so a delivered COD order claims nothing).
  const state = order.paymentMethod !== 'cod' ? 'Paid' : order.status === 'delivered' || order.status === 'cancelled' ? null : 'Pay when it arrives';
  return (
    <Typography data-testid="order-payment">
      {PAYMENT_METHOD_LABELS[order.paymentMethod]}
      {state && ` · ${state}`}
      {order.giftCard && order.paymentMethod !== 'gift-card' && ` · gift card ••${order.giftCard.codeLast4} paid ${rupees(order.giftCard.applied)}`}
      {order.gift && ` · sent as a gift${order.gift.wrap ? `, wrapped (${rupees(order.gift.wrapFee)})` : ''}`}
    </Typography>
  );
}

/** What the shopper can expect next, for the order's status. */
export function WhatHappensNext({ order }: { order: Order }) {
  return <Typography data-testid="order-next">{WHAT_HAPPENS_NEXT[order.status] ?? ''}</Typography>;
}
