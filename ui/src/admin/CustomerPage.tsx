import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../api/messages.ts';
import { BusyButton, LoadError, Panel, useErrorNotice } from '../shared/common.tsx';
import { datePart, rupees } from '../shared/format.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { brand } from '../shared/theme.ts';
import { notifySuccess } from '../store/snackbarSlice.ts';
import { useAppDispatch } from '../store/store.ts';
import { useGetCustomerQuery, useSetCustomerAdminMutation, type AdminCustomerReply } from './adminApi.ts';
import { AdminDialog, AdminFrame, mono, shortTime } from './adminParts.tsx';
import { RoleBadge } from './CustomersPage.tsx';

function Section({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Panel component="section" aria-label={title} sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {`${title} (${count})`}
      </Typography>
      {count === 0 ? <Typography sx={{ color: brand.muted }}>None.</Typography> : children}
    </Panel>
  );
}

const rowSx = { display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center', gap: 1, py: 1, borderTop: `1px solid ${brand.line}` } as const;

/** Grant or revoke the admin role, after a yes; the server's refusal (the last admin) is shown as it says it. */
function RoleControl({ customer }: { customer: AdminCustomerReply['customer'] }) {
  const dispatch = useAppDispatch();
  const [setAdmin, { isLoading }] = useSetCustomerAdminMutation();
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const granting = !customer.isAdmin;

  const confirm = async () => {
    setRefusal(null);
    try {
      await setAdmin({ id: customer.id, isAdmin: granting }).unwrap();
      dispatch(notifySuccess(granting ? `${customer.name} is now an admin` : `${customer.name} is no longer an admin`));
    } catch (error) {
      setRefusal(errorMessage(error));
    } finally {
      setAsking(false);
    }
  };

  return (
    <Box>
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="role-refusal" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <Button variant="outlined" color={granting ? 'primary' : 'error'} onClick={() => setAsking(true)}>
        {granting ? 'Make admin' : 'Revoke admin'}
      </Button>
      <AdminDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={granting ? `Make ${customer.name} an admin?` : `Revoke ${customer.name}’s admin role?`}
        actions={
          <>
            <Button onClick={() => setAsking(false)}>Back</Button>
            <BusyButton variant="contained" color={granting ? 'primary' : 'error'} busy={isLoading} onClick={() => void confirm()}>
              {granting ? 'Yes, make admin' : 'Yes, revoke'}
            </BusyButton>
          </>
        }
      >
        <Typography>
          {granting
            ? 'They will be able to run the back office: orders, catalog, customers and the audit. It takes effect when they next sign in.'
            : 'They will no longer reach the back office once they next sign in.'}
        </Typography>
      </AdminDialog>
    </Box>
  );
}

function CustomerView({ data }: { data: AdminCustomerReply }) {
  const { customer, orders, cart, reviews } = data;
  const cartTotal = cart.reduce((sum, line) => sum + line.subTotal, 0);
  return (
    <AdminFrame title={customer.name} subtitle={customer.email} actions={<RoleControl customer={customer} />} testId="admin-customer">
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
        <Panel sx={{ p: { xs: 2, md: 3 }, display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, md: 4 }, alignItems: 'center' }}>
          <RoleBadge isAdmin={customer.isAdmin} />
          <Typography>{`Phone: ${customer.phone || '—'}`}</Typography>
          <Typography>{customer.isVerify ? 'E-mail verified' : 'E-mail not verified'}</Typography>
          <Typography>{`Joined ${datePart(customer.dateCreated)}`}</Typography>
          <Typography sx={{ fontFamily: mono, fontSize: 13, color: brand.muted, overflowWrap: 'anywhere' }}>{customer.id}</Typography>
          <Button component={Link} to={`/admin/audit?kind=cart&id=${encodeURIComponent(customer.id)}`} size="small">
            Audit the cart
          </Button>
        </Panel>
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
          <Section title="Orders" count={orders.length}>
            {orders.map((order) => (
              <Box key={order.id} sx={rowSx} data-testid="customer-order">
                <Box sx={{ minWidth: 0 }}>
                  <Link to={`/admin/orders/${encodeURIComponent(order.id)}`} style={{ fontFamily: mono, fontSize: 13, overflowWrap: 'anywhere' }}>
                    {order.id}
                  </Link>
                  <Box sx={{ color: brand.muted, fontSize: 13 }}>{shortTime(order.date)}</Box>
                </Box>
                <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                  <strong>{rupees(order.amount)}</strong>
                  <StatusBadge status={order.status} />
                </Box>
              </Box>
            ))}
          </Section>
          <Section title="Cart" count={cart.length}>
            {cart.map((line) => (
              <Box key={line.id} sx={rowSx}>
                <span>{`${line.productTitle} × ${line.quantity}`}</span>
                <strong>{rupees(line.subTotal)}</strong>
              </Box>
            ))}
            <Box sx={{ ...rowSx, fontWeight: 800 }}>
              <span>Total</span>
              <span>{rupees(cartTotal)}</span>
            </Box>
          </Section>
        </Box>
        <Section title="Reviews" count={reviews.length}>
          {reviews.map((review) => (
            <Box key={review.id} sx={{ ...rowSx, display: 'block' }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
                <strong>{`${review.customerRating} ★`}</strong>
                <Link to={`/product/${encodeURIComponent(review.productId)}`}>{review.productId}</Link>
                <Box component="span" sx={{ color: brand.muted, fontSize: 13 }}>
                  {datePart(review.dateCreated)}
                </Box>
              </Box>
              <Typography sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>{review.review}</Typography>
            </Box>
          ))}
        </Section>
      </Box>
    </AdminFrame>
  );
}

/** /admin/customers/:id: a customer's orders, cart and reviews, and their admin role. */
export default function CustomerPage() {
  const { id = '' } = useParams();
  const customer = useGetCustomerQuery(id, { refetchOnMountOrArgChange: true });
  useErrorNotice(customer.error);
  if (customer.isLoading) return <Skeleton variant="rounded" height={420} />;
  if (!customer.data) return <LoadError error={customer.error} onRetry={() => void customer.refetch()} />;
  return <CustomerView data={customer.data} />;
}
