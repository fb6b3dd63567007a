import type { Context, Middleware, Next } from 'koa';

/** Search URLs remembered as seen (~100 characters each: ~2 MB). */
const REMEMBERED = 20_000;
/** A longer URL is never remembered (nor cached), so the memory this takes stays bounded. */
const LONGEST_KEY = 600;

/**
 * Puts a search reply through the reply cache (`cached`) only from the second time its URL is
 * asked for. Most searches with a typo are asked once, and keeping such a reply cost more than
 * building it again would ever save: hashing ~65 KB for its ETag, scanning it for the products it
 * holds, copying it, and keeping it in memory until it is pushed out (old-generation garbage). A
 * URL seen before (a popular search, a page reloaded, a browser revalidating) is cached as any
 * other catalog reply, ETag and 304 included; the first reply has the same body and
 * `Cache-Control: no-cache`, without an ETag.
 */
export function cacheWhenRepeated(cached: Middleware, remembered = REMEMBERED): Middleware {
  // Oldest first (a Set keeps insertion order).
  const seen = new Set<string>();
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const key = urlKey(ctx);
    if (seen.has(key)) return cached(ctx, next);
    if (key.length <= LONGEST_KEY) {
      seen.add(key);
      if (seen.size > remembered) seen.delete(seen.values().next().value!);
    }
    await next();
    if (ctx.status === 200) ctx.set('Cache-Control', 'no-cache');
  };
}

/** Path plus the query with its parameters sorted by name, so the order they came in does not matter. */
function urlKey(ctx: Context): string {
  if (!ctx.querystring) return ctx.path;
  const params = new URLSearchParams(ctx.querystring);
  params.sort();
  return `${ctx.path}?${params.toString()}`;
}
