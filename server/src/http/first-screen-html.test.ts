import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareUiDist, type UiDist } from '../../../e2e/shop-process.ts';
import { api, listProduct, productDetails, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';

/**
 * The first screen the server puts into a listing's and a product page's HTML, with the real
 * storefront build (its server render, dist/ssr): the products, prices and filters the page's
 * address asks for, as the API answers them, with any product text escaped.
 */

/** Written into the catalog by someone with catalog access, so hostile. */
const HOSTILE = `</script><script>window.pwned=1</script><img src=x onerror=pwned=2> $& Lamp`;

interface Listed {
  id: string;
  name: string;
  price: number;
}

describe('the first screen of listings and product pages, rendered by the storefront', () => {
  let ui: UiDist;
  let t: TestShop;
  let catId: string;
  let hostile: string;
  let indexScripts: number;

  beforeAll(async () => {
    ui = prepareUiDist();
    indexScripts = scriptTags(readFileSync(join(ui.dir, 'index.html'), 'utf8'));
    t = await startTestShop({ env: { UI_DIST: ui.dir } });
    hostile = await listProduct(t, { name: HOSTILE, price: 1234 });
    catId = (await api<{ catId: string }>(t.url, `/api/products/${hostile}`)).body.catId;
    for (const [name, price] of [
      ['Brass Diya Set', 499],
      ['Copper Bottle', 2250],
      ['Teak Tray', 64999],
    ] as const) {
      await listProduct(t, { name, price });
    }
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    ui?.remove();
  });

  /** The page once the server has its first screen ready (the first visitor gets plain index.html). */
  async function servedPage(path: string): Promise<string> {
    await fetch(t.url + path);
    let html = '';
    await expect
      .poll(async () => (html = await (await fetch(t.url + path)).text()).includes('<div id="root" data-first-screen>'), { timeout: 30_000 })
      .toBe(true);
    return html;
  }

  /** The names and rupee prices of the product cards in the HTML, in order. */
  function cards(html: string): { id: string; name: string; price: string }[] {
    return [...html.matchAll(/<article [^>]*data-product-id="(\w+)"[\s\S]*?title="([^"]*)" class="card-name[\s\S]*?<span class="price [^"]*">([^<]*)<\/span>/g)].map(
      ([, id, name, price]) => ({ id: id!, name: name!, price: price! }),
    );
  }

  const escaped = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  const rupees = (n: number) => `Rs ${n.toLocaleString('en-IN')}`;

  it("shows the products, prices and filters of the listing's address, as the API answers that query", async () => {
    const path = `/products/category/${catId}?sort=price-desc&minPrice=450&maxPrice=3000&perPage=20`;
    const html = await servedPage(path);
    const reply = await api<{ products: Listed[] }>(t.url, `/api/products?catId=${catId}&sort=price-desc&minPrice=450&maxPrice=3000&page=1&perPage=20`);
    const expected = reply.body.products.map((p) => ({ id: p.id, name: escaped(p.name), price: rupees(p.price) }));
    // Highest price first, only 450–3,000: the hostile lamp (1,234) between the bottle and the diya set.
    expect(reply.body.products.map((p) => p.price)).toEqual([2250, 1234, 499]);
    expect(cards(html)).toEqual(expected);
    // The filters shown are the address's: the sort menu and the per-page menu.
    const text = html.replaceAll('<!-- -->', '');
    expect(text).toContain('Sort: Price: high to low');
    expect(text).toContain('Show: 20');
    // The same reply inlined for the app, under the request path its first render asks for.
    const inlined = JSON.parse(/window\.__firstScreen=(.*?)<\/script>/.exec(html)![1]!) as Record<string, { products: Listed[] }>;
    expect(inlined[`/api/products?catId=${catId}&page=1&perPage=20&sort=price-desc&minPrice=450&maxPrice=3000`]!.products.map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  it('shows page 2 of a listing as page 2, not page 1', async () => {
    const html = await servedPage(`/products/category/${catId}?page=2&perPage=10`);
    const reply = await api<{ products: Listed[] }>(t.url, `/api/products?catId=${catId}&page=2&perPage=10`);
    expect(reply.body.products).toEqual([]);
    expect(cards(html)).toEqual([]);
  });

  it('escapes a hostile product name: in the markup as text, in the data against </script>', async () => {
    for (const path of [`/products/category/${catId}`, `/product/${hostile}`]) {
      const html = await servedPage(path);
      // No element the name tried to open: the page's scripts are index.html's and the data's.
      expect(scriptTags(html)).toBe(indexScripts + 1);
      expect(html).not.toContain('<img src=x');
      expect(html).toContain(escaped(HOSTILE).slice(0, 40));
      const data = /window\.__firstScreen=(.*?)<\/script>/.exec(html)![1]!;
      expect(data).toContain('\\u003c/script>\\u003cscript>window.pwned=1');
      expect(JSON.stringify(JSON.parse(data))).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    }
  });

  it("shows a product page's name and price, and follows a change to them", async () => {
    const path = `/product/${hostile}`;
    let html = await servedPage(path);
    expect(html).toContain(`data-testid="product-name">${escaped(HOSTILE)}</`);
    expect(html).toContain(rupees(1234));
    const { catId: cat, subCatId } = (await api<{ catId: string; subCatId: string }>(t.url, `/api/products/${hostile}`)).body;
    const { position } = await t.shop.catalog.saveProduct({ productId: hostile, details: productDetails(cat, subCatId, { name: 'Renamed Lamp', price: 1500 }) });
    await t.shop.awaitProjections(position, ['catalog']);
    await expect.poll(async () => (html = await (await fetch(t.url + path)).text()).includes('data-testid="product-name">Renamed Lamp<'), { timeout: 30_000 }).toBe(true);
    expect(html).toContain(rupees(1500));
    expect(html).not.toContain(rupees(1234));
  });
});

/** `<script` elements in an HTML text (what the browser would run). */
function scriptTags(html: string): number {
  return html.match(/<script\b/gi)?.length ?? 0;
}
