import type { Context, Next } from 'koa';
import type { FileStore } from './port.ts';

/**
 * Serves stored files at `prefix/<key>`. Keys are random, so a file never changes: cache it for
 * good. `nosniff` and a locked-down CSP keep a browser from treating an image as anything else.
 */
export function serveFiles(files: FileStore, prefix = '/uploads') {
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(`${prefix}/`)) return next();
    const key = files.keyOf(ctx.path);
    const file = key ? await files.get(key) : null;
    if (!file) {
      ctx.status = 404;
      ctx.body = { error: true, msg: 'File not found' };
      return;
    }
    ctx.type = file.contentType;
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = file.bytes;
  };
}
