import { FIRST_ORDER_DISCOUNT, FREE_DELIVERY_OVER, SALE_UP_TO_PERCENT } from '../shared/constants.ts';
import css from './SaleStrip.module.css';

/** The thin promotion strip at the very top: the New Year sale and the two standing offers. */
export function SaleStrip() {
  return (
    <div className={css.strip} data-testid="sale-strip">
      <div className={`container ${css.inner}`}>
        <span>
          <strong className={css.sale}>New Year Sale</strong> — up to {SALE_UP_TO_PERCENT}% off
        </span>
        <span className={css.wide}>Free delivery over Rs {FREE_DELIVERY_OVER}</span>
        <span className={css.wider}>Rs {FIRST_ORDER_DISCOUNT} off your first order</span>
      </div>
    </div>
  );
}
