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
 * The back office's sections by their first segment after /admin, named as its layout names them
 * (ui/src/admin/AdminApp.tsx's nav), so the title does not flash "Page not found" while the lazily
 * loaded back office arrives. Kept here, not imported: the storefront never loads that chunk.
 */
const ADMIN_SECTIONS: Record<string, string> = {
  '': 'Dashboard',
  orders: 'Orders',
  products: 'Products',
  categories: 'Categories',
  banners: 'Banners',
  customers: 'Customers',
  audit: 'Audit',
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
  if (path === '/admin' || path.startsWith('/admin/')) {
    const key = path.split('/')[2] ?? '';
    const section = Object.hasOwn(ADMIN_SECTIONS, key) ? ADMIN_SECTIONS[key] : undefined;
    return pageTitle(section ? `${section} · Back office` : 'Back office');
  }
  if (path.startsWith('/product/')) return pageTitle('Product');
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
