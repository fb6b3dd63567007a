import type { ProductVariant } from '@shop/contracts';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from 'playwright-core';
import { inject } from 'vitest';
import { scaledTimeout } from '../test-support/time-budget.ts';

/** This worker's shop (global setup): its address, and its data folder, whose outbox holds the e-mailed codes. */
export const shop = (() => {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  const shops = inject('shops');
  const mine = shops[worker - 1];
  if (!mine) throw new Error(`e2e worker ${worker} has no shop: the global setup started ${shops.length} (TEST_WORKERS)`);
  return mine;
})();
export const baseURL = shop.baseURL;
export const SCREENSHOTS = resolve(import.meta.dirname, '..', 'screenshots');
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

let browser: Promise<Browser> | undefined;

/** The run's one Chromium (launched by the global setup), shared by every test of a file. */
export function sharedBrowser(): Promise<Browser> {
  browser ??= chromium.connect(inject('wsEndpoint'));
  return browser;
}

export async function disconnect(): Promise<void> {
  if (browser) await (await browser).close();
  browser = undefined;
}

export interface Tab {
  page: Page;
  context: BrowserContext;
  /** Uncaught page errors, checked at the end of each test. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A page load may first show the server's static first screen (server/src/http/first-screen.ts),
 * a picture of the page that takes no input; React replaces it moments later. A shopper cannot
 * act on the copy (it ignores clicks), so tests start acting once React has taken over: every
 * `goto` and `reload` of this page also waits for `#root` to lose its `data-first-screen` mark
 * (at once when the page came without a copy; not at all for a reply that is not a web page).
 */
function awaitTheApp(page: Page): void {
  const taken = async (response: Response | null) => {
    if (response?.ok() === false || (response && !response.headers()['content-type']?.startsWith('text/html'))) return;
    await page.waitForSelector('#root:not([data-first-screen])', { state: 'attached' });
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await taken(response);
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await taken(response);
    return response;
  };
}

/**
 * A fresh context (own localStorage) and page at `viewport`, `storage` put into localStorage
 * before every page load. `startEachLoadFrom`: every page load first clears local and session
 * storage, so it starts from `storage` alone (a tab that is reused: `tabPool`).
 */
export async function openTab(viewport = DESKTOP, storage: Record<string, string> = {}, { startEachLoadFrom = false } = {}): Promise<Tab> {
  const context = await (await sharedBrowser()).newContext({ viewport, baseURL, isMobile: viewport.width < 600, hasTouch: viewport.width < 600 });
  if (Object.keys(storage).length || startEachLoadFrom) {
    const clear = startEachLoadFrom ? 'localStorage.clear(); sessionStorage.clear();' : '';
    await context.addInitScript(`(() => { ${clear} const s = ${JSON.stringify(storage)}; for (const k in s) localStorage.setItem(k, s[k]); })()`);
  }
  const page = await context.newPage();
  page.setDefaultTimeout(scaledTimeout(20_000));
  awaitTheApp(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, context, errors, close: () => context.close() };
}

/**
 * Runs `body` with a fresh tab; on failure saves screenshots/failed-{name}.png first. Fails the
 * test on uncaught page errors.
 */
export async function withTab(name: string, viewport: { width: number; height: number }, body: (tab: Tab) => Promise<void>, storage: Record<string, string> = {}): Promise<void> {
  const tab = await openTab(viewport, storage);
  try {
    await runInTab(tab, name, body);
  } finally {
    await tab.close();
  }
}

/** `body` in `tab`, failing on the page's uncaught errors; a failure saves screenshots/failed-{name}.png first. */
async function runInTab(tab: Tab, name: string, body: (tab: Tab) => Promise<void>): Promise<void> {
  try {
    await body(tab);
    if (tab.errors.length) throw new Error(`page errors: ${tab.errors.join('; ')}`);
  } catch (error) {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await tab.page.screenshot({ path: join(SCREENSHOTS, `failed-${name}.png`) }).catch(() => undefined);
    throw error;
  }
}

/**
 * Tabs reused from test to test, for tests that each open one screen in a tab and only look at it
 * (the accessibility checks): a test takes a tab of its viewport and storage that no other test is
 * using, or opens one, and hands it back when it passes. A screen then costs a page load in a tab
 * already open instead of a new context and page, which start a renderer and compile the
 * storefront afresh (about a CPU-second of Chromium's each, over dozens of screens). Each page
 * load in a pooled tab starts from its `storage` alone (`openTab`'s `startEachLoadFrom`), so a
 * screen never sees what an earlier one stored; a tab whose test failed is closed, not reused.
 */
export function tabPool() {
  const idle = new Map<string, Tab[]>();
  const open = new Set<Tab>();
  return {
    /** `withTab`, in a tab of the pool. */
    async with(name: string, viewport: { width: number; height: number }, body: (tab: Tab) => Promise<void>, storage: Record<string, string> = {}): Promise<void> {
      const key = `${viewport.width}x${viewport.height} ${JSON.stringify(storage)}`;
      let tab = idle.get(key)?.pop();
      if (!tab) {
        tab = await openTab(viewport, storage, { startEachLoadFrom: true });
        open.add(tab);
      }
      tab.errors.length = 0;
      try {
        await runInTab(tab, name, body);
      } catch (error) {
        open.delete(tab);
        await tab.close();
        throw error;
      }
      // Parked on a page of the same shop without scripts (so its renderer stays for the next
      // screen, and the storefront's timers and carousels stop meanwhile).
      await tab.page.goto('/healthz');
      idle.set(key, [...(idle.get(key) ?? []), tab]);
    },
    async close(): Promise<void> {
      await Promise.all([...open].map((tab) => tab.close()));
      open.clear();
      idle.clear();
    },
  };
}

/**
 * Opens Home. Older server builds answered `GET /` with 404 (koa-send without `index`); then fall
 * back to /index.html, which the storefront maps to `/` before it starts.
 */
export async function gotoHome(page: Page): Promise<void> {
  const response = await page.goto('/');
  if (response?.status() === 404) {
    console.warn('[e2e] GET / answered 404; opening /index.html instead');
    await page.goto('/index.html');
  }
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('home-page').waitFor();
}

/** GET a JSON API route of the running shop. */
export async function api<T>(path: string): Promise<T> {
  const response = await fetch(baseURL + path);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Resolves once the page has rendered two frames from now: the layout of what just changed, the
 * intersection observers it fires (lazy pictures, rows that mount near the viewport) and the
 * frame their updates need. A condition rather than a fixed pause: as quick as the page on a
 * quiet machine, and still right on a loaded one, where a fixed pause may end before a frame.
 */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate('new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined))))');
}

/**
 * Waits (at most `timeout` ms, scaled to the machine, then goes on) until every picture the shopper can see has loaded or
 * failed. "Can see" as the browser's lazy loading decides it, with an IntersectionObserver: a
 * carousel's slides beyond its clipped edge, or a closed menu's pictures, are not waited for (the
 * browser will not load them until they show). Checked with `evaluate` frame by frame, not
 * `waitForFunction`, whose string predicate the page's Content-Security-Policy (rightly) refuses.
 */
async function picturesInView(page: Page, timeout = scaledTimeout(5_000)): Promise<void> {
  const loadingInView = `new Promise((done) => {
    const loading = Array.from(document.images).filter((img) => !img.complete);
    if (loading.length === 0) return done(0);
    const observer = new IntersectionObserver((entries) => {
      observer.disconnect();
      done(entries.filter((entry) => entry.isIntersecting).length);
    });
    for (const img of loading) observer.observe(img);
  })`;
  const end = Date.now() + timeout;
  while (Date.now() < end && (await page.evaluate<number>(loadingInView)) > 0) await nextFrames(page);
}

/** Scrolls to the bottom in steps so lazy pictures load, then back to the top. */
export async function scrollThrough(page: Page): Promise<void> {
  const height = await page.evaluate<number>('document.documentElement.scrollHeight');
  for (let y = 0; y < height; y += 600) {
    await page.evaluate(`window.scrollTo(0, ${y})`);
    await nextFrames(page);
  }
  await page.evaluate('window.scrollTo(0, 0)');
  await nextFrames(page);
}

/** Scrolls down until a lazily mounted section exists, then brings it into view. */
export async function reveal(page: Page, testId: string): Promise<void> {
  const target = page.getByTestId(testId).first();
  for (let i = 0; i < 40 && (await target.count()) === 0; i++) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(120);
  }
  await target.scrollIntoViewIfNeeded();
}

