import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link, useParams } from 'react-router';
import type { Order } from '../api/types.ts';
import { PageFrame, SectionPanel } from '../shared/common.tsx';
import { RequireShopper } from '../session/RequireShopper.tsx';
import { brand } from '../shared/theme.ts';
import { DeliveryAddress, ExpectedDelivery, OrderLines, OrderTotals, PaymentSummary, WhatHappensNext, WithOrder } from './orderParts.tsx';

function Confirmation({ order }: { order: Order }) {
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, borderRadius: 4, bgcolor: '#e9f7ef', color: brand.green }} role="status">
        <CheckCircleOutlineIcon />
        <Typography sx={{ fontWeight: 700, color: brand.ink }}>
          Thank you, {order.name}. Your order{' '}
          <Box component="span" sx={{ overflowWrap: 'anywhere' }} data-testid="placed-order-number">
            {order.id}
          </Box>{' '}
          is placed.
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <SectionPanel title="Items" testId="order-items">
          <OrderLines lines={order.products} />
          <OrderTotals order={order} />
        </SectionPanel>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <SectionPanel title="What happens next">
            <Box sx={{ display: 'grid', gap: 1 }}>
              <WhatHappensNext order={order} />
              <ExpectedDelivery order={order} />
              <PaymentSummary order={order} />
            </Box>
          </SectionPanel>
          <SectionPanel title="Delivery address">
            <DeliveryAddress order={order} />
          </SectionPanel>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={Link} to={`/orders/${encodeURIComponent(order.id)}`} variant="contained" data-testid="placed-order-link">
              Follow your order
            </Button>
            <Button component={Link} to="/" variant="outlined">
              Continue shopping
            </Button>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}

/** /orders/:id/placed: where the storefront lands after a successful payment. */
export default function OrderPlacedPage() {
  const { id = '' } = useParams();
  return (
    <RequireShopper>
      {() => (
        <PageFrame title="Order placed" maxWidth="lg" testId="order-placed-page">
          <WithOrder id={id}>{(order) => <Confirmation order={order} />}</WithOrder>
        </PageFrame>
      )}
    </RequireShopper>
  );
}
