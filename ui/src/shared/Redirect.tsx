import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * Client-side redirect. Used instead of react-router's <Navigate>, whose effect returns the
 * navigation promise (React warns in development and calls it as a cleanup on unmount).
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
