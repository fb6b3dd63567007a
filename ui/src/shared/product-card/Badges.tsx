import { discountPercent, inStock } from '../format.ts';
import css from './card.module.css';

/** "12%" on a saffron pill; nothing when there is no discount. */
export function DiscountBadge({ product }: { product: { discount?: number; price: number; oldPrice?: number } }) {
  const percent = discountPercent(product);
  if (percent <= 0) return null;
  return (
    <span className={css.discount} data-testid="discount-badge">
      {percent}%
    </span>
  );
}

/** In Stock (countInStock ≥ 1) or Out of Stock; `upper` gives the detail page's IN STOCK / OUT OF STOCK. */
export function StockBadge({ countInStock, upper = false }: { countInStock: number; upper?: boolean }) {
  const available = inStock(countInStock);
  const label = available ? 'In Stock' : 'Out of Stock';
  return (
    <span className={`${css.stock} ${available ? css.inStock : css.outOfStock} ${upper ? css.upper : ''}`} data-testid="stock-badge">
      {upper ? label.toUpperCase() : label}
    </span>
  );
}
