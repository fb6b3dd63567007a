import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { stackedTableSx } from '../shared/tableStyles.ts';
import { brand } from '../shared/theme.ts';
import { rupees } from '../shared/format.ts';
import { StatusBadge } from '../shared/StatusBadge.tsx';
import { isCartState, isOrderState, localTime, type CartAuditState, type OrderAuditState } from './auditFormat.ts';

const mono = 'ui-monospace, SFMono-Regular, Menlo, monospace';

const tableSx = {
  ...stackedTableSx,
  '& td': { ...stackedTableSx['& td'], fontSize: 14.5, py: 1.5 },
  '& td.num, & th.num': { textAlign: { md: 'right' }, whiteSpace: 'nowrap' },
  '& .mono': { fontFamily: mono, fontSize: 12, color: brand.muted, overflowWrap: 'anywhere' },
} as const;

function Empty({ children, testId }: { children: string; testId: string }) {
  return (
    <Typography data-testid={testId} sx={{ color: brand.muted, py: 3, textAlign: 'center', bgcolor: '#f8f9fd', borderRadius: 3 }}>
      {children}
    </Typography>
  );
}

function Totals({ rows }: { rows: [string, string, string][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'end', columnGap: 3, rowGap: 0.5, m: 0, mt: 2, px: 2 }}>
      {rows.map(([label, value, testId]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Box component="dt" sx={{ color: brand.muted, fontWeight: 600 }}>
            {label}
          </Box>
          <Box component="dd" sx={{ m: 0, fontWeight: 800, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }} data-testid={testId}>
            {value}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

function CartState({ state }: { state: CartAuditState }) {
  if (state.lines.length === 0) return <Empty testId="audit-cart-empty">The cart was empty at this moment.</Empty>;
  return (
    <>
      <LinesTable label="Cart lines at this moment">
            {state.lines.map((line) => (
              <tr key={line.lineId} data-testid="audit-cart-line" data-product-id={line.productId}>
                <td data-cell="main">
                  <Box sx={{ fontWeight: 700 }}>{line.productTitle}</Box>
                  <Box className="mono">{line.productId}</Box>
                </td>
                <td data-label="Price" className="num">
                  {rupees(line.price)}
                </td>
                <td data-label="Quantity" className="num" data-testid="audit-line-quantity">
                  {line.quantity}
                </td>
                <td data-label="Subtotal" className="num" style={{ fontWeight: 800 }} data-testid="audit-line-subtotal">
                  {rupees(line.subTotal)}
                </td>
              </tr>
            ))}
      </LinesTable>
      <Totals
        rows={[
          ['Items', String(state.items), 'audit-cart-items'],
          ['Total', rupees(state.total), 'audit-cart-total'],
        ]}
      />
    </>
  );
}

function OrderState({ state }: { state: OrderAuditState }) {
  const { order } = state;
  if (!order) return <Empty testId="audit-order-none">The order had not been placed yet at this moment.</Empty>;
  return (
    <>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: { xs: 0.25, sm: 1 }, m: 0, mb: 2.5, '& dt': { color: brand.muted, fontWeight: 600, fontSize: 14 }, '& dd': { m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' } }}>
        <dt>Status</dt>
        <dd data-testid="audit-order-status">{state.status ? <StatusBadge status={state.status} /> : '—'}</dd>
        <dt>Amount</dt>
        <Box component="dd" sx={{ fontWeight: 800 }} data-testid="audit-order-amount">
          {rupees(order.amount)}
        </Box>
        <dt>Placed</dt>
        <dd>{localTime(order.date)}</dd>
        <dt>Payment id</dt>
        <Box component="dd" sx={{ fontFamily: mono, fontSize: 13 }}>
          {order.paymentId}
        </Box>
        <dt>User id</dt>
        <Box component="dd" sx={{ fontFamily: mono, fontSize: 13 }}>
          {order.userid}
        </Box>
      </Box>
      <LinesTable label="Products of the order">
            {order.products.map((product) => (
              <tr key={product.productId} data-testid="audit-order-product">
                <td data-cell="main">
                  <Box sx={{ fontWeight: 700 }}>{product.productTitle}</Box>
                  <Box className="mono">{product.productId}</Box>
                </td>
                <td data-label="Price" className="num">
                  {rupees(product.price)}
                </td>
                <td data-label="Quantity" className="num">
                  {product.quantity}
                </td>
                <td data-label="Subtotal" className="num" style={{ fontWeight: 800 }}>
                  {rupees(product.subTotal)}
                </td>
              </tr>
            ))}
      </LinesTable>
    </>
  );
}

/** Anything the page has no view for, as indented JSON (scrollable, focusable). */
function JsonState({ state }: { state: unknown }) {
  return (
    <Box
      component="pre"
      tabIndex={0}
      role="region"
      aria-label="State as JSON"
      data-testid="audit-state-json"
      sx={{ m: 0, p: 2, bgcolor: '#f8f9fd', border: `1px solid ${brand.line}`, borderRadius: 3, fontFamily: mono, fontSize: 13, lineHeight: 1.5, overflow: 'auto', maxHeight: 480, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {JSON.stringify(state, null, 2)}
    </Box>
  );
}

/** The state at the chosen moment: a cart's lines and total, an order's status and products, or JSON. */
export function AuditStateView({ kind, state }: { kind: string; state: unknown }) {
  if (kind === 'cart' && isCartState(state)) return <CartState state={state} />;
  if (kind === 'order' && isOrderState(state)) return <OrderState state={state} />;
  return <JsonState state={state} />;
}

/** The Product / Price / Quantity / Subtotal table shared by the cart and the order views. */
function LinesTable({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ border: `1px solid ${brand.line}`, borderRadius: 3, overflow: 'hidden' }}>
      <Box component="table" sx={tableSx} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col" className="num">
              Quantity
            </th>
            <th scope="col" className="num">
              Subtotal
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Box>
    </Box>
  );
}
