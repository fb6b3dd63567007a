import type { ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import send from 'send';
import { IMAGE_CONTENT_TYPES, type FileStore } from './port.ts';

/** A year, in seconds: stored files never change (below). */
const ONE_YEAR_S = 31_536_000;

/**
 * Serves stored files at `prefix/<key>` as streams (`send`, the file server under Express's
 * static): a request holds a small read buffer however large the file and however slowly the
 * client reads, never the whole file. Ranges (206, 416 for one past the end), ETag and
 * Last-Modified with conditional 304s come with it. Keys are random and a key's file is never
 * rewritten, so a file is cached for good. Only keys the store would generate are served
 * (`keyOf`: no `..`, no dot-files, an image extension), and the type comes from that extension;
 * `nosniff` and a locked-down CSP keep a browser from treating an image as anything else.
 */
export function serveFiles(files: FileStore, prefix = '/uploads') {
  return async (ctx: Context, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(`${prefix}/`)) return next();
    const key = files.keyOf(ctx.path);
    if (!key) {
      notFound(ctx);
      return;
    }
    const contentType = IMAGE_CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
    const failure = await new Promise<(Error & { status?: number; headers?: Record<string, string> }) | null>((resolve) => {
      const stream = send(ctx.req, `/${key}`, {
        root: files.root,
        dotfiles: 'deny',
        index: false,
        etag: true,
        lastModified: true,
        acceptRanges: true,
        maxAge: ONE_YEAR_S * 1000,
        immutable: true,
      });
      // Listening for errors makes `send` hand them over (a missing file) instead of answering in HTML.
      stream.on('error', resolve);
      stream.on('headers', (res: ServerResponse) => {
        // Koa starts every reply at 404; `send` changes the status only for a range or a 304.
        res.statusCode = 200;
        res.setHeader('Content-Type', contentType);
        res.setHeader('X-Content-Type-Options', 'nosniff');
        res.setHeader('Content-Security-Policy', "default-src 'none'");
      });
      // From here the reply is `send`'s: Koa leaves the response alone.
      ctx.respond = false;
      ctx.res.once('close', () => resolve(null));
      stream.pipe(ctx.res);
    });
    if (!failure) return;
    ctx.respond = true;
    for (const [name, value] of Object.entries(failure.headers ?? {})) ctx.set(name, value);
    if (failure.status === 416) {
      ctx.status = 416;
      ctx.body = { error: true, msg: 'Requested range not satisfiable' };
    } else if (failure.status === 404 || failure.status === 403) {
      notFound(ctx);
    } else {
      throw failure;
    }
  };
}

function notFound(ctx: Context): void {
  ctx.status = 404;
  ctx.body = { error: true, msg: 'File not found' };
}
