/**
 * A route change requested from outside React (the base query's 401 rule). The app registers
 * React Router's `navigate` here (session/SessionBridge.tsx); without it, a full page load does it.
 */
type Navigate = (to: string) => void;

let current: Navigate | null = null;

export function registerNavigate(navigate: Navigate): () => void {
  current = navigate;
  return () => {
    if (current === navigate) current = null;
  };
}

export function navigateTo(to: string): void {
  if (current) current(to);
  else if (typeof window !== 'undefined' && window.location.pathname !== to) window.location.assign(to);
}
