import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { Link, useSearchParams } from 'react-router';
import { Panel, useErrorNotice } from '../shared/common.tsx';
import { rupees } from '../shared/format.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { brand } from '../shared/theme.ts';
import { ORDER_STATUSES, useGetAdminOrdersQuery, type OrderStatus } from './adminApi.ts';
import { AdminFrame, ListState, mono, Pager, SearchPanel, shortTime } from './adminParts.tsx';
import { useListAddress } from './listAddress.ts';

const PER_PAGE = 20;
const isStatus = (value: string | null): value is OrderStatus => ORDER_STATUSES.includes(value as OrderStatus);

/** /admin/orders?status=&q=&page=: every order, newest first; the filters live in the address bar. */
export default function OrdersPage() {
  const [params] = useSearchParams();
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const address = useListAddress({ status: status ?? '' });
  const { q, page, go: update } = address;
  const list = useGetAdminOrdersQuery({ status, q: q || undefined, page, perPage: PER_PAGE }, { refetchOnMountOrArgChange: true });
  useErrorNotice(list.error);
  const orders = list.data?.orders ?? [];

  return (
    <AdminFrame title="Orders" subtitle="Newest first. Search by order id, payment id or e-mail." testId="admin-orders">
      <SearchPanel address={address} label="Order id, payment id or e-mail" name="Find orders">
        <TextField
          select
          size="small"
          label="Status"
          value={status ?? ''}
          onChange={(event) => update({ status: event.target.value })}
          sx={{ minWidth: 160, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'orders-status-filter' } }}
        >
          <option value="">Any status</option>
          {ORDER_STATUSES.map((value) => (
            <option key={value} value={value}>
              {value.charAt(0).toUpperCase() + value.slice(1)}
            </option>
          ))}
        </TextField>
      </SearchPanel>
      <ListState query={list} rows={orders.length} empty="No orders match." emptyTestId="admin-orders-empty">
        <Panel sx={{ overflow: 'hidden', opacity: list.isFetching ? 0.6 : 1 }}>
          <Box sx={{ overflowX: { md: 'auto' } }}>
            <Box component="table" sx={{ ...stackedTableSx, '& td.mono': { fontFamily: mono, fontSize: 12.5, overflowWrap: 'anywhere' } }} data-testid="admin-orders-table">
              <thead>
                <tr>
                  <th>Order</th>
                  <th>Placed</th>
                  <th>Customer</th>
                  <th>Amount</th>
                  <th>Status</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.id} data-testid="admin-order-row" data-order-id={order.id}>
                    <td data-cell="main" className="mono">
                      <Link to={`/admin/orders/${encodeURIComponent(order.id)}`}>{order.id}</Link>
                    </td>
                    <td data-label="Placed">{shortTime(order.date)}</td>
                    <td data-label="Customer">
                      <Box sx={{ textAlign: { xs: 'right', md: 'left' }, minWidth: 0 }}>
                        <Box sx={{ fontWeight: 600 }}>{order.name}</Box>
                        <Box sx={{ color: brand.muted, fontSize: 13, overflowWrap: 'anywhere' }}>{order.email}</Box>
                      </Box>
                    </td>
                    <td data-label="Amount" style={{ whiteSpace: 'nowrap', fontWeight: 700 }}>
                      {rupees(order.amount)}
                    </td>
                    <td data-label="Status">
                      <StatusBadge status={order.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        </Panel>
      </ListState>
      <Pager page={page} totalPages={list.data?.totalPages ?? 0} onPage={(next) => update({ page: next })} label="Order pages" />
    </AdminFrame>
  );
}
