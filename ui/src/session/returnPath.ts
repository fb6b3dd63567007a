/**
 * Where signing in sends the shopper back to: the page they were on. The path travels in the
 * sign-in address (`/signIn?next=…`), which anyone can craft and send a shopper, so it is only
 * ever a path of this site: never another site (`//evil.com`, `/\evil.com`, `https://evil.com`,
 * `javascript:`), and never the sign-in pages themselves (a loop).
 */

export const SIGN_IN = '/signIn';
export const RETURN_PARAM = 'next';

/** Pages a shopper is never sent back to after signing in (they lead to sign-in again). */
const AUTH_PAGES = new Set(['/signIn', '/signUp', '/verifyOTP', '/changePassword']);
/** Longer than any address of the shop; a longer one is not one of ours. */
const MAX_RETURN_LENGTH = 2000;
const SITE = 'https://shop.invalid';

/** The same-site path (path, query, fragment) `raw` names, or null when it is anything else. */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_RETURN_LENGTH) return null;
  // Browsers read "\" as "/" and drop tabs and newlines, so "/\evil.com" or "/\t/evil.com" would
  // leave the site: a path must start with one "/" and hold neither, nor any other control or space.
  if (raw[0] !== '/' || raw[1] === '/' || /[\\\s]/.test(raw) || hasControlCharacter(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  // Dot segments can fold a path into "//host" ("/./..//evil.com"): check what it became, too.
  if (url.pathname.startsWith('//') || AUTH_PAGES.has(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The sign-in page's address that brings the shopper back to `returnTo` (a page of this site). */
export function signInPath(returnTo: string): string {
  return carryReturn(SIGN_IN, new URLSearchParams({ [RETURN_PARAM]: returnTo }));
}

/**
 * An auth page's address (`/signUp`, `/verifyOTP`, `/signIn`) that keeps the return path the
 * shopper came with, so signing up from the sign-in page still ends where they were going.
 */
export function carryReturn(authPage: string, params: URLSearchParams): string {
  const back = safeReturnPath(params.get(RETURN_PARAM));
  return back && back !== '/' ? `${authPage}?${RETURN_PARAM}=${encodeURIComponent(back)}` : authPage;
}
