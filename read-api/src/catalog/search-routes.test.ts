import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import type { ProductDoc } from '@shop/contracts';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';

interface ResultsReply {
  products: ProductDoc[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
  didYouMean: string[];
  fallback: { catId: string | null; catName: string | null; products: ProductDoc[] } | null;
}

let shop: TestShop;
const catalog = smallCatalog();
const names = (products: ProductDoc[]) => products.map((p) => p.name);

beforeAll(async () => {
  shop = await startTestShop();
  await shop.shop.awaitProjections(await importCatalog(shop.shop.catalog, catalog), ['catalog', 'search']);
});
afterAll(() => shop.close());

describe('search over HTTP (the search read model)', () => {
  it('keeps the spec reply of /api/search (a list of products) and forgives typos in names and brands', async () => {
    const { status, body } = await api<ProductDoc[]>(shop.url, '/api/search?q=sneeker');
    expect(status).toBe(200);
    expect(names(body)).toEqual(['Running Sneaker']);
    expect(body[0]).toMatchObject({ id: catalog.ids.sneaker, price: 2499, catName: 'Fashion' });
    expect(names((await api<ProductDoc[]>(shop.url, '/api/search?q=weeve')).body)).toEqual(['Cotton Shirt']);
    expect(names((await api<ProductDoc[]>(shop.url, '/api/search?q=SILVR%20wacth')).body)).toEqual(['Silver Watch']);
    // Sold only in India.
    expect((await api<ProductDoc[]>(shop.url, '/api/search?q=sneaker&location=US')).body).toEqual([]);
  });

  it("gives the products' pictures as URLs at the shop's address, on both routes and in the fallback", async () => {
    const picture = `${shop.shop.publicUrls.base}/images/seed/product/a.svg`;
    // Twice each: the second reply's products come from the kept product JSON.
    for (let i = 0; i < 2; i++) {
      expect((await api<ProductDoc[]>(shop.url, '/api/search?q=sneeker')).body[0]!.images[0]).toBe(picture);
      expect((await api<ResultsReply>(shop.url, `/api/search/results?q=sneaker&perPage=${i + 1}`)).body.products[0]!.images[0]).toBe(picture);
      expect((await api<ResultsReply>(shop.url, `/api/search/results?q=qqqzz${i}`)).body.fallback!.products[0]!.images[0]).toBe(picture);
    }
  });

  it('keeps a search reply from its second request on: an ETag and a 304 for a repeated search, none kept for a one-off', async () => {
    const path = '/api/search?q=silver&location=IN';
    const first = await api<ProductDoc[]>(shop.url, path);
    // A one-off search (most typo searches) is not hashed and kept: no ETag yet.
    expect(first.headers.get('etag')).toBeNull();
    expect(first.headers.get('cache-control')).toBe('no-cache');
    // Asked again, in any parameter order: the same body, now kept, with an ETag a browser revalidates.
    const second = await api<ProductDoc[]>(shop.url, '/api/search?location=IN&q=silver');
    expect(second.body).toEqual(first.body);
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    // (node:http, not fetch: fetch adds `Cache-Control: no-cache` to a request with If-None-Match.)
    const revalidated = await new Promise<number>((resolve, reject) => {
      get(`${shop.url}${path}`, { headers: { 'If-None-Match': etag! } }, (res) => resolve((res.resume(), res.statusCode ?? 0))).on('error', reject);
    });
    expect(revalidated).toBe(304);
  });

  it('pages the storefront reply and offers "Did you mean" for a word matched only through a typo', async () => {
    const { body } = await api<ResultsReply>(shop.url, '/api/search/results?q=snekaer&perPage=1');
    expect(body).toMatchObject({ total: 1, page: 1, perPage: 1, totalPages: 1, fallback: null });
    expect(names(body.products)).toEqual(['Running Sneaker']);
    expect(body.didYouMean[0]).toBe('sneaker');
    const fashion = await api<ResultsReply>(shop.url, '/api/search/results?q=fashion&perPage=2&page=2');
    expect(fashion.body).toMatchObject({ total: 3, page: 2, totalPages: 2, didYouMean: [] });
    expect(fashion.body.products).toHaveLength(1);
  });

  it('answers a query that matches nothing with popular products instead of an empty page', async () => {
    const { body } = await api<ResultsReply>(shop.url, '/api/search/results?q=qqqzzz');
    expect(body.products).toEqual([]);
    expect(body.total).toBe(0);
    expect(body.fallback?.products.length).toBe(4);
    expect(body.fallback?.products[0]!.name).toBe('Nova Phone'); // the best rated
  });

  it('follows catalog changes: a renamed product is found by its new words only', async () => {
    const renamed = { ...catalog, products: catalog.products.map((p) => (p.id === catalog.ids.shirt ? { ...p, name: 'Linen Kurta' } : p)) };
    await shop.shop.awaitProjections(await importCatalog(shop.shop.catalog, renamed), ['catalog', 'search']);
    expect(names((await api<ProductDoc[]>(shop.url, '/api/search?q=kurtaa')).body)).toEqual(['Linen Kurta']);
    expect((await api<ProductDoc[]>(shop.url, '/api/search?q=cotton')).body).toEqual([]);
  });

  it('refuses bad paging with a clear message', async () => {
    expect(await api(shop.url, '/api/search/results?q=shirt&perPage=61')).toMatchObject({ status: 400, body: { msg: 'perPage must be at most 60' } });
    expect(await api(shop.url, '/api/search/results?q=shirt&page=101')).toMatchObject({ status: 400, body: { msg: 'Results past the first 6000 are not shown' } });
    expect(await api(shop.url, '/api/search/results?q=')).toMatchObject({ status: 400, body: { msg: 'Query is required' } });
  });
});
