import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { DocumentStore, Logger, PublicUrls } from '@shop/platform';
import { firstScreenData, type FirstScreenData } from './first-screen-data.ts';

/**
 * The storefront's first screen as static HTML inside index.html, so the browser paints the page
 * (header, banner, listing grid, product details) before any script has run; React then renders
 * the same page from the same data and replaces it. The data comes from the read models
 * (first-screen-data.ts) and is inlined, so the browser does not fetch it again. The HTML is the
 * storefront's own render (ui/src/app/firstScreen.tsx, built into `<dist>/ssr`), made in a
 * worker thread, never on the request path: a page whose render for its current data is not
 * ready yet is served as plain index.html (as the shop works without a first screen at all), and
 * the render is queued for the next visitor. A build without `ssr/` serves plain index.html.
 */

export interface FirstScreenDeps {
  docs: DocumentStore;
  /** Image paths become URLs at the public address, as in the API's replies. */
  urls: PublicUrls;
  logger: Pick<Logger, 'error'>;
}

/** A page to serve: its HTML, and the inline scripts the server wrote into it (for the page's CSP). */
export interface Page {
  html: string;
  scripts: string[];
}

interface Screen {
  head: string;
  body: string;
}

type RouteAssets = Record<string, { js: string[]; css: string[] }>;

/** Renders kept, in bytes of HTML and styles; the least recently served go first. */
const CACHE_BYTES = 16 * 1024 * 1024;
/** Pages waiting for the worker at most; more are served without a copy until it catches up. */
const QUEUE_LIMIT = 32;
/** The worker's heap; a render past it ends the worker. */
const WORKER_HEAP_MB = 256;
/** Workers that may end unasked before pages are served without a first screen for good. */
const MAX_CRASHES = 3;

/** Which route-assets.json entry a path's stylesheets are under (as in ui/vite.config.ts). */
function routeKey(pathname: string): string {
  if (pathname === '/' || pathname === '/index.html') return 'home';
  if (pathname.startsWith('/products/')) return 'listing';
  if (pathname.startsWith('/product/')) return 'product';
  return '';
}

