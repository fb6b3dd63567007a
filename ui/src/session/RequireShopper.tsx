import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Redirect } from '../shared/Redirect.tsx';
import { useSession } from './hooks.ts';
import { signInPath } from './returnPath.ts';
import type { SessionUser } from './storage.ts';

/**
 * A token and the local user copy, else /signIn and back (cart, My List, orders, account, checkout);
 * renders `children` with the user.
 */
export function RequireShopper({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { token, user } = useSession();
  const location = useLocation();
  // Signing in comes back to this page.
  return token && user ? <>{children(user)}</> : <Redirect to={signInPath(`${location.pathname}${location.search}`)} />;
}
