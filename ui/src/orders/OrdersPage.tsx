import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { useGetOrdersQuery } from './ordersApi.ts';
import type { Order } from '../api/types.ts';
import { EmptyState, LoadError, PageFrame, useErrorNotice } from '../shared/common.tsx';
import { RequireShopper } from '../session/RequireShopper.tsx';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { brand } from '../shared/theme.ts';
import type { SessionUser } from '../session/storage.ts';
import { ExpectedDelivery, OrderLines } from './orderParts.tsx';
import { amount, cityAndState, orderDate } from './ordersFormat.ts';
import { deliveryPartyOf } from '@shop/contracts/order-statement';

/** One order as a card: number, date, status, the items with their pictures, where it goes, total, a link to its page. */
function OrderCard({ order }: { order: Order }) {
  const where = cityAndState(deliveryPartyOf(order));
  return (
    <Box
      component="section"
      aria-label={`Order ${order.id}`}
      data-testid="order-card"
      data-order-id={order.id}
      sx={{ bgcolor: '#fff', border: `1px solid ${brand.line}`, borderRadius: 4, p: { xs: 2, md: 2.5 } }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between', mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 14, overflowWrap: 'anywhere' }}>Order {order.id}</Typography>
          <Typography sx={{ fontSize: 13, color: brand.muted }} data-testid="order-date">
            Placed {orderDate(order.date)}
          </Typography>
        </Box>
        <StatusBadge status={order.status} />
      </Box>
      <OrderLines lines={order.products} compact />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mt: 1, pt: 1.5, borderTop: `1px solid ${brand.line}` }}>
        <Box>
          {where && (
            <Typography sx={{ fontSize: 14 }} data-testid="order-where">
              To {where}
            </Typography>
          )}
          <ExpectedDelivery order={order} />
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Typography sx={{ fontWeight: 800, whiteSpace: 'nowrap' }} data-testid="order-amount">
            {amount(order.amount)}
          </Typography>
          <Button component={Link} to={`/orders/${encodeURIComponent(order.id)}`} variant="outlined" size="small" data-testid="order-link" aria-label={`View order ${order.id}`}>
            View order
          </Button>
        </Box>
      </Box>
    </Box>
  );
}

function OrdersView({ user }: { user: SessionUser }) {
  const orders = useGetOrdersQuery(user.userId);
  useErrorNotice(orders.error);
  const list = orders.data ?? [];

  return (
    <PageFrame title="Orders" subtitle={orders.isSuccess ? (list.length === 1 ? 'You have placed 1 order' : `You have placed ${list.length} orders`) : orders.isError ? undefined : ' '} testId="orders-page" maxWidth="lg">
      {orders.isLoading ? (
        <Skeleton variant="rounded" height={220} />
      ) : orders.isError && !orders.data ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<ReceiptLongOutlinedIcon />} message="You have no orders yet" hint="Your orders will show up here once you check out." testId="orders-empty" />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }} data-testid="orders-list">
          {list.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </Box>
      )}
    </PageFrame>
  );
}

/** /orders: the shopper's orders, newest first, each a card linking to its own page. */
export default function OrdersPage() {
  return <RequireShopper>{(user) => <OrdersView user={user} />}</RequireShopper>;
}