/**
 * Saves the test's screen at 1366 px and 390 px wide: screenshots/{name}-1366.png and -390.png.
 * The viewport is restored afterwards.
 */
export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const original = page.viewportSize() ?? DESKTOP;
  const y = await page.evaluate<number>('window.scrollY');
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    await page.evaluate(`window.scrollTo(0, ${y})`);
    if (options.fullPage) await scrollThrough(page);
    // The new width's layout painted and the pictures it shows loaded.
    await nextFrames(page);
    await picturesInView(page);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${viewport.width}.png`), fullPage: options.fullPage ?? false, animations: 'disabled' });
  }
  await page.setViewportSize(original);
}

/**
 * Product ids of the cards inside `scope` once they are all past their skeleton; [] while any
 * card is still loading. Never waits, so it suits expect.poll.
 */
export async function cardIds(page: Page, scope: string): Promise<string[]> {
  const cards = page.locator(`${scope} [data-testid="product-card"]`);
  const states = await cards.evaluateAll((list) => list.map((c) => [c.getAttribute('data-product-id') ?? '', c.getAttribute('data-ready')] as const));
  const loading = await page.locator(`${scope} [data-testid="card-loading"]`).count();
  if (states.length === 0 || loading > 0 || states.some(([, ready]) => ready !== 'true')) return [];
  return states.map(([id]) => id);
}

/** Waits until the cards inside `scope` are all past their skeleton, and returns their ids. */
export async function waitForCards(page: Page, scope: string, timeout = scaledTimeout(20_000)): Promise<string[]> {
  const end = Date.now() + timeout;
  for (;;) {
    const ids = await cardIds(page, scope);
    if (ids.length) return ids;
    if (Date.now() > end) throw new Error(`no ready product cards in ${scope}`);
    await page.waitForTimeout(150);
  }
}

export interface ApiProduct {
  id: string;
  name: string;
  description: string;
  price: number;
  rating: number;
  catId: string;
  subCatId: string;
  countInStock: number;
  images: string[];
  productRam: string[];
  size: string[];
  productWeight: string[];
  variants?: ProductVariant[];
  location: { value: string }[];
}
export interface ApiCategory {
  id: string;
  name: string;
  children: { id: string; name: string }[];
}
