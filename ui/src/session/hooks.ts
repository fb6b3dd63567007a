import { useAppSelector } from '../store/store.ts';

/** The signed-in user (null for a visitor) and the chosen location. */
export function useSession() {
  const token = useAppSelector((s) => s.session.token);
  const user = useAppSelector((s) => s.session.user);
  const location = useAppSelector((s) => s.session.location);
  return { token, user, location, signedIn: Boolean(token && user) };
}
