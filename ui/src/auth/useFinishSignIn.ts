import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { SignInReply } from '../api/accountApi.ts';
import { cartApi } from '../api/cartApi.ts';
import { failedBody, replyMessage, shopApi } from '../api/shopApi.ts';
import { signedIn } from '../session/sessionSlice.ts';
import { takePendingAdd, type PendingAdd } from '../session/pendingAdd.ts';
import { RETURN_PARAM, safeReturnPath } from '../session/returnPath.ts';
import { useAppDispatch, type AppDispatch } from '../store/store.ts';
import { notifyError, notifySuccess } from '../store/snackbarSlice.ts';
import { sessionUserOf } from '../session/authStorage.ts';
import { CART_MESSAGES } from '@shop/contracts/order-rules';
import { WISHLIST_MESSAGES } from '../shared/useWishlist.ts';

/** Redirects after sign-in and sign-up wait this long (2 s, as the original did). */
export const REDIRECT_MS = 2000;

/** Calls `action` after `ms`; pending calls are dropped when the screen goes away. */
export function useLater() {
  const timers = useRef<number[]>([]);
  useEffect(() => () => timers.current.forEach((t) => window.clearTimeout(t)), []);
  return (action: () => void, ms: number) => {
    timers.current.push(window.setTimeout(action, ms));
  };
}

/**
 * The add a visitor pressed before signing in, made now as the signed-in user, with the alert the
 * add would have shown (the server decides it like any other add).
 */
async function finishPendingAdd(dispatch: AppDispatch, pending: PendingAdd, userId: string): Promise<void> {
  const request =
    pending.kind === 'cart'
      ? dispatch(cartApi.endpoints.addToCart.initiate({ ...pending.line, userId }))
      : dispatch(shopApi.endpoints.addToMyList.initiate({ ...pending.entry, userId }));
  const fallback = pending.kind === 'cart' ? 'Could not add to cart' : 'Could not add to My List';
  try {
    const reply = await request.unwrap();
    if (failedBody(reply)) dispatch(notifyError(replyMessage(reply, fallback)));
    else dispatch(notifySuccess(pending.kind === 'cart' ? CART_MESSAGES.added : WISHLIST_MESSAGES.added));
  } catch (error) {
    dispatch(notifyError(replyMessage(error, fallback)));
  }
}

/**
 * A successful sign-in (password or Google): keep token and user (local keys `token`, `user`),
 * start the per-user caches afresh, say so in green, make the add the visitor pressed before
 * the sign-in that returns to its page, and after 2 seconds go back where they came from (`?next=`, a path of this site
 * only) or to /.
 */
export function useFinishSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const later = useLater();
  return (reply: SignInReply & { token: string; user: NonNullable<SignInReply['user']> }) => {
    const user = sessionUserOf(reply.user);
    dispatch(signedIn({ token: reply.token, user }));
    dispatch(shopApi.util.invalidateTags(['Cart', 'MyList', 'Orders', 'User']));
    dispatch(notifySuccess(reply.msg || 'User Login Successfully!'));
    const back = safeReturnPath(params.get(RETURN_PARAM));
    const pending = takePendingAdd(back);
    const added = pending ? finishPendingAdd(dispatch, pending, user.userId) : Promise.resolve();
    later(() => void added.then(() => navigate(back ?? '/')), REDIRECT_MS);
  };
}
