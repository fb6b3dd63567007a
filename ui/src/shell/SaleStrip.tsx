import { FIRST_ORDER_DISCOUNT, FREE_DELIVERY_OVER } from '../shared/constants.ts';
import { useRunningSale } from '../shared/useSale.ts';
import css from './SaleStrip.module.css';

/**
 * The thin promotion strip at the very top: a sale while one runs (the back office schedules it;
 * the strip shows it only inside its window), and the two standing offers.
 */
export function SaleStrip() {
  const sale = useRunningSale();
  return (
    <div className={css.strip} data-testid="sale-strip">
      <div className={`container ${css.inner}`}>
        {sale && (
          <span data-testid="sale-strip-sale">
            <strong className={css.sale}>{sale.name}</strong> — up to {sale.upTo}% off
          </span>
        )}
        <span className={sale ? css.wide : undefined}>Free delivery over Rs {FREE_DELIVERY_OVER}</span>
        <span className={css.wider}>Rs {FIRST_ORDER_DISCOUNT} off your first order</span>
      </div>
    </div>
  );
}