/** `{ "<url>": <reply>, … }`, safe inside a <script> element (`<` only occurs inside JSON strings). */
function inlineJson(replies: Record<string, string>): string {
  const json = `{${Object.entries(replies)
    .map(([url, reply]) => `${JSON.stringify(url)}:${reply}`)
    .join(',')}}`;
  return json.replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/**
 * `html` with the first `marker` replaced by `content`, verbatim. Not `String.replace`: its
 * replacement string gives `$&`, `$'`, `` $` `` and `$$` a meaning, and the content holds product
 * names and descriptions that anyone with catalog access wrote.
 */
export function spliceOnce(html: string, marker: string, content: string): string {
  const at = html.indexOf(marker);
  return at < 0 ? html : html.slice(0, at) + content + html.slice(at + marker.length);
}

/** The worker: loads the render once, then renders one page per message. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const render = import(workerData.entry);
parentPort.on('message', async ({ address, json }) => {
  try {
    parentPort.postMessage({ screen: await (await render).renderFirstScreen(address, JSON.parse(json)) });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.stack) || error) });
  }
});`;

export function firstScreen(distDir: string, deps: FirstScreenDeps | undefined) {
  const ssrDir = resolve(distDir, 'ssr');
  const entry = resolve(ssrDir, 'first-screen.js');
  if (!deps || !existsSync(entry) || !existsSync(resolve(ssrDir, 'route-assets.json'))) return async (_path: string, _search: string, indexHtml: string): Promise<Page> => ({ html: indexHtml, scripts: [] });
  const { docs, urls, logger } = deps;
  const assets = JSON.parse(readFileSync(resolve(ssrDir, 'route-assets.json'), 'utf8')) as RouteAssets;

  /** Per address (path and a listing's filters), the render of the data with hash `hash` (null when it failed: not retried for that data). */
  const cache = new Map<string, { hash: string; screen: Screen | null; bytes: number }>();
  let cachedBytes = 0;
  function remember(pathname: string, hash: string, screen: Screen | null) {
    forget(pathname);
    const bytes = pathname.length + hash.length + (screen ? screen.head.length + screen.body.length : 0);
    cache.set(pathname, { hash, screen, bytes });
    cachedBytes += bytes;
    for (const [oldest] of cache) {
      if (cachedBytes <= CACHE_BYTES) break;
      forget(oldest);
    }
  }
  function forget(pathname: string) {
    cachedBytes -= cache.get(pathname)?.bytes ?? 0;
    cache.delete(pathname);
  }

  // One worker renders one page at a time; a newer request for a queued page replaces its data.
  const queue = new Map<string, { hash: string; json: string }>();
  let worker: Worker | undefined;
  let rendering: { pathname: string; hash: string } | undefined;
  let crashes = 0;
  let broken = false;

  function schedule(pathname: string, hash: string, json: string) {
    if (broken || (rendering?.pathname === pathname && rendering.hash === hash)) return;
    if (!queue.has(pathname) && queue.size >= QUEUE_LIMIT) return;
    queue.set(pathname, { hash, json });
    renderNext();
  }

  function renderNext() {
    if (rendering || broken) return;
    const next = queue.entries().next();
    if (next.done) return;
    const [pathname, { hash, json }] = next.value;
    queue.delete(pathname);
    rendering = { pathname, hash };
    startWorker().postMessage({ address: pathname, json });
  }

  function startWorker(): Worker {
    if (worker) return worker;
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { entry: pathToFileURL(entry).href },
      // Plain Node: the render is built JavaScript (no TypeScript loader from the server's flags).
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    // A render in progress never keeps the process alive.
    worker.unref();
    worker.on('message', ({ screen, error }: { screen?: Screen; error?: string }) => {
      const done = rendering!;
      rendering = undefined;
      if (error !== undefined) logger.error({ path: done.pathname, error }, 'first screen render failed; the page is served without one');
      remember(done.pathname, done.hash, screen ?? null);
      renderNext();
    });
    worker.on('error', (error) => logger.error({ err: error }, 'first screen worker failed'));
    worker.on('exit', () => {
      // Never asked to stop, so it crashed (out of memory, say): the page it was rendering is
      // served without a copy, and a new worker takes the queue, up to a few times in all.
      if (rendering) remember(rendering.pathname, rendering.hash, null);
      worker = undefined;
      rendering = undefined;
      broken = ++crashes >= MAX_CRASHES;
      if (broken) queue.clear();
      else renderNext();
    });
    return worker;
  }

  /** index.html with the first screen of `pathname` (`search` its query string) in it, or unchanged when there is none ready. */
  return async function withFirstScreen(requestPath: string, search: string, indexHtml: string): Promise<Page> {
    const plain = { html: indexHtml, scripts: [] };
    let page: FirstScreenData | null;
    try {
      page = await firstScreenData(docs, urls, requestPath, search);
    } catch (error) {
      logger.error({ err: error, path: requestPath }, 'first screen data failed; the page is served without one');
      return plain;
    }
    if (!page) return plain;
    // Renders are kept per address: a listing's page 2 is not page 1's render.
    const pathname = page.address;
    const data = inlineJson(page.replies);
    const hash = createHash('sha1').update(data).digest('base64');
    const cached = cache.get(pathname);
    if (cached?.hash !== hash) {
      schedule(pathname, hash, data);
      return plain;
    }
    // Served most recently: last out of the cache.
    cache.delete(pathname);
    cache.set(pathname, cached);
    if (!cached.screen) return plain;
    // Stylesheets of the page's chunks, parser-inserted so they block rendering: the first
    // screen never paints unstyled and then jumps.
    const css = (assets[routeKey(requestPath)]?.css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
    const script = `window.__firstScreen=${data}`;
    const html = spliceOnce(
      spliceOnce(indexHtml, '<!--first-screen-head-->', `${css}${cached.screen.head}<script>${script}</script>`),
      '<div id="root"></div>',
      `<div id="root" data-first-screen>${cached.screen.body}</div>`,
    );
    return { html, scripts: [script] };
  };
}
