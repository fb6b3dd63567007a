import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { registerNavigate } from '../api/navigation.ts';

/** Lets code outside React (the base query's 401 rule) move the router, e.g. to /signIn. */
export function SessionBridge() {
  const navigate = useNavigate();
  useEffect(() => registerNavigate((to) => void navigate(to, { replace: true })), [navigate]);
  return null;
}
