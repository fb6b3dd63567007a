import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'koa';

/**
 * The storefront's first screen as static HTML inside index.html, so the browser paints the page
 * (header, banner, listing grid, product details) before any script has run; React then renders
 * the same page from the same data and replaces it. The render is the storefront's own code
 * (ui/src/app/firstScreen.tsx, built into `<dist>/ssr`); the data comes from our own API, the
 * same requests index.html's boot script makes, and is inlined so the browser does not fetch it
 * again. A build without `ssr/` (or any failure) serves index.html as it is.
 */

interface FirstScreenModule {
  firstScreenRequests(pathname: string): string[] | null;
  renderFirstScreen(pathname: string, replies: Record<string, unknown>): Promise<{ head: string; body: string }>;
}

type RouteAssets = Record<string, { js: string[]; css: string[] }>;

/** Renders are reused while the data they were made from is unchanged (keyed by its hash). */
const CACHE_LIMIT = 200;
/** Past this the page is served without a first screen rather than kept waiting. */
const DATA_TIMEOUT_MS = 1500;

/** Which route-assets.json entry a path's stylesheets are under (as in ui/vite.config.ts). */
function routeKey(pathname: string): string {
  if (pathname === '/' || pathname === '/index.html') return 'home';
  if (pathname.startsWith('/products/')) return 'listing';
  if (pathname.startsWith('/product/')) return 'product';
  return '';
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function firstScreen(distDir: string) {
  const ssrDir = resolve(distDir, 'ssr');
  const entry = resolve(ssrDir, 'first-screen.js');
  const available = existsSync(entry);
  // Loaded at start-up (it is large), so the first visitor does not wait for it.
  let module: Promise<FirstScreenModule> | undefined = available ? import(pathToFileURL(entry).href) : undefined;
  module?.catch(() => undefined);
  let assets: RouteAssets | undefined;
  const cache = new Map<string, { head: string; body: string }>();

  /** This server's own address, as the request reached it (the API answers there too). */
  function selfUrl(ctx: Context): string {
    const { localAddress = '127.0.0.1', localPort } = ctx.req.socket;
    const host = localAddress.includes(':') ? `[${localAddress}]` : localAddress;
    return `http://${host}:${localPort}`;
  }

  async function fetchReplies(ctx: Context, urls: string[]): Promise<Record<string, unknown> | null> {
    const base = selfUrl(ctx);
    const signal = AbortSignal.timeout(DATA_TIMEOUT_MS);
    const replies = await Promise.all(
      urls.map(async (url) => {
        const response = await fetch(base + url, { signal, headers: { accept: 'application/json' } });
        return response.ok ? ((await response.json()) as unknown) : null;
      }),
    );
    // A missing reply (unknown product, say) leaves the page to the browser, which shows the error.
    if (replies.some((reply) => reply === null)) return null;
    return Object.fromEntries(urls.map((url, i) => [url, replies[i]]));
  }

  /** index.html with the first screen of `ctx.path` in it, or unchanged when there is none. */
  return async function withFirstScreen(ctx: Context, indexHtml: string): Promise<string> {
    if (!available) return indexHtml;
    try {
      module ??= import(pathToFileURL(entry).href) as Promise<FirstScreenModule>;
      assets ??= JSON.parse(readFileSync(resolve(ssrDir, 'route-assets.json'), 'utf8')) as RouteAssets;
      const render = await module;
      const urls = render.firstScreenRequests(ctx.path);
      if (!urls) return indexHtml;
      const replies = await fetchReplies(ctx, urls);
      if (!replies) return indexHtml;
      const data = scriptJson(replies);
      const key = `${ctx.path}\n${createHash('sha1').update(data).digest('base64')}`;
      let screen = cache.get(key);
      if (screen === undefined) {
        screen = await render.renderFirstScreen(ctx.path, replies);
        if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
        cache.set(key, screen);
      }
      // Stylesheets of the page's chunks, parser-inserted so they block rendering: the first
      // screen never paints unstyled and then jumps.
      const css = (assets[routeKey(ctx.path)]?.css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
      return indexHtml
        .replace('<!--first-screen-head-->', `${css}${screen.head}<script>window.__firstScreen=${data}</script>`)
        .replace('<div id="root"></div>', `<div id="root" data-first-screen>${screen.body}</div>`);
    } catch (error) {
      ctx.app.emit('error', error, ctx);
      return indexHtml;
    }
  };
}
