import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import { useGetOrderQuery } from './ordersApi.ts';
import type { Order } from '../api/types.ts';
import { PageFrame, SectionPanel } from '../shared/common.tsx';
import { RequireShopper } from '../session/RequireShopper.tsx';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { brand } from '../shared/theme.ts';
import { DeliveryAddress, ExpectedDelivery, OrderLines, OrderTotals, PaymentSummary, StatusTimeline, Tracking, WhatHappensNext, WithOrder } from './orderParts.tsx';
import { orderDate } from './ordersFormat.ts';
import { TaxDocuments } from '../shared/TaxDocuments.tsx';

function OrderView({ order }: { order: Order }) {
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        <SectionPanel title="Items" testId="order-items">
          <OrderLines lines={order.products} />
          <OrderTotals order={order} />
        </SectionPanel>
        <SectionPanel title="Delivery address">
          <DeliveryAddress order={order} />
        </SectionPanel>
      </Box>
      {/* On a phone the status comes first: it is what a shopper opens the page for. */}
      <Box sx={{ display: 'grid', gap: 2, order: { xs: -1, md: 0 } }}>
        <SectionPanel title="Status" testId="order-status-panel">
          <Box sx={{ display: 'grid', gap: 1.5 }}>
            <WhatHappensNext order={order} />
            <ExpectedDelivery order={order} />
            <Tracking order={order} />
            <StatusTimeline order={order} />
          </Box>
        </SectionPanel>
        {order.paymentMethod && (
          <SectionPanel title="Payment">
            <PaymentSummary order={order} />
          </SectionPanel>
        )}
        <SectionPanel title="Tax invoice">
          <TaxDocuments base={`/api/orders/${encodeURIComponent(order.id)}`} status={order.status} />
        </SectionPanel>
        {/* The shopper's actions on an order (cancel, return) go here as their commands land. */}
      </Box>
    </Box>
  );
}

/** /orders/:id: one order of the shopper's, its timeline, tracking, payment and delivery address. */
export default function OrderPage() {
  const { id = '' } = useParams();
  return (
    <RequireShopper>
      {() => (
        <PageFrame title="Order" maxWidth="lg" testId="order-page" subtitle={<OrderHeading id={id} />}>
          <WithOrder id={id}>{(order) => <OrderView order={order} />}</WithOrder>
          <Button component={Link} to="/orders" sx={{ mt: 2 }}>
            All your orders
          </Button>
        </PageFrame>
      )}
    </RequireShopper>
  );
}

/** "Order 1a2b… placed 2026-01-05" and its status badge, once the order has loaded. */
function OrderHeading({ id }: { id: string }) {
  const order = useGetOrderQuery(id);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
      <Box component="span" sx={{ overflowWrap: 'anywhere', color: brand.muted }} data-testid="order-number">
        {id}
      </Box>
      {order.data && (
        <>
          <Typography component="span" sx={{ fontSize: 14 }}>
            placed {orderDate(order.data.date)}
          </Typography>
          <StatusBadge status={order.data.status} />
        </>
      )}
    </Box>
  );
}
