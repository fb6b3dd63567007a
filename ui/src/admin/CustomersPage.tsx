import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { LoadError, Panel, useErrorNotice } from '../shared/common.tsx';
import { datePart } from '../shared/format.ts';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { brand } from '../shared/theme.ts';
import { useGetCustomersQuery } from './adminApi.ts';
import { AdminFrame, Pager } from './adminParts.tsx';
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
  const { q, page, typed, setTyped, go, search } = useListAddress();
  const list = useGetCustomersQuery({ q: q || undefined, page, perPage: PER_PAGE }, { refetchOnMountOrArgChange: true });
  useErrorNotice(list.error);
  const customers = list.data?.customers ?? [];

  return (
    <AdminFrame title="Customers" subtitle="Search by name or e-mail." testId="admin-customers">
      <Panel sx={{ p: { xs: 2, md: 2.5 }, mb: 2 }}>
        <Box component="form" role="search" aria-label="Find customers" onSubmit={search} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
          <TextField size="small" label="Name or e-mail" value={typed} onChange={(event) => setTyped(event.target.value)} slotProps={{ htmlInput: { maxLength: 200, spellCheck: false } }} sx={{ flex: '1 1 260px' }} />
          <Button type="submit" variant="contained">
            Search
          </Button>
        </Box>
      </Panel>
      {list.isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : customers.length === 0 ? (
        <Panel sx={{ p: 4, textAlign: 'center', color: brand.muted }}>
          <Typography>No customers match.</Typography>
        </Panel>
      ) : (
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
      )}
      <Pager page={page} totalPages={list.data?.totalPages ?? 0} onPage={(next) => go({ page: next })} label="Customer pages" />
    </AdminFrame>
  );
}
