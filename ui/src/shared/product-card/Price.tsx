import { rupees } from '../format.ts';
import css from './card.module.css';

/** Old price struck through, then the price, both prefixed Rs. */
export function Price({ price, oldPrice, size = 'md', stackOnPhone = false }: { price: number; oldPrice?: number; size?: 'md' | 'lg'; stackOnPhone?: boolean }) {
  return (
    <span className={`${css.prices} ${stackOnPhone ? css.stack : ''} ${size === 'lg' ? css.large : ''}`}>
      {oldPrice !== undefined && oldPrice > price && <span className={`old-price ${css.oldPrice}`}>{rupees(oldPrice)}</span>}
      <span className={`price ${css.price}`}>{rupees(price)}</span>
    </span>
  );
}
