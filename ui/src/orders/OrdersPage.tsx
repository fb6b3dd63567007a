import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import { useState } from 'react';
import { useGetOrdersQuery } from './ordersApi.ts';
import type { Order } from '../api/types.ts';
import { EmptyState, LoadError, PageFrame, Panel, useErrorNotice } from '../shared/common.tsx';
import { RequireShopper } from '../session/RequireShopper.tsx';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { brand } from '../shared/theme.ts';
import type { SessionUser } from '../session/storage.ts';
import { OrderProductsDialog } from './OrderProductsDialog.tsx';
import { amount, ORDER_COLUMNS, orderDate } from './ordersFormat.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { ColumnHeads } from './ColumnHeads.tsx';


/** An e-mail address that may break after its @ (the table stays narrow enough for 1366 px). */
function EmailText({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

function OrdersView({ user }: { user: SessionUser }) {
  const orders = useGetOrdersQuery(user.userId);
  const [shown, setShown] = useState<Order | null>(null);
  useErrorNotice(orders.error);
  const list = orders.data ?? [];

  return (
    <PageFrame title="Orders" subtitle={orders.isSuccess ? (list.length === 1 ? 'You have placed 1 order' : `You have placed ${list.length} orders`) : orders.isError ? undefined : ' '} testId="orders-page">
      {orders.isLoading ? (
        <Skeleton variant="rounded" height={220} />
      ) : orders.isError && !orders.data ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<ReceiptLongOutlinedIcon />} message="You have no orders yet" hint="Your orders will show up here once you check out." testId="orders-empty" />
      ) : (
        <Panel sx={{ overflow: 'hidden' }}>
          <Box sx={{ overflowX: { md: 'auto' } }} tabIndex={0} role="region" aria-label="Orders">
            <Box
              component="table"
              data-testid="orders-table"
              sx={{
                ...stackedTableSx,
                '& td': { ...stackedTableSx['& td'], fontSize: 14, px: { md: 1.25 } },
                '& th': { ...stackedTableSx['& th'], px: { md: 1.25 }, whiteSpace: 'normal', verticalAlign: 'bottom' },
                '& td.mono': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 12.5, color: brand.muted, wordBreak: 'break-all', minWidth: { md: 96 } },
                '& td.email': { overflowWrap: { xs: 'anywhere', md: 'normal' } },
                '& tbody tr:hover td': { bgcolor: { md: '#fafbfe' } },
              }}
            >
              <ColumnHeads columns={ORDER_COLUMNS} />
              <tbody>
                {list.map((order) => (
                  <tr key={order.id} data-testid="order-row" data-order-id={order.id}>
                    <td data-label="Order Id" className="mono">
                      {order.id}
                    </td>
                    <td data-label="Payment Id" className="mono">
                      {order.paymentId}
                    </td>
                    <td data-label="Products">
                      <Link component="button" type="button" onClick={() => setShown(order)} sx={{ fontWeight: 700, textAlign: 'left' }} data-testid="order-products-link">
                        Click here to view
                      </Link>
                    </td>
                    <td data-label="Name" style={{ fontWeight: 600 }}>
                      {order.name}
                    </td>
                    <td data-label="Phone Number" style={{ whiteSpace: 'nowrap' }}>
                      {order.phoneNumber}
                    </td>
                    <td data-label="Address" style={{ minWidth: 160 }}>
                      {order.address}
                    </td>
                    <td data-label="Pincode">{order.pincode}</td>
                    <td data-label="Total Amount" style={{ fontWeight: 800, whiteSpace: 'nowrap' }} data-testid="order-amount">
                      {amount(order.amount)}
                    </td>
                    <td data-label="Email" className="email">
                      <EmailText email={order.email} />
                    </td>
                    <td data-label="User Id" className="mono">
                      {order.userid}
                    </td>
                    <td data-label="Order Status">
                      <StatusBadge status={order.status} />
                    </td>
                    <td data-label="Date" style={{ whiteSpace: 'nowrap' }} data-testid="order-date">
                      {orderDate(order.date)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        </Panel>
      )}
      {shown && <OrderProductsDialog order={shown} onClose={() => setShown(null)} />}
    </PageFrame>
  );
}

/** /orders: the shopper's orders, newest first, each with a products modal. */
export default function OrdersPage() {
  return <RequireShopper>{(user) => <OrdersView user={user} />}</RequireShopper>;
}
