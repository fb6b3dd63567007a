import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadError, Panel, useErrorNotice } from '../shared/common.tsx';
import { rupees } from '../shared/format.ts';
import { brand } from '../shared/theme.ts';
import { variantLabel } from '@shop/contracts/product-variants';
import { ORDER_STATUSES, useGetDashboardQuery, type DashboardReply } from './adminApi.ts';
import { AdminFrame } from './adminParts.tsx';
import { ReadModelsPanel } from './ReadModelsPanel.tsx';
import { ReceiveStockDialog } from './catalog/ReceiveStockDialog.tsx';

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Panel sx={{ p: { xs: 2, md: 2.5 } }} data-testid={testId}>
      <Typography sx={{ color: brand.muted, fontSize: 13.5, fontWeight: 700, textTransform: 'uppercase', letterSpacing: '.04em' }}>{label}</Typography>
      <Typography sx={{ fontSize: { xs: '1.5rem', md: '1.8rem' }, fontWeight: 800, fontVariantNumeric: 'tabular-nums' }} data-testid={`${testId}-value`}>
        {value}
      </Typography>
      {detail && <Typography sx={{ color: brand.muted, fontSize: 14 }}>{detail}</Typography>}
    </Panel>
  );
}

const orders = (n: number) => (n === 1 ? '1 order' : `${n} orders`);

type LowStockRow = DashboardReply['lowStock']['products'][number];

const stockText = (left: number) => (left === 0 ? 'Out of stock' : `${left} left`);

/** The variants that put a product on the list (the server sends them lowest first, which the receive dialog offers first). */
const lowVariants = (product: LowStockRow, threshold: number) => (product.variants ?? []).filter((variant) => variant.countInStock <= threshold);

/**
 * /admin: the read models' standing (rebuilds after an upgrade), today and the last 7 days (days of
 * the shop's time zone), orders per status (each a link to that list), low stock (each with
 * "Receive stock"), refunds owed.
 */
/**
 * Where net sales come from: what was sold, what cancels and returns took back, and gift cards
 * sold kept apart (money owed in goods; a sale only in the order that spends it).
 */
function SalesFigures({ sales }: { sales: DashboardReply['sales']['last7Days'] }) {
  const rows: [string, string, boolean][] = [
    ['Gross sales', rupees(sales.gross), false],
    ['Cancelled and returned', `−${rupees(sales.reversed)}`, false],
    ['Net sales', rupees(sales.revenue), true],
    ['Gift cards sold (owed in goods)', rupees(sales.giftCardsSold), false],
  ];
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, maxWidth: 420, '& dd': { m: 0, textAlign: 'right' } }}>
      {rows.map(([label, value, strong]) => (
        <Box key={label} sx={{ display: 'contents', fontWeight: strong ? 800 : 400, color: strong ? brand.ink : brand.muted }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </Box>
      ))}
    </Box>
  );
}

