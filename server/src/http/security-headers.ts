import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context, Next } from 'koa';

/** Where Google sign-in's script loads from (ui/src/auth/GoogleSignIn.tsx), when GOOGLE_CLIENT_ID is set. */
export const GOOGLE_SIGN_IN_SCRIPT = 'https://accounts.google.com/gsi/client';
/** Where Razorpay's checkout script loads from (ui/src/checkout/razorpay.ts), when PAYMENTS=razorpay. */
export const RAZORPAY_CHECKOUT_ORIGIN = 'https://checkout.razorpay.com';

export interface ContentSecurityOptions {
  /** `'sha256-…'` sources of the inline scripts every page may carry (index.html's boot scripts). */
  inlineScriptHashes: readonly string[];
  googleSignIn: boolean;
  razorpay: boolean;
}

/**
 * The page's Content-Security-Policy. Scripts run only from the shop itself, from the inline
 * scripts whose hashes are listed (the build's boot scripts, and a first screen's data), and from
 * Google's or Razorpay's script when that feature is configured; no plugins, no `<base>`
 * rewriting, and no page may frame the shop (clickjacking). Styles, images and frames are not
 * restricted: the storefront's own inline styles and the payment window's frame need them.
 */
export class ContentSecurityPolicy {
  private readonly fixed: string;
  private readonly scriptSources: string;
  private readonly known: ReadonlySet<string>;

  constructor(options: ContentSecurityOptions) {
    const external = [
      ...(options.googleSignIn ? [GOOGLE_SIGN_IN_SCRIPT] : []),
      ...(options.razorpay ? [RAZORPAY_CHECKOUT_ORIGIN] : []),
    ];
    this.known = new Set(options.inlineScriptHashes);
    this.scriptSources = ["'self'", ...external, ...this.known].join(' ');
    this.fixed = "object-src 'none'; base-uri 'self'; frame-ancestors 'none'";
    this.header = this.with([]);
  }

  /** The policy for any response. */
  readonly header: string;

  /** The policy for a page that also carries inline scripts with these hashes. */
  with(extraHashes: readonly string[]): string {
    // A page's own scripts include the boot scripts every page has: name each hash once.
    const added = [...new Set(extraHashes)].filter((hash) => !this.known.has(hash));
    const extra = added.length > 0 ? ` ${added.join(' ')}` : '';
    return `script-src ${this.scriptSources}${extra}; ${this.fixed}`;
  }
}

/**
 * The CSP source (`'sha256-…'`) of every inline `<script>` (one without `src`) in `html`. Found
 * with `indexOf`, so the work is linear in the page's length whatever it holds.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  let at = 0;
  for (;;) {
    const open = html.indexOf('<script', at);
    if (open < 0) break;
    const tagEnd = html.indexOf('>', open);
    if (tagEnd < 0) break;
    const close = html.indexOf('</script>', tagEnd);
    if (close < 0) break;
    const tag = html.slice(open, tagEnd + 1);
    if (!/\ssrc\s*=/i.test(tag)) {
      hashes.push(`'sha256-${createHash('sha256').update(html.slice(tagEnd + 1, close), 'utf8').digest('base64')}'`);
    }
    at = close + '</script>'.length;
  }
  return hashes;
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

/** The hashes of the built index.html's inline boot scripts, read once at start (none without a build). */
export function bootScriptHashes(distDir: string): string[] {
  const file = resolve(distDir, 'index.html');
  return existsSync(file) ? inlineScriptHashes(readFileSync(file, 'utf8')) : [];
}
