import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPath } from './returnPath.ts';

describe('the path signing in returns to', () => {
  it('keeps a path of this site, with its query and fragment', () => {
    expect(safeReturnPath('/product/6745a1b2c3d4e5f6a7b8c9d1')).toBe('/product/6745a1b2c3d4e5f6a7b8c9d1');
    expect(safeReturnPath('/products/subCat/s1?minPrice=100&sort=rating#top')).toBe('/products/subCat/s1?minPrice=100&sort=rating#top');
    expect(signInPath('/product/p1?size=M')).toBe('/signIn?next=%2Fproduct%2Fp1%3Fsize%3DM');
  });

  it('refuses every way out of the site an attacker could put in a sign-in link', () => {
    const hostile = [
      '//evil.com',
      '//evil.com/product/1',
      'https://evil.com',
      'http://evil.com/path',
      '/\\evil.com',
      '\\\\evil.com',
      '/\\/evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      ' /evil',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'evil.com',
      '',
      `/${'a'.repeat(3000)}`,
    ];
    for (const raw of hostile) {
      expect(safeReturnPath(raw), raw).toBeNull();
      expect(signInPath(raw), raw).toBe('/signIn');
    }
    for (const value of [null, undefined, 42, ['/cart'], { path: '/cart' }]) expect(safeReturnPath(value)).toBeNull();
  });

  it('never returns to the sign-in pages themselves (a loop)', () => {
    for (const page of ['/signIn', '/signIn?next=%2Fcart', '/signUp', '/verifyOTP', '/changePassword']) expect(safeReturnPath(page)).toBeNull();
  });

  it('reads a percent-encoded path as the browser would, and never lets it leave the site', () => {
    // Encoded slashes stay in the path: the router never reads them as another host.
    expect(safeReturnPath('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
    expect(safeReturnPath('/./..//evil.com')).toBeNull();
    expect(safeReturnPath('/a/../cart')).toBe('/cart');
  });
});