export default function DashboardPage() {
  const dashboard = useGetDashboardQuery(undefined, { refetchOnMountOrArgChange: 30 });
  useErrorNotice(dashboard.error);
  const [receiving, setReceiving] = useState<LowStockRow | null>(null);
  const data = dashboard.data;
  const subtitle = data ? `Days run midnight to midnight in ${data.timeZone}.` : undefined;
  return (
    <AdminFrame title="Dashboard" subtitle={subtitle} testId="admin-dashboard">
      <Box sx={{ mb: { xs: 2, md: 3 } }}>
        <ReadModelsPanel />
      </Box>
      {dashboard.isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : !data ? (
        <LoadError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 } }}>
          <Box sx={{ display: 'grid', gap: { xs: 1.5, md: 3 }, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            <Figure label="Orders today" value={String(data.today.orders)} testId="dash-today-orders" />
            <Figure label="Net sales today" value={rupees(data.today.revenue)} testId="dash-today-revenue" />
            <Figure label="Orders, 7 days" value={String(data.last7Days.orders)} testId="dash-week-orders" />
            <Figure label="Net sales, 7 days" value={rupees(data.last7Days.revenue)} testId="dash-week-revenue" />
          </Box>
          <Panel component="section" aria-label="Sales, 7 days" data-testid="dash-sales" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
              Sales, 7 days
            </Typography>
            <SalesFigures sales={data.sales.last7Days} />
          </Panel>
          <Panel component="section" aria-label="Orders per status" sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
              Orders per status
            </Typography>
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' } }}>
              {ORDER_STATUSES.map((status) => (
                <Box
                  key={status}
                  component={Link}
                  to={`/admin/orders?status=${status}`}
                  data-testid="dash-status"
                  data-status={status}
                  sx={{ display: 'block', p: 1.5, borderRadius: 3, border: `1px solid ${brand.line}`, color: 'inherit', textDecoration: 'none', '&:hover, &:focus-visible': { borderColor: brand.indigo, bgcolor: brand.indigoLight } }}
                >
                  <Typography component="span" sx={{ display: 'block', textTransform: 'capitalize', color: brand.muted, fontWeight: 700, fontSize: 14 }}>
                    {status}
                  </Typography>
                  <Typography component="span" sx={{ display: 'block', fontSize: '1.4rem', fontWeight: 800 }}>
                    {data.ordersByStatus[status] ?? 0}
                  </Typography>
                </Box>
              ))}
            </Box>
          </Panel>
          <Box sx={{ display: 'grid', gap: { xs: 2, md: 3 }, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' }, alignItems: 'start' }}>
            <Panel component="section" aria-label="Low on stock" sx={{ p: { xs: 2, md: 3 } }} data-testid="dash-low-stock">
              <Typography variant="h2" sx={{ fontSize: '1.15rem' }}>
                Low on stock
              </Typography>
              <Typography sx={{ color: brand.muted, fontSize: 14, mb: 1.5 }}>{`${data.lowStock.threshold} or fewer left`}</Typography>
              {data.lowStock.products.length === 0 ? (
                <Typography sx={{ color: brand.muted }}>No product is low on stock.</Typography>
              ) : (
                <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
                  {data.lowStock.products.map((product) => (
                    <Box component="li" key={product.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1, borderTop: `1px solid ${brand.line}` }}>
                      <Box sx={{ minWidth: 0 }}>
                        <Box component={Link} to={`/admin/products/${encodeURIComponent(product.id)}`} sx={{ color: brand.indigo, fontWeight: 600, overflowWrap: 'anywhere' }}>
                          {product.name}
                        </Box>
                        {lowVariants(product, data.lowStock.threshold).map((variant) => (
                          <Typography key={variant.sku} data-testid="low-variant" sx={{ fontSize: 13.5, color: variant.countInStock === 0 ? brand.red : brand.muted }}>
                            {`${variantLabel(variant.options)}: ${stockText(variant.countInStock)}`}
                          </Typography>
                        ))}
                      </Box>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexShrink: 0 }}>
                        <Box component="span" sx={{ fontWeight: 800, color: product.countInStock === 0 ? brand.red : brand.ink, whiteSpace: 'nowrap' }}>
                          {stockText(product.countInStock)}
                        </Box>
                        <Button size="small" onClick={() => setReceiving(product)} aria-label={`Receive stock of ${product.name}`}>
                          Receive stock
                        </Button>
                      </Box>
                    </Box>
                  ))}
                </Box>
              )}
            </Panel>
            <Figure label="Refunds owed" value={rupees(data.refundsOwed.amount)} detail={orders(data.refundsOwed.count)} testId="dash-refunds" />
          </Box>
        </Box>
      )}
      {receiving && (
        <ReceiveStockDialog
          product={receiving}
          onClose={() => {
            setReceiving(null);
            void dashboard.refetch();
          }}
        />
      )}
    </AdminFrame>
  );
}
