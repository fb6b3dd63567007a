import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context, Next } from 'koa';

/** Where Google sign-in's script loads from (ui/src/auth/GoogleSignIn.tsx), when GOOGLE_CLIENT_ID is set. */
export const GOOGLE_SIGN_IN_SCRIPT = 'https://accounts.google.com/gsi/client';
/** Google sign-in's button and prompt frames and the calls they make. */
const GOOGLE_SIGN_IN_ORIGIN = 'https://accounts.google.com/gsi/';
/** Where the profile pictures of accounts made with Google sign-in come from. */
const GOOGLE_PROFILE_PICTURES = 'https://lh3.googleusercontent.com';
/** Where Razorpay's checkout script loads from (ui/src/checkout/razorpay.ts), when PAYMENTS=razorpay. */
export const RAZORPAY_CHECKOUT_ORIGIN = 'https://checkout.razorpay.com';
/** Razorpay's checkout window: its frames (the form, the bank's pages) and the calls it makes. */
const RAZORPAY_ORIGINS = [RAZORPAY_CHECKOUT_ORIGIN, 'https://api.razorpay.com'];
const RAZORPAY_CONNECT = [...RAZORPAY_ORIGINS, 'https://lumberjack.razorpay.com'];

/** Beside the built index.html: the hashes of its boot scripts, written by the build (ui/csp-hashes.ts). */
export const CSP_MANIFEST = 'csp-hashes.json';

export interface ContentSecurityOptions {
  /** `'sha256-…'` sources of the inline scripts every page may carry (the build's boot scripts). */
  inlineScriptHashes: readonly string[];
  googleSignIn: boolean;
  razorpay: boolean;
  /** Other https origins images may come from (IMAGE_HOSTS). */
  imageHosts?: readonly string[];
}

/**
 * The page's Content-Security-Policy. Everything comes from the shop itself unless named:
 * scripts from the shop, the build's own inline boot scripts (by hash, from the build's manifest,
 * never from the page being served) and a first screen's data script the server writes, and
 * Google's or Razorpay's script when that feature is configured; calls (`connect-src`) only to
 * the shop and a configured provider, so an injected script could not send a stored token
 * elsewhere; images from the shop, `data:` and the configured https image hosts; frames only
 * the payment and sign-in windows; no plugins, no `<base>` rewriting, and no page may frame the
 * shop (clickjacking). Inline styles stay allowed: the storefront's components style themselves.
 */
export class ContentSecurityPolicy {
  private readonly before: string;
  private readonly after: string;
  private readonly known: ReadonlySet<string>;

  constructor(options: ContentSecurityOptions) {
    const google = options.googleSignIn;
    const razorpay = options.razorpay;
    this.known = new Set(options.inlineScriptHashes);
    const scripts = ["'self'", ...(google ? [GOOGLE_SIGN_IN_SCRIPT] : []), ...(razorpay ? [RAZORPAY_CHECKOUT_ORIGIN] : []), ...this.known];
    const connect = ["'self'", ...(google ? [GOOGLE_SIGN_IN_ORIGIN] : []), ...(razorpay ? RAZORPAY_CONNECT : [])];
    const frames = [...(google ? [GOOGLE_SIGN_IN_ORIGIN] : []), ...(razorpay ? RAZORPAY_ORIGINS : [])];
    const styles = ["'self'", "'unsafe-inline'", ...(google ? [GOOGLE_SIGN_IN_ORIGIN] : [])];
    this.before = `default-src 'self'; script-src ${scripts.join(' ')}`;
    this.after = [
      `style-src ${styles.join(' ')}`,
      `img-src ${["'self'", 'data:', ...(google ? [GOOGLE_PROFILE_PICTURES] : []), ...(options.imageHosts ?? [])].join(' ')}`,
      `connect-src ${connect.join(' ')}`,
      `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    this.header = this.with([]);
  }

  /** The policy for any response. */
  readonly header: string;

  /** The policy for a page that also carries the server's own inline scripts with these hashes. */
  with(extraHashes: readonly string[]): string {
    const added = [...new Set(extraHashes)].filter((hash) => !this.known.has(hash));
    const extra = added.length > 0 ? ` ${added.join(' ')}` : '';
    return `${this.before}${extra}; ${this.after}`;
  }
}

/** The CSP source (`'sha256-…'`) of an inline script the server writes into a page. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;
}

/**
 * Headers every response carries: the CSP, `nosniff` (a file is only ever what its Content-Type
 * says, so an upload can not be run as a script or page), and a referrer policy that never sends a
 * page's path (an order id, a reset link) to another origin.
 */
export function securityHeaders(csp: ContentSecurityPolicy) {
  // Built once: every reply carries the same three, and this runs for every request (a cached
  // catalog reply costs ~45 µs of server CPU, so per-request work here shows in its throughput).
  // Set on Node's response directly and without an async frame of its own; a page that needs
  // another policy (a first screen's data script) sets its own later, which replaces this one.
  const headers: readonly (readonly [string, string])[] = Object.freeze([
    Object.freeze(['Content-Security-Policy', csp.header] as const),
    Object.freeze(['X-Content-Type-Options', 'nosniff'] as const),
    Object.freeze(['Referrer-Policy', 'strict-origin-when-cross-origin'] as const),
  ]);
  return (ctx: Context, next: Next) => {
    const res = ctx.res;
    for (const [name, value] of headers) res.setHeader(name, value);
    return next();
  };
}

/**
 * The hashes of the build's inline boot scripts, from the manifest the build wrote beside
 * index.html (read once at start). A build without one (older than the manifest) gets none: its
 * pages' inline scripts are refused, as an injected one would be, and the build needs redoing.
 */
export function bootScriptHashes(distDir: string): string[] {
  const file = resolve(distDir, CSP_MANIFEST);
  if (!existsSync(file)) return [];
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as { scripts?: unknown };
  const scripts = Array.isArray(manifest.scripts) ? manifest.scripts : [];
  return scripts.filter((hash): hash is string => typeof hash === 'string' && /^'sha256-[A-Za-z0-9+/]+={0,2}'$/.test(hash));
}
