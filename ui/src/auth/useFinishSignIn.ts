import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { SignInReply } from '../api/accountApi.ts';
import { shopApi } from '../api/shopApi.ts';
import { signedIn } from '../session/sessionSlice.ts';
import { useAppDispatch } from '../store/store.ts';
import { notifySuccess } from '../store/snackbarSlice.ts';
import { sessionUserOf } from '../session/authStorage.ts';

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
 * A successful sign-in (password or Google): keep token and user (local keys `token`, `user`),
 * start the per-user caches afresh, say so in green and go to / after 2 seconds.
 */
export function useFinishSignIn() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const later = useLater();
  return (reply: SignInReply & { token: string; user: NonNullable<SignInReply['user']> }) => {
    dispatch(signedIn({ token: reply.token, user: sessionUserOf(reply.user) }));
    dispatch(shopApi.util.invalidateTags(['Cart', 'MyList', 'Orders', 'User']));
    dispatch(notifySuccess(reply.msg || 'User Login Successfully!'));
    later(() => void navigate('/'), REDIRECT_MS);
  };
}
