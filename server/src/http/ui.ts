import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

/**
 * Serves the built storefront: files as they are (hashed assets cached for a year), and
 * `index.html` for any other GET that is not an API call, so client-side routes deep-link.
 */
export function serveUi(distDir: string) {
  const root = resolve(distDir);
  const available = existsSync(resolve(root, 'index.html'));
  return async (ctx: Context, next: Next) => {
    await next();
    if (!available || ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return;
    const isAsset = ctx.path.startsWith('/assets/');
    const isFile = /\.[a-z0-9]+$/i.test(ctx.path);
    if (isFile) {
      try {
        await send(ctx, ctx.path, { root, immutable: isAsset, maxAge: isAsset ? 31_536_000_000 : 0, gzip: true, brotli: true });
      } catch {
        // A missing file stays a 404.
      }
      return;
    }
    // Every other path is a client-side route: the app shell, never cached so a deploy shows at once.
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root, gzip: true, brotli: true });
  };
}
