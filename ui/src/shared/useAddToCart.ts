import { CART_MESSAGES, cartQuantityFits } from '@shop/contracts/order-rules';
import { useAddToCartMutation } from '../api/cartApi.ts';
import { failedBody, replyMessage } from '../api/shopApi.ts';
import type { Product } from '../api/types.ts';
import { useLocation } from 'react-router';
import { useSession } from '../session/hooks.ts';
import { keepPendingAdd } from '../session/pendingAdd.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySignInNeeded, notifySuccess } from '../store/snackbarSlice.ts';

export { CART_MESSAGES };

/**
 * Add to cart: "Please login first" for a visitor (with a link to sign in, after which the add is
 * made and the shopper is back on this page), the stock message past countInStock, "Item is
 * added in the cart" on success. The line sent is the original client's (title, first image,
 * rating, price, quantity, subTotal = integer price × quantity); the server keeps only the product,
 * quantity and options.
 */
export function useAddToCart() {
  const { signedIn, user } = useSession();
  const dispatch = useAppDispatch();
  const [addToCart, { isLoading }] = useAddToCartMutation();
  const location = useLocation();

  /** `options`: the RAM / size / weight chosen on the product, sent with the line. */
  const add = async (product: Product, quantity: number, options: Partial<Record<'productRam' | 'size' | 'productWeight', string | null>> = {}): Promise<boolean> => {
    if (!cartQuantityFits(quantity, product.countInStock)) {
      dispatch(notifyError(CART_MESSAGES.overStock));
      return false;
    }
    const price = Math.trunc(Number(product.price) || 0);
    const line = {
      productTitle: product.name,
      image: product.images[0] ?? '',
      rating: product.rating,
      price: product.price,
      quantity,
      subTotal: price * quantity,
      productId: product.id,
      countInStock: product.countInStock,
      ...options,
    };
    if (!signedIn || !user) {
      const here = `${location.pathname}${location.search}`;
      keepPendingAdd({ kind: 'cart', line }, here);
      dispatch(notifySignInNeeded(CART_MESSAGES.loginRequired, here));
      return false;
    }
    try {
      const reply = await addToCart({ ...line, userId: user.userId }).unwrap();
      if (failedBody(reply)) {
        dispatch(notifyError(replyMessage(reply, 'Could not add to cart')));
        return false;
      }
      dispatch(notifySuccess(CART_MESSAGES.added));
      return true;
    } catch (error) {
      dispatch(notifyError(replyMessage(error, 'Could not add to cart')));
      return false;
    }
  };

  return { add, busy: isLoading };
}
