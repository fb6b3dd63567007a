import Box from '@mui/material/Box';
import { brand } from '../app/theme.ts';
import { discountPercent, inStock } from '../lib/format.ts';

/** "12%" on a saffron pill; nothing when there is no discount. */
export function DiscountBadge({ product }: { product: { discount?: number; price: number; oldPrice?: number } }) {
  const percent = discountPercent(product);
  if (percent <= 0) return null;
  return (
    <Box
      component="span"
      data-testid="discount-badge"
      sx={{ display: 'inline-block', bgcolor: brand.saffron, color: '#fff', fontSize: 12, fontWeight: 800, borderRadius: 1.5, px: 1, py: 0.4, lineHeight: 1.2 }}
    >
      {percent}%
    </Box>
  );
}

/** In Stock (countInStock ≥ 1) or Out of Stock; `upper` gives the detail page's IN STOCK / OUT OF STOCK. */
export function StockBadge({ countInStock, upper = false }: { countInStock: number; upper?: boolean }) {
  const available = inStock(countInStock);
  const label = available ? 'In Stock' : 'Out of Stock';
  return (
    <Box
      component="span"
      data-testid="stock-badge"
      sx={{
        display: 'inline-block',
        whiteSpace: 'nowrap',
        fontSize: 12,
        fontWeight: 700,
        borderRadius: 1.5,
        px: 1,
        py: 0.3,
        color: available ? brand.green : brand.red,
        bgcolor: available ? '#e3f6ec' : '#fdeaea',
        letterSpacing: upper ? '0.04em' : 0,
      }}
    >
      {upper ? label.toUpperCase() : label}
    </Box>
  );
}
