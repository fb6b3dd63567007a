import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';

describe('serving the built storefront', () => {
  const dist = tempDir('shop-ui-dist-');
  let shop: TestShop;

  beforeAll(async () => {
    mkdirSync(join(dist.path, 'assets'));
    writeFileSync(join(dist.path, 'index.html'), '<!doctype html><title>Shop</title>');
    writeFileSync(join(dist.path, 'assets', 'app-1a2b3c.js'), 'console.log(1)');
    shop = await startTestShop({ env: { UI_DIST: dist.path } });
  });
  afterAll(async () => {
    await shop.close();
    dist.remove();
  });

  it('answers / and every client-side route with the app shell, never cached', async () => {
    for (const path of ['/', '/cart', '/product/0123456789abcdef01234567', '/products/subCat/x', '/apiary']) {
      const response = await fetch(shop.url + path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Shop</title>');
    }
  });

  it('serves hashed assets for a year, and a missing file as a 404', async () => {
    const asset = await fetch(`${shop.url}/assets/app-1a2b3c.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${shop.url}/assets/missing.js`)).status).toBe(404);
  });

  it('leaves unknown API paths as JSON 404s, in any letter case', async () => {
    for (const path of ['/api/nothing-here', '/API/nothing-here', '/api']) {
      const response = await fetch(shop.url + path);
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: true });
    }
  });
});

describe('the static first screen', () => {
  const dist = tempDir('shop-ui-dist-');
  let shop: TestShop;

  beforeAll(async () => {
    mkdirSync(join(dist.path, 'ssr'), { recursive: true });
    writeFileSync(join(dist.path, 'index.html'), '<!doctype html><head><!--first-screen-head--></head><body><div id="root"></div></body>');
    writeFileSync(join(dist.path, 'ssr', 'route-assets.json'), JSON.stringify({ home: { js: [], css: ['assets/home.css'] } }));
    // A stand-in for the storefront's render: lists the replies it was given; fails for one
    // listing, and ends its worker thread for another.
    writeFileSync(
      join(dist.path, 'ssr', 'first-screen.js'),
      `export async function renderFirstScreen(address, replies) {
        const pathname = address.split('?')[0];
        if (pathname.endsWith('dead')) process.exit(1);
        if (pathname.endsWith('bad')) throw new Error('cannot render this');
        return { head: '<style>.copy{}</style>', body: '<p class="copy">' + address + ' ' + Object.keys(replies).join(' ') + '</p>' };
      }`,
    );
    shop = await startTestShop({ env: { UI_DIST: dist.path } });
  });
  afterAll(async () => {
    await shop.close();
    dist.remove();
  });

  const page = async (path: string) => (await fetch(shop.url + path)).text();

  it('serves plain index.html until the render for the current data is ready, then the copy with its data and styles', async () => {
    expect(await page('/')).not.toContain('data-first-screen');
    await expect.poll(() => page('/'), { timeout: 10_000 }).toContain('<div id="root" data-first-screen><p class="copy">/ /api/category /api/homeBanner</p></div>');
    const html = await page('/');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/home.css"><style>.copy{}</style>');
    expect(html).toContain('<script>window.__firstScreen={"/api/category":{"categoryList":[]},"/api/homeBanner":[]}</script>');
  });

  it('serves plain index.html for a page without data or whose render failed', async () => {
    const listing = '/products/category/0123456789abcdef01234bad';
    for (const path of ['/product/0123456789abcdef01234567', '/product/not-an-id', listing, '/cart']) await page(path);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const path of ['/product/0123456789abcdef01234567', '/product/not-an-id', listing, '/cart']) {
      expect(await page(path)).toBe('<!doctype html><head><!--first-screen-head--></head><body><div id="root"></div></body>');
    }
  });

  it('carries on with a new worker when one ends', async () => {
    const crashing = '/products/subCat/0123456789abcdef0123dead';
    const listing = '/products/subCat/0123456789abcdef01234567';
    expect(await page(crashing)).not.toContain('data-first-screen');
    expect(await page(listing)).not.toContain('data-first-screen');
    await expect.poll(() => page(listing), { timeout: 10_000 }).toContain(`<p class="copy">${listing}?page=1&perPage=10 /api/category /api/products?subCatId=`);
    expect(await page(crashing)).not.toContain('data-first-screen');
  });

  it('inlines the same absolute image URLs as the API replies, so each picture is fetched once', async () => {
    const catalog = smallCatalog();
    await shop.shop.awaitProjections(await importCatalog(shop.shop.catalog, catalog), ['catalog']);
    const id = catalog.ids.shirt;
    const path = `/product/${id}`;
    await page(path);
    await expect.poll(() => page(path), { timeout: 10_000 }).toContain('data-first-screen');
    const inlined = JSON.parse(/window\.__firstScreen=(.*?)<\/script>/.exec(await page(path))![1]!) as Record<string, { images: string[] }>;
    const served = await api<{ images: string[] }>(shop.url, `/api/products/${id}`);
    expect(served.body.images).toEqual([`${shop.url}/images/seed/product/a.svg`, `${shop.url}/images/seed/product/b.svg`]);
    expect(inlined[`/api/products/${id}`]!.images).toEqual(served.body.images);
  });
});
