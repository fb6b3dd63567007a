import { createHash } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import { LRUCache } from 'lru-cache';

interface CachedReply {
  /** The version of the data the reply was built from. */
  version: string;
  body: Buffer;
  type: string;
  etag: string;
  /** The items (see `ReplyCacheOptions.items`) the reply holds; null: it may hold any. */
  items: string[] | null;
  /** The item changes the cache had taken in when the reply was built (`ItemChanges.seen`). */
  seen: number;
}

/**
 * Fast-changing parts of the cached data that only some replies hold (a product's stock: every
 * checkout moves one, and a listing holds 20 of 100,000). A change to an item retires only the
 * replies that hold it, instead of every reply as a `version` change does.
 */
export interface ReplyItems {
  /** A token that moves with every item change (read before the data, like `version`). */
  version: () => Promise<string>;
  /**
   * The items changed after change number `after` (null: from the start), and the number of the
   * last change; `ids: 'all'` when the record cannot tell (too far behind, or started afresh).
   */
  changes: (after: number | null) => Promise<{ last: number; ids: string[] | 'all' }>;
  /** The items a built reply holds (its body as text); a reply whose items are not known is retired by any change. */
  holds: (body: string) => string[] | null;
}

export interface ReplyCacheOptions {
  /**
   * The version of everything the cached routes read (e.g. `DocumentStore.changeVersion`); it
   * must change with every change to that data, whoever made it. Asked once per request.
   */
  version: () => Promise<string>;
  /** Reply bytes kept at most; least recently used replies go first. */
  maxBytes?: number;
  items?: ReplyItems;
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
export function replyCache({ version, maxBytes = 32 * 1024 * 1024, items }: ReplyCacheOptions): Middleware {
  const changes = items ? new ItemChanges(items) : undefined;
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
    await changes?.takeIn();
    const key = cacheKey(ctx);
    let reply = replies.get(key);
    if (reply?.version !== current || (changes && changes.retired(reply))) {
      // Requests that miss together (right after a change, say) wait for one build instead of
      // each querying the store; if that one is not kept (an error), each builds its own.
      // Keyed by the item changes taken in too: a request that saw a change must not share a
      // build that read the data before it.
      const flight = `${current}\n${changes?.seen ?? 0}\n${key}`;
      const pending = building.get(flight);
      reply = pending ? await pending.catch(() => undefined) : undefined;
      if (!reply) {
        const build = buildReply(ctx, next, current, items, changes?.seen ?? 0);
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
    // Koa's `fresh` copies every response header to find the ETag; most requests are not
    // conditional, so ask it only for those that are (the same two headers `fresh` looks at first).
    const conditional = ctx.req.headers['if-none-match'] !== undefined || ctx.req.headers['if-modified-since'] !== undefined;
    if (conditional && ctx.fresh) ctx.status = 304;
  };
}

/** Runs the route; its reply, when it is one to keep. */
async function buildReply(ctx: Context, next: Next, version: string, items: ReplyItems | undefined, seen: number): Promise<CachedReply | undefined> {
  await next();
  if (ctx.status !== 200 || !(typeof ctx.body === 'string' || isPlainJson(ctx.body))) return undefined;
  const text = typeof ctx.body === 'string' ? ctx.body : JSON.stringify(ctx.body);
  const body = Buffer.from(text);
  return { version, body, type: ctx.response.get('Content-Type'), etag: etagOf(body), items: items ? items.holds(text) : null, seen };
}

/**
 * What this process knows of item changes: for each item changed lately, the number of the
 * change-intake that saw it. A reply built after intake n is retired when one of its items was
 * seen by a later intake (a change that landed while it was being built included: its data was
 * read after the versions, so it may or may not hold that change).
 */
class ItemChanges {
  /** Intakes so far that saw a change; a reply records the value it was built under. */
  seen = 0;
  /** Replies built before this intake are all retired (a change the record could not name). */
  private allBefore = 0;
  private readonly changedAt = new LRUCache<string, number>({
    max: 100_000,
    // An item forgotten here can no longer retire the replies holding it: retire everything older.
    dispose: (intake, _id, reason) => {
      if (reason === 'evict') this.allBefore = Math.max(this.allBefore, intake + 1);
    },
  });
  private version: string | undefined;
  private last: number | null = null;
  private intake: Promise<void> | undefined;

  constructor(private readonly items: ReplyItems) {}

  /** Brings what this process knows up to at least the item version as of now. */
  async takeIn(): Promise<void> {
    for (;;) {
      const now = await this.items.version();
      if (now === this.version) return;
      // One intake at a time; a request that read a newer version than the running intake did
      // waits for it and then takes in again.
      if (!this.intake) {
        this.intake = this.read(now).finally(() => {
          this.intake = undefined;
        });
      }
      await this.intake;
    }
  }

  private async read(version: string): Promise<void> {
    const { last, ids } = await this.items.changes(this.last);
    this.seen++;
    if (ids === 'all') this.allBefore = this.seen;
    else for (const id of ids) this.changedAt.set(id, this.seen);
    this.last = last;
    this.version = version;
  }

  retired(reply: CachedReply): boolean {
    if (reply.seen < this.allBefore) return true;
    if (reply.items === null) return reply.seen < this.seen;
    for (const id of reply.items) {
      if ((this.changedAt.get(id) ?? 0) > reply.seen) return true;
    }
    return false;
  }
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
