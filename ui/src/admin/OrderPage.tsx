import { variantLabel } from '@shop/contracts/product-variants';
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../api/messages.ts';
import { BusyButton, LoadError, SectionPanel as Section, useErrorNotice } from '../shared/common.tsx';
import { rupees } from '../shared/format.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { TaxDocuments } from '../shared/TaxDocuments.tsx';
import { OrderFigures, PartyAddress } from '../shared/OrderFigures.tsx';
import { billingPartyOf, deliveryPartyOf } from '@shop/contracts/order-statement';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { brand } from '../shared/theme.ts';
import { notifySuccess } from '../store/snackbarSlice.ts';
import { useAppDispatch } from '../store/store.ts';
import { NEXT_STATUSES, useChangeOrderStatusMutation, useGetAdminOrderQuery, useMarkCashCollectedMutation, type AdminOrderReply, type OrderStatus, type TransitionRefusal } from './adminApi.ts';
import { AdminDialog, AdminFrame, mono, shortTime } from './adminParts.tsx';
import { personLabel } from './auditFormat.ts';

const ACTION_LABELS: Record<OrderStatus, string> = {
  pending: 'Back to pending',
  confirmed: 'Confirm',
  shipped: 'Ship',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
  returned: 'Returned to origin (undelivered)',
};

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(90px, auto) 1fr', columnGap: 2, rowGap: 0.75, m: 0 }}>
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: brand.muted, fontWeight: 600 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * Cash on delivery, delivered: the courier's cash is marked in, once (the order records the amount
 * and the admin; revenue counts it from then). Shown only while the cash is still due.
 */
