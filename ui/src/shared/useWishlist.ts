import { failedBody, replyMessage, useAddToMyListMutation, useGetMyListQuery, useRemoveFromMyListMutation } from '../api/shopApi.ts';
import type { Product } from '../api/types.ts';
import { useLocation } from 'react-router';
import { useSession } from '../session/hooks.ts';
import { keepPendingAdd } from '../session/pendingAdd.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySignInNeeded, notifySuccess } from '../store/snackbarSlice.ts';

export const WISHLIST_MESSAGES = {
  loginRequired: 'Please Login to continue',
  added: 'the product added in my list',
  removed: 'item removed from My List!',
} as const;

/**
 * Whether `product` is in the signed-in user's My List (GET /api/my-list?productId&userId, only
 * when signed in and `check` is true), the add action with its alerts ("Please Login to continue"
 * with a sign-in link for a visitor, the server's msg otherwise), and `toggle`: a filled heart takes the product off My
 * List again.
 */
export function useWishlist(product: Pick<Product, 'id' | 'name' | 'images' | 'rating' | 'price'> | undefined, check: boolean) {
  const { signedIn, user } = useSession();
  const dispatch = useAppDispatch();
  const { data } = useGetMyListQuery({ userId: user?.userId ?? '', productId: product?.id ?? '' }, { skip: !check || !signedIn || !user || !product });
  const [addToMyList, { isLoading }] = useAddToMyListMutation();
  const [removeFromMyList, { isLoading: removing }] = useRemoveFromMyListMutation();
  const listed = signedIn && Array.isArray(data) && data.length > 0;
  const location = useLocation();

  const add = async () => {
    const entry = product && { productTitle: product.name, image: product.images[0] ?? '', rating: product.rating, price: product.price, productId: product.id };
    if (!signedIn || !user) {
      // Added for them once they have signed in (useFinishSignIn), back on this page.
      const here = `${location.pathname}${location.search}`;
      if (entry) keepPendingAdd({ kind: 'myList', entry }, here);
      dispatch(notifySignInNeeded(WISHLIST_MESSAGES.loginRequired, here));
      return;
    }
    if (!entry || listed) return;
    try {
      const reply = await addToMyList({ ...entry, userId: user.userId }).unwrap();
      if (failedBody(reply)) dispatch(notifyError(replyMessage(reply, 'Could not add to My List')));
      else dispatch(notifySuccess(WISHLIST_MESSAGES.added));
    } catch (error) {
      dispatch(notifyError(replyMessage(error, 'Could not add to My List')));
    }
  };

  const remove = async () => {
    const entry = Array.isArray(data) ? data[0] : undefined;
    if (!entry || !product) return;
    try {
      const reply = await removeFromMyList({ id: entry.id, productId: product.id }).unwrap();
      if (failedBody(reply)) dispatch(notifyError(replyMessage(reply, 'Could not remove from My List')));
      else dispatch(notifySuccess(WISHLIST_MESSAGES.removed));
    } catch (error) {
      dispatch(notifyError(replyMessage(error, 'Could not remove from My List')));
    }
  };

  const busy = isLoading || removing;
  const toggle = () => (busy ? Promise.resolve() : listed ? remove() : add());

  return { listed, add, toggle, busy };
}
