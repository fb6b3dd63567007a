import { useEffect } from 'react';
import { useLocation } from 'react-router';

export const SHOP_NAME = 'Gift & Gear';
/** Home's title, the same as index.html's. */
export const HOME_TITLE = `${SHOP_NAME} — gifts and gear, delivered across India`;

export const pageTitle = (name: string) => `${name} · ${SHOP_NAME}`;

const STATIC_TITLES: Record<string, string> = {
  '/cart': 'Your Cart',
  '/signin': 'Sign In',
  '/signup': 'Sign Up',
  '/verifyotp': 'Verify OTP',
  '/changepassword': 'Change Password',
  '/my-list': 'My List',
  '/checkout': 'Checkout',
  '/orders': 'Orders',
  '/my-account': 'My Account',
  '/compare': 'Compare Products',
};


/**
 * The document title for a route, before the page knows more (a product's or category's name is
 * set by its page with `useDocumentTitle`). Every route has one, so a screen reader announces
 * where a navigation landed and tabs and history entries are told apart.
 */
export function routeTitle(pathname: string, search = ''): string {
  let end = pathname.length;
  while (end > 0 && pathname[end - 1] === '/') end--; // a linear trim (no backtracking pattern)
  const path = pathname.slice(0, end).toLowerCase() || '/';
  if (path === '/' || path === '/index.html') return HOME_TITLE;
  const fixed = STATIC_TITLES[path];
  if (fixed) return pageTitle(fixed);
  if (path === '/search') {
    const q = (new URLSearchParams(search).get('q') ?? '').trim().slice(0, 80);
    return pageTitle(q ? `Search results for “${q}”` : 'Search');
  }
  // The back office names its sections once its lazily loaded frame is there (AdminApp.tsx);
  // until then it is the back office, never the shop's 404. Its section names stay out of the
  // storefront's bundle.
  if (path === '/admin' || path.startsWith('/admin/')) return pageTitle('Back office');
  if (path.startsWith('/product/')) return pageTitle('Product');
  if (path.startsWith('/orders/')) return pageTitle(path.endsWith('/placed') ? 'Order placed' : 'Order');
  if (path.startsWith('/products/')) return pageTitle('Products');
  return pageTitle('Page not found');
}

/**
 * Sets the document title once a page knows its subject (a product's or category's name). The
 * shell sets the route's title in a layout effect, which runs before this, so the page's wins.
 */
export function useDocumentTitle(name: string | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name, pathname]);
}
