import { createHash } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import { LRUCache } from 'lru-cache';

interface CachedReply {
  /** The version of the data the reply was built from. */
  version: string;
  body: Buffer;
  type: string;
  etag: string;
}

export interface ReplyCacheOptions {
  /**
   * The version of everything the cached routes read (e.g. `DocumentStore.changeVersion`); it
   * must change with every change to that data, whoever made it. Asked once per request.
   */
  version: () => Promise<string>;
  /** Reply bytes kept at most; least recently used replies go first. */
  maxBytes?: number;
}

/**
 * Serves GET replies from memory while the data they were built from has not changed. Only for
 * routes whose reply depends on nothing but the URL and that data (no user, no headers). Replies
 * are kept serialised, per path and sorted query, and carry an ETag of their content, so a
 * browser revalidating (`Cache-Control: no-cache`) gets a 304 without the body.
 *
 * Mount it per route (`router.get(path, cache, handler)`): `router.use` in a nested @koa/router
 * also runs for its sibling routers' routes under the same prefix.
 */
export function replyCache({ version, maxBytes = 32 * 1024 * 1024 }: ReplyCacheOptions): Middleware {
  const replies = new LRUCache<string, CachedReply>({
    maxSize: maxBytes,
    maxEntrySize: maxBytes / 16,
    sizeCalculation: (reply, key) => reply.body.length + key.length,
  });
  const building = new Map<string, Promise<CachedReply | undefined>>();
  return async (ctx: Context, next: Next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    // The version is read before the data, so a reply is never older than the version it is
    // kept under: a change committed meanwhile only makes the next request build it again.
    const current = await version();
    const key = cacheKey(ctx);
    let reply = replies.get(key);
    if (reply?.version !== current) {
      // Requests that miss together (right after a change, say) wait for one build instead of
      // each querying the store; if that one is not kept (an error), each builds its own.
      const flight = `${current}\n${key}`;
      const pending = building.get(flight);
      reply = pending ? await pending.catch(() => undefined) : undefined;
      if (!reply) {
        const build = buildReply(ctx, next, current);
        if (!pending) building.set(flight, build);
        try {
          reply = await build;
        } finally {
          if (!pending) building.delete(flight);
        }
        // Errors (and anything not plain JSON or text) are answered as built, never kept.
        if (!reply) return;
        replies.set(key, reply);
      }
    }
    ctx.status = 200;
    ctx.set('Content-Type', reply.type);
    ctx.set('ETag', reply.etag);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = reply.body;
    if (ctx.fresh) ctx.status = 304;
  };
}

/** Runs the route; its reply, when it is one to keep. */
async function buildReply(ctx: Context, next: Next, version: string): Promise<CachedReply | undefined> {
  await next();
  if (ctx.status !== 200 || !(typeof ctx.body === 'string' || isPlainJson(ctx.body))) return undefined;
  const body = Buffer.from(typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body));
  return { version, body, type: ctx.response.get('Content-Type'), etag: etagOf(body) };
}

/** Path plus the query with its parameters sorted by name (repeated names keep their order). */
function cacheKey(ctx: Context): string {
  if (!ctx.querystring) return ctx.path;
  const params = new URLSearchParams(ctx.querystring);
  params.sort();
  return `${ctx.path}?${params.toString()}`;
}

function isPlainJson(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (Array.isArray(body) || Object.getPrototypeOf(body) === Object.prototype);
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
