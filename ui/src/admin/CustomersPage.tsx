import Box from '@mui/material/Box';
import { Link } from 'react-router';
import { Panel, useErrorNotice } from '../shared/common.tsx';
import { datePart } from '../shared/format.ts';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { brand } from '../shared/theme.ts';
import { useGetCustomersQuery } from './adminApi.ts';
import { AdminFrame, ListState, Pager, SearchPanel } from './adminParts.tsx';
import { useListAddress } from './listAddress.ts';

const PER_PAGE = 20;

export function RoleBadge({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Box component="span" sx={{ px: 1, py: 0.25, borderRadius: 999, fontSize: 12.5, fontWeight: 800, color: isAdmin ? '#fff' : brand.muted, bgcolor: isAdmin ? brand.indigo : '#eef0f5' }}>
      {isAdmin ? 'Admin' : 'Shopper'}
    </Box>
  );
}

/** /admin/customers?q=&page=: accounts by name or e-mail. */
export default function CustomersPage() {
  const address = useListAddress();
  const { q, page, go } = address;
  const list = useGetCustomersQuery({ q: q || undefined, page, perPage: PER_PAGE }, { refetchOnMountOrArgChange: true });
  useErrorNotice(list.error);
  const customers = list.data?.customers ?? [];

  return (
    <AdminFrame title="Customers" subtitle="Search by name or e-mail." testId="admin-customers">
      <SearchPanel address={address} label="Name or e-mail" name="Find customers" />
      <ListState query={list} rows={customers.length} empty="No customers match.">
        <Panel sx={{ overflow: 'hidden', opacity: list.isFetching ? 0.6 : 1 }}>
          <Box component="table" sx={stackedTableSx} data-testid="admin-customers-table">
            <thead>
              <tr>
                <th>Name</th>
                <th>E-mail</th>
                <th>Phone</th>
                <th>Orders</th>
                <th>Role</th>
                <th>Joined</th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={customer.id} data-testid="admin-customer-row">
                  <td data-cell="main">
                    <Link to={`/admin/customers/${encodeURIComponent(customer.id)}`} style={{ fontWeight: 700 }}>
                      {customer.name}
                    </Link>
                  </td>
                  <td data-label="E-mail" style={{ overflowWrap: 'anywhere' }}>
                    {customer.email}
                  </td>
                  <td data-label="Phone">{customer.phone || '—'}</td>
                  <td data-label="Orders">{customer.orders}</td>
                  <td data-label="Role">
                    <RoleBadge isAdmin={customer.isAdmin} />
                  </td>
                  <td data-label="Joined">{datePart(customer.dateCreated)}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </Panel>
      </ListState>
      <Pager page={page} totalPages={list.data?.totalPages ?? 0} onPage={(next) => go({ page: next })} label="Customer pages" />
    </AdminFrame>
  );
}
