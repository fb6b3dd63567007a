import { Link } from 'react-router';
import { useGetCartQuery } from '../api/cartApi.ts';
import { Icon } from '../shared/icons.tsx';
import { rupees } from '../shared/format.ts';
import { useSession } from '../session/hooks.ts';
import css from './CartButton.module.css';
import { cartSummary } from '../shared/cartSummary.ts';

/** Header cart: total and item count of the signed-in user's cart, linking to /cart. */
export function CartButton({ showTotal = true }: { showTotal?: boolean }) {
  const { signedIn, user } = useSession();
  const { data } = useGetCartQuery(user?.userId ?? '', { skip: !signedIn || !user });
  const { count, total } = cartSummary(signedIn ? data : undefined);
  return (
    <div className={css.wrap}>
      {showTotal && (
        <span className={css.total} data-testid="cart-total">
          {rupees(total)}
        </span>
      )}
      <Link to="/cart" aria-label={`Cart, ${count} items`} className={css.icon}>
        <Icon name="bag" />
        <span className={css.count} data-testid="cart-count">
          {count}
        </span>
      </Link>
    </div>
  );
}
