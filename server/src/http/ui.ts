import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { firstScreen, type FirstScreenDeps } from './first-screen.ts';
import { isApiPath } from './api-router.ts';
import { scriptHash, type ContentSecurityPolicy } from './security-headers.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Serves the built storefront: files as they are (hashed assets cached for a year), and
 * `index.html` for any other GET that is not an API call, so client-side routes deep-link.
 * index.html carries the first screen of the page it opens (see first-screen.ts) when `firstScreenDeps`
 * are given and the build has one. With `csp`, a page with a first screen gets a policy that also
 * allows the data script the server wrote into it (hashed as written, never read back from the page).
 */
export function serveUi(distDir: string, firstScreenDeps?: FirstScreenDeps, csp?: ContentSecurityPolicy) {
  const root = resolve(distDir);
  const available = existsSync(resolve(root, 'index.html'));
  const withFirstScreen = firstScreen(root, available ? firstScreenDeps : undefined);
  return async (ctx: Context, next: Next) => {
    await next();
    if (!available || ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (isApiPath(ctx.path)) return;
    // The server's first-screen render lives in the build, but is not a file for browsers.
    if (ctx.path.startsWith('/ssr/')) return;
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
    if (ctx.method === 'HEAD') {
      await send(ctx, 'index.html', { root, gzip: true, brotli: true });
      return;
    }
    const { html, scripts } = await withFirstScreen(ctx.path, ctx.querystring, await readFile(resolve(root, 'index.html'), 'utf8'));
    ctx.type = 'html';
    // The build's boot scripts are in every page's policy; a first screen adds its own data script.
    if (csp && scripts.length > 0) ctx.set('Content-Security-Policy', csp.with(scripts.map(scriptHash)));
    ctx.vary('Accept-Encoding');
    // Made per request, so compressed per request: brotli at a fast level, else gzip.
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'br') {
      ctx.set('Content-Encoding', 'br');
      ctx.body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    } else if (encoding === 'gzip') {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = await gzipAsync(html, { level: 6 });
    } else {
      ctx.body = html;
    }
  };
}
