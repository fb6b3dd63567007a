import { useEffect, useLayoutEffect, useRef } from 'react';
import { routeTitle } from '../shared/documentTitle.ts';

export const MAIN_ID = 'main-content';
/** How long a navigation waits for its page's heading (a lazily loaded page, data to arrive). */
const HEADING_WAIT_MS = 3000;

/** The page's main heading (focusable from script only), or the main region itself. */
export function focusMainHeading(): boolean {
  const main = document.getElementById(MAIN_ID);
  if (!main) return false;
  const heading = main.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

function focusMain(): void {
  document.getElementById(MAIN_ID)?.focus({ preventScroll: true });
}

/**
 * On every navigation after the first page: the route's document title (before the page's own
 * effects, which may name a product), then the focus on the new page's main heading, so keyboard
 * and screen-reader users start reading the new page instead of wherever the link was. A page that
 * put the focus on one of its fields itself (autofocus on the sign-in e-mail) keeps it.
 */
export function useNavigationAnnouncements(pathname: string, search: string): void {
  useLayoutEffect(() => {
    document.title = routeTitle(pathname, search);
  }, [pathname, search]);

  const firstPage = useRef(true);
  useEffect(() => {
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    const deadline = performance.now() + HEADING_WAIT_MS;
    let frame = 0;
    const attempt = () => {
      const main = document.getElementById(MAIN_ID);
      const active = document.activeElement;
      if (main && active instanceof HTMLElement && main.contains(active) && active.matches('input, textarea, select')) return;
      if (focusMainHeading()) return;
      if (performance.now() < deadline) frame = requestAnimationFrame(attempt);
      else focusMain();
    };
    frame = requestAnimationFrame(attempt);
    return () => cancelAnimationFrame(frame);
  }, [pathname]);
}
