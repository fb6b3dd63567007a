import type { ReactNode } from 'react';
import { Redirect } from '../shared/Redirect.tsx';
import { useSession } from './hooks.ts';

/** Cart, My List, Orders and My Account need a non-empty token, else /signIn. */
export function RequireToken({ children }: { children: ReactNode }) {
  const { token } = useSession();
  return token ? <>{children}</> : <Redirect to="/signIn" />;
}
