import type { ReactNode } from 'react';
import { Redirect } from '../shared/Redirect.tsx';
import { useSession } from './hooks.ts';
import type { SessionUser } from './storage.ts';

/**
 * A token and the local user copy, else /signIn (cart, My List, orders, account, checkout);
 * renders `children` with the user.
 */
export function RequireShopper({ children }: { children: (user: SessionUser) => ReactNode }) {
  const { token, user } = useSession();
  return token && user ? <>{children(user)}</> : <Redirect to="/signIn" />;
}