function CashCollected({ order }: { order: AdminOrderReply }) {
  const dispatch = useAppDispatch();
  const [mark, { isLoading }] = useMarkCashCollectedMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const press = async () => {
    setRefusal(null);
    try {
      await mark({ id: order.id }).unwrap();
      dispatch(notifySuccess(`Cash of ${rupees(order.amount)} collected`));
    } catch (error) {
      setRefusal(errorMessage(error));
    }
  };
  return (
    <Box sx={{ mt: 1.5 }}>
      {refusal && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <BusyButton variant="contained" busy={isLoading} onClick={() => void press()} data-testid="cash-collected">
        {`Cash collected (${rupees(order.amount)})`}
      </BusyButton>
    </Box>
  );
}

/** The status change being confirmed: shipping asks for a tracking number, cancelling for a yes. */
type Asking = { status: 'shipped' } | { status: 'cancelled' } | null;

function Actions({ order }: { order: AdminOrderReply }) {
  const dispatch = useAppDispatch();
  const [change, { isLoading }] = useChangeOrderStatusMutation();
  const [asking, setAsking] = useState<Asking>(null);
  const [tracking, setTracking] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const next = NEXT_STATUSES[order.status] ?? [];
  const cashDue = order.paymentMethod === 'cod' && order.status === 'delivered' && !order.cashCollected;

  const send = async (status: OrderStatus, trackingNumber?: string) => {
    setRefusal(null);
    try {
      await change({ id: order.id, status, trackingNumber }).unwrap();
      setAsking(null);
      setTracking('');
      dispatch(notifySuccess(`Order ${status}`));
    } catch (error) {
      setAsking(null);
      const body = (error as { data?: TransitionRefusal }).data;
      const allowed = body?.allowed;
      // A 409 means the order moved on elsewhere: the mutation's tags refetch it, so the page shows it as it is now.
      setRefusal(`${errorMessage(error)}${allowed ? ` Allowed next: ${allowed.length ? allowed.join(', ') : 'none'}.` : ''}`);
    }
  };
  const press = (status: OrderStatus) => {
    if (status === 'shipped' || status === 'cancelled') setAsking({ status });
    else void send(status);
  };
  const ship = (event: FormEvent) => {
    event.preventDefault();
    void send('shipped', tracking.trim() || undefined);
  };

  return (
    <Box data-testid="order-actions">
      {refusal && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="order-refusal" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      {next.length === 0 && !cashDue ? (
        <Typography sx={{ color: brand.muted }}>{`This order is ${order.status}; nothing more to do.`}</Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {next.map((status) => (
            <BusyButton key={status} busy={isLoading && asking === null} variant={status === 'cancelled' ? 'outlined' : 'contained'} color={status === 'cancelled' ? 'error' : 'primary'} onClick={() => press(status)}>
              {ACTION_LABELS[status]}
            </BusyButton>
          ))}
        </Box>
      )}
      <AdminDialog
        open={asking?.status === 'shipped'}
        onClose={() => setAsking(null)}
        title="Ship this order"
        onSubmit={ship}
        actions={
          <>
            <Button onClick={() => setAsking(null)}>Back</Button>
            <BusyButton type="submit" variant="contained" busy={isLoading}>
              Ship order
            </BusyButton>
          </>
        }
      >
        <Typography sx={{ mb: 2 }}>The carrier’s tracking number, shown to the shopper (leave blank if there is none).</Typography>
        <TextField autoFocus fullWidth label="Tracking number" value={tracking} onChange={(event) => setTracking(event.target.value)} slotProps={{ htmlInput: { maxLength: 64, spellCheck: false } }} />
      </AdminDialog>
      <AdminDialog
        open={asking?.status === 'cancelled'}
        onClose={() => setAsking(null)}
        title="Cancel this order?"
        actions={
          <>
            <Button onClick={() => setAsking(null)}>Keep the order</Button>
            <BusyButton variant="contained" color="error" busy={isLoading} onClick={() => void send('cancelled')}>
              Yes, cancel it
            </BusyButton>
          </>
        }
      >
        <Typography>{`Its stock goes back on sale and a refund of ${rupees(order.amount)} is owed to the shopper. This cannot be undone.`}</Typography>
      </AdminDialog>
      {cashDue && <CashCollected order={order} />}
    </Box>
  );
}

/** What the shopper was not told: each order e-mail the mail server refused (or never took). */
function RefusedMails({ mails }: { mails: NonNullable<AdminOrderReply['refusedMails']> }) {
  return (
    <>
      {mails.map((refused, index) => (
        <Alert key={`${refused.at}-${index}`} severity="warning" data-testid="admin-order-mail-refused">
          {`${refused.mail === 'placed' ? 'Confirmation e-mail' : `E-mail about the order being ${refused.status ?? 'updated'}`} refused: ${refused.reason}`}
          <Box component="span" sx={{ color: brand.muted }}>{` · ${shortTime(refused.at)}`}</Box>
        </Alert>
      ))}
    </>
  );
}

/** Who took a step: the account's name and e-mail, or the id as recorded (no account: the system, a tool). */
function personName(people: AdminOrderReply['people'] | undefined, id: string): string {
  const person = people?.[id];
  return person ? personLabel(person) : id;
}

function OrderView({ order }: { order: AdminOrderReply }) {
  return (
    <AdminFrame
      title={`Order ${order.id}`}
      subtitle={`Placed ${shortTime(order.date)} by ${order.name}`}
      actions={
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button component={Link} to={`/admin/orders/${encodeURIComponent(order.id)}/packing-slip`} variant="outlined" data-testid="packing-slip-link">
            {order.gift ? 'Packing slip (gift)' : 'Packing slip'}
          </Button>
          <Button component={Link} to={`/admin/audit?kind=order&id=${encodeURIComponent(order.id)}`} startIcon={<HistoryIcon />} variant="outlined">
            Audit timeline
          </Button>
        </Box>
      }
      testId="admin-order"
    >
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
          {order.refusedMails?.length ? <RefusedMails mails={order.refusedMails} /> : null}
          <Section title="Status">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2, flexWrap: 'wrap' }}>
              <span data-testid="admin-order-status">
                <StatusBadge status={order.status} />
              </span>
              {order.trackingNumber && <Typography sx={{ fontFamily: mono, fontSize: 14 }}>{`Tracking ${order.trackingNumber}`}</Typography>}
            </Box>
            <Actions order={order} />
          </Section>
          <Section title="Lines">
            <Box component="table" sx={{ ...stackedTableSx, '& td': { ...stackedTableSx['& td'], fontSize: 14.5 } }}>
              <thead>
                <tr>
                  <th>Product</th>
                  <th>Quantity</th>
                  <th>Price</th>
                  <th>Subtotal</th>
                </tr>
              </thead>
              <tbody>
                {order.products.map((line) => (
                  <tr key={line.lineId} data-testid="admin-order-line">
                    <td data-cell="main">
                      <Box sx={{ fontWeight: 700 }}>{line.productTitle}</Box>
                      {variantLabel(line) && (
                        <Box data-testid="admin-order-line-variant" sx={{ fontSize: 13.5 }}>
                          {variantLabel(line)}
                        </Box>
                      )}
                      <Box sx={{ fontFamily: mono, fontSize: 12, color: brand.muted }}>{line.sku ? `SKU ${line.sku} · ${line.productId}` : line.productId}</Box>
                    </td>
                    <td data-label="Quantity">{line.quantity}</td>
                    <td data-label="Price">{rupees(line.price)}</td>
                    <td data-label="Subtotal" style={{ fontWeight: 700 }}>
                      {rupees(line.subTotal)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Section>
          <Section title="Status history" testId="admin-order-history">
            {/* A step names its admin by e-mail, one long word: it breaks rather than widen a phone's page. */}
            <Box component="ol" sx={{ m: 0, pl: 2.5, overflowWrap: 'anywhere' }}>
              {order.history.map((step, index) => (
                <Box component="li" key={`${step.at}-${index}`} sx={{ py: 0.5 }}>
                  <Box component="span" sx={{ fontWeight: 700, textTransform: 'capitalize' }}>
                    {step.from ? `${step.from} → ${step.to}` : `Placed (${step.to})`}
                  </Box>
                  <Box component="span" sx={{ color: brand.muted }}>{` · ${shortTime(step.at)} · by ${personName(order.people, step.by)}`}</Box>
                  {step.trackingNumber && <Box component="span" sx={{ fontFamily: mono, fontSize: 13 }}>{` · tracking ${step.trackingNumber}`}</Box>}
                </Box>
              ))}
            </Box>
          </Section>
        </Box>
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
          <Section title="Payment">
            <OrderFigures order={order} />
            <Box sx={{ mt: 1.5 }}>
              <Facts
                rows={[
                  ['Payment id', <span key="p" style={{ fontFamily: mono, fontSize: 13 }}>{order.paymentId}</span>],
                  ['Provider order', <span key="o" style={{ fontFamily: mono, fontSize: 13 }}>{order.providerOrderId}</span>],
                ]}
              />
            </Box>
          </Section>
          <Section title="Tax invoice">
            <TaxDocuments base={`/api/admin/orders/${encodeURIComponent(order.id)}`} status={order.status} />
          </Section>
          <Section title="Deliver to">
            <PartyAddress party={deliveryPartyOf(order)} testId="admin-order-delivery" />
          </Section>
          <Section title="Billed to">
            <PartyAddress party={billingPartyOf(order)} testId="admin-order-billing" />
            <Box sx={{ mt: 1 }}>
              <Facts
                rows={[
                  ['E-mail', order.email],
                  ['Customer', <Link key="c" to={`/admin/customers/${encodeURIComponent(order.userid)}`}>{order.userid}</Link>],
                ]}
              />
            </Box>
          </Section>
        </Box>
      </Box>
    </AdminFrame>
  );
}

/** /admin/orders/:id: one order, its history and the status changes the decider allows from here. */
export default function OrderPage() {
  const { id = '' } = useParams();
  const order = useGetAdminOrderQuery(id, { refetchOnMountOrArgChange: true });
  useErrorNotice(order.error);
  if (order.isLoading) return <Skeleton variant="rounded" height={420} />;
  if (!order.data) return <LoadError error={order.error} onRetry={() => void order.refetch()} />;
  return <OrderView order={order.data} />;
}
