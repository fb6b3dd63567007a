import { describe, expect, it } from 'vitest';
import { HOME_TITLE, routeTitle } from './documentTitle.ts';

describe('routeTitle', () => {
  it('names every route of the spec, the search query, and unknown paths', () => {
    expect(routeTitle('/')).toBe(HOME_TITLE);
    expect(routeTitle('/index.html')).toBe(HOME_TITLE);
    const named: [string, string][] = [
      ['/cart', 'Your Cart'],
      ['/signIn', 'Sign In'],
      ['/signUp', 'Sign Up'],
      ['/verifyOTP', 'Verify OTP'],
      ['/changePassword', 'Change Password'],
      ['/my-list', 'My List'],
      ['/checkout', 'Checkout'],
      ['/orders', 'Orders'],
      ['/orders/o-123', 'Order'],
      ['/orders/o-123/placed', 'Order placed'],
      ['/my-account', 'My Account'],
      ['/compare', 'Compare Products'],
      ['/product/abc', 'Product'],
      ['/products/category/c1', 'Products'],
      ['/products/subCat/s1', 'Products'],
      ['/no-such-page', 'Page not found'],
    ];
    for (const [path, name] of named) expect(routeTitle(path), path).toBe(`${name} · Gift & Gear`);
    // The back office, whatever the screen, until its own frame names the section.
    for (const path of ['/admin', '/admin/', '/admin/orders/o-123', '/admin/products/new', '/admin/audit', '/admin/constructor']) {
      expect(routeTitle(path), path).toBe('Back office · Gift & Gear');
    }
    expect(routeTitle('/administrator')).toBe('Page not found · Gift & Gear');
    expect(routeTitle('/search', '?q=kisan%20chai')).toBe('Search results for “kisan chai” · Gift & Gear');
    expect(routeTitle('/search', '')).toBe('Search · Gift & Gear');
    // A very long query is cut, so the title stays readable.
    expect(routeTitle('/search', `?q=${'a'.repeat(500)}`).length).toBeLessThan(120);
  });
});
