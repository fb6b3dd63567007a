import { variantLabel } from '@shop/contracts/product-variants';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import { useGetOrderQuery } from './ordersApi.ts';
import { errorMessage } from '../api/messages.ts';
import type { Order } from '../api/types.ts';
import { useErrorNotice } from '../shared/common.tsx';
import { brand } from '../shared/theme.ts';
import { amount, modalTitle, PRODUCT_COLUMNS } from './ordersFormat.ts';
import { ColumnHeads } from './ColumnHeads.tsx';

/** The products of one order (GET /api/orders/{id}): Product Id, Title, Image, Quantity, Price, SubTotal. */
export function OrderProductsDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const detail = useGetOrderQuery(order.id);
  useErrorNotice(detail.error);
  const products = detail.data?.products ?? (detail.isError ? order.products : undefined);
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="order-products-title" data-testid="order-products" slotProps={{ paper: { sx: { borderRadius: 4 } } }}>
      <DialogTitle id="order-products-title" sx={{ pr: 7 }}>
        Products of order <Box component="span" sx={{ color: brand.muted, fontWeight: 600, fontSize: 15, wordBreak: 'break-all' }}>{order.id}</Box>
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {detail.isError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {errorMessage(detail.error)} Showing the products saved with the list.
          </Alert>
        )}
        {!products ? (
          <Skeleton variant="rounded" height={160} />
        ) : (
          <Box sx={{ overflowX: 'auto' }}>
            <Box
              component="table"
              sx={{
                width: '100%',
                minWidth: 560,
                borderCollapse: 'collapse',
                '& th': { textAlign: 'left', fontSize: 12.5, color: brand.muted, textTransform: 'uppercase', letterSpacing: '.05em', bgcolor: '#f8f9fd', px: 1.5, py: 1.25, whiteSpace: 'nowrap' },
                '& td': { px: 1.5, py: 1.25, borderBottom: `1px solid ${brand.line}`, fontSize: 14.5, verticalAlign: 'middle' },
              }}
            >
              <ColumnHeads columns={PRODUCT_COLUMNS} />
              <tbody>
                {products.map((p) => (
                  <tr key={p.lineId ?? p.productId} data-testid="order-product">
                    <td style={{ fontFamily: 'ui-monospace, monospace', fontSize: 12.5, color: brand.muted }}>{p.productId}</td>
                    <td title={p.productTitle}>
                      <span data-testid="order-product-title">{modalTitle(p.productTitle)}</span>
                      {variantLabel(p) && (
                        <Box data-testid="order-product-variant" sx={{ fontSize: 13, color: brand.muted }}>
                          {variantLabel(p)}
                        </Box>
                      )}
                    </td>
                    <td>
                      <img src={p.image} alt={p.productTitle} width={56} height={56} loading="lazy" style={{ display: 'block', borderRadius: 8, objectFit: 'cover', background: '#f1f4fa' }} />
                    </td>
                    <td>{p.quantity}</td>
                    <td>{amount(p.price)}</td>
                    <td style={{ fontWeight: 700 }}>{amount(p.subTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        )}
      </DialogContent>
    </Dialog>
  );
}
