import { skipToken } from '@reduxjs/toolkit/query/react';
import { useGetUserQuery } from '../api/shopApi.ts';
import { useSession } from '../session/hooks.ts';

/**
 * Whether the session's token says its bearer is an admin (the `isAdmin` claim the server
 * signed at sign-in). Only decides what the UI offers; the server checks the token's signature
 * and the claim on every admin call, so a forged claim gets nothing but a 403.
 */
export function isAdminToken(token: string | null | undefined): boolean {
  const payload = token?.split('.')[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { isAdmin?: unknown };
    return claims.isAdmin === true;
  } catch {
    return false;
  }
}

/**
 * The session as the admin screens need it: signed in at all, and an admin: by the token's claim,
 * or, for a token that claims a shopper, by the account's profile (fresh), since a role granted
 * after sign-in applies to the same token at once. `checking` while that answer is on its way.
 */
export function useAdminSession() {
  const { token, user } = useSession();
  const claimed = isAdminToken(token);
  const ask = Boolean(token && user) && !claimed;
  const profile = useGetUserQuery(ask && user ? user.userId : skipToken, { refetchOnMountOrArgChange: true });
  const granted = profile.data?.isAdmin === true;
  return { token, signedIn: Boolean(token), isAdmin: claimed || granted, checking: ask && !granted && profile.isFetching };
}
