import { isFailureReply, replyMessage, useAddToMyListMutation, useGetMyListQuery } from '../api/shopApi.ts';
import type { Product } from '../api/types.ts';
import { useSession } from '../session/hooks.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';

export const WISHLIST_MESSAGES = {
  loginRequired: 'Please Login to continue',
  added: 'the product added in my list',
} as const;

/**
 * Whether `product` is in the signed-in user's My List (GET /api/my-list?productId&userId, only
 * when signed in and `check` is true), and the add action with the spec's alerts.
 */
export function useWishlist(product: Pick<Product, 'id' | 'name' | 'images' | 'rating' | 'price'> | undefined, check: boolean) {
  const { signedIn, user } = useSession();
  const dispatch = useAppDispatch();
  const { data } = useGetMyListQuery({ userId: user?.userId ?? '', productId: product?.id ?? '' }, { skip: !check || !signedIn || !user || !product });
  const [addToMyList, { isLoading }] = useAddToMyListMutation();
  const listed = signedIn && Array.isArray(data) && data.length > 0;

  const add = async () => {
    if (!signedIn || !user) {
      dispatch(notifyError(WISHLIST_MESSAGES.loginRequired));
      return;
    }
    if (!product || listed) return;
    try {
      const reply = await addToMyList({
        productTitle: product.name,
        image: product.images[0] ?? '',
        rating: product.rating,
        price: product.price,
        productId: product.id,
        userId: user.userId,
      }).unwrap();
      if (isFailureReply(reply)) dispatch(notifyError(replyMessage(reply, 'Could not add to My List')));
      else dispatch(notifySuccess(WISHLIST_MESSAGES.added));
    } catch (error) {
      dispatch(notifyError(replyMessage(error, 'Could not add to My List')));
    }
  };

  return { listed, add, busy: isLoading };
}
