import { get } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { addToCart, checkoutAndPay, shopper } from '../../../test-support/shop-fixtures.ts';
import { CATALOG, type ProductDoc, type ProductPage } from '@shop/contracts';
import { SqliteDocumentStore } from '@shop/platform/adapters';
import { catalogCollections } from '@shop/projections';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';

let t: TestShop;
const catalog = smallCatalog();
const { ids } = catalog;

beforeAll(async () => {
  t = await startTestShop();
  await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog']);
});
afterAll(() => t?.close());

const details = (id: string) => {
  const { id: _id, dateCreated: _d, ...rest } = catalog.products.find((p) => p.id === id)!;
  return rest;
};

/**
 * A browser's revalidation: If-None-Match alone. (fetch adds `Cache-Control: no-cache` to a
 * request carrying If-None-Match, which asks for a full reply, so this goes through node:http.)
 */
function revalidate(path: string, etag: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(t.url + path, { headers: { 'If-None-Match': etag } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

describe('catalog reply cache', () => {
  it('answers a repeated GET with the same reply and an ETag, and 304 when the browser has it', async () => {
    const first = await api<ProductDoc>(t.url, `/api/products/${ids.sneaker}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await api<ProductDoc>(t.url, `/api/products/${ids.sneaker}`);
    expect([again.status, again.headers.get('etag')]).toEqual([200, etag]);
    expect(again.body).toEqual(first.body);

    expect(await revalidate(`/api/products/${ids.sneaker}`, etag!)).toEqual({ status: 304, body: '' });
    expect((await revalidate(`/api/products/${ids.sneaker}`, '"other"')).status).toBe(200);
  });

  it('keys replies by path and every query parameter, in any order', async () => {
    const a = await api<ProductPage>(t.url, `/api/products/catId?catId=${ids.fashion}&page=1&perPage=10`);
    const b = await api<ProductPage>(t.url, `/api/products/catId?perPage=10&page=1&catId=${ids.fashion}`);
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'));
    // The location filter is part of the key: India sees the sneaker, the United States the watch.
    const names = async (location: string) =>
      (await api<ProductPage>(t.url, `/api/products/catId?catId=${ids.fashion}&page=1&perPage=10&location=${location}`)).body.products.map((p) => p.name);
    expect(await names('IN')).toContain('Running Sneaker');
    expect(await names('IN')).not.toContain('Silver Watch');
    expect(await names('US')).toContain('Silver Watch');
    expect(await names('US')).not.toContain('Running Sneaker');
  });

  it('serves a catalog command\'s change on the very next GET (read your writes)', async () => {
    const productPath = `/api/products/${ids.shirt}`;
    const listingPath = `/api/products/subCatId?subCatId=${ids.shirts}&perPage=10`;
    const before = await api<ProductDoc>(t.url, productPath);
    await api(t.url, listingPath);
    await api(t.url, '/api/search?q=cotton');

    const { position } = await t.shop.catalog.saveProduct({ productId: ids.shirt, details: { ...details(ids.shirt), price: 749 } });
    await t.shop.awaitProjections(position, ['catalog']);

    expect((await revalidate(productPath, before.headers.get('etag')!)).status).toBe(200);
    const after = await api<ProductDoc>(t.url, productPath);
    expect(after.body.price).toBe(749);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const listing = await api<ProductPage>(t.url, listingPath);
    expect(listing.body.products.find((p) => p.id === ids.shirt)?.price).toBe(749);
    const found = await api<ProductDoc[]>(t.url, '/api/search?q=cotton');
    expect(found.body.find((p) => p.id === ids.shirt)?.price).toBe(749);
  });

  it('serves the rating a review command gave the product right after the command replies', async () => {
    const path = `/api/products/${ids.phone}`;
    expect((await api<ProductDoc>(t.url, path)).body.numReviews ?? 0).toBe(0);
    const reviewer = shopper(t);
    const added = await api(t.url, '/api/productReviews/add', {
      method: 'POST',
      token: reviewer.token,
      body: { productId: ids.phone, customerName: 'Ravi', review: 'Fast and light', customerRating: 1 },
    });
    expect(added.status).toBe(201);
    expect((await api<ProductDoc>(t.url, path)).body).toMatchObject({ rating: 1, numReviews: 1 });
  });

  it('serves a change another connection committed to the read-model file (a projector in another thread or process)', async () => {
    const path = `/api/products/${ids.watch}`;
    expect((await api<ProductDoc>(t.url, path)).body.name).toBe('Silver Watch');
    const other = new SqliteDocumentStore(join(t.dataDir, 'read-models.db'));
    try {
      for (const spec of catalogCollections) await other.defineCollection(spec);
      const watch = (await other.get<ProductDoc>(CATALOG.products, ids.watch))!;
      const renamed: ProductDoc = { ...watch, name: 'Silver Watch II' };
      await other.commit({ writes: [{ kind: 'put', collection: CATALOG.products, doc: renamed }] });
    } finally {
      await other.close();
    }
    expect((await api<ProductDoc>(t.url, path)).body.name).toBe('Silver Watch II');
  });

  it('a purchase retires the cached replies holding the product bought, and no others', async () => {
    const fashion = `/api/products/catId?catId=${ids.fashion}&page=1&perPage=10`;
    const electronics = `/api/products/catId?catId=${ids.electronics}&page=1&perPage=10`;
    const phonePage = `/api/products/${ids.phone}`;
    const stockOf = (products: ProductDoc[]) => products.find((p) => p.id === ids.phone)?.countInStock;
    const before = (await api<ProductDoc>(t.url, phonePage)).body.countInStock;
    for (const path of [fashion, electronics, '/api/category', '/api/search?q=nova']) await api(t.url, path);

    const buyer = shopper(t);
    expect((await addToCart(t, buyer.token, ids.phone)).status).toBe(201);
    const { paid } = await checkoutAndPay(t, buyer.token);
    expect((await api(t.url, '/api/orders/create', { method: 'POST', token: buyer.token, body: paid })).status).toBe(201);

    // Count what the routes read from the store from here on.
    const store = t.shop.docs;
    const reads: string[] = [];
    const spied = { find: store.findRaw, get: store.getRaw, count: store.count };
    store.findRaw = (collection, ...rest) => (reads.push(collection), spied.find.call(store, collection, ...rest));
    store.getRaw = (collection, ...rest) => (reads.push(collection), spied.get.call(store, collection, ...rest));
    store.count = (collection, ...rest) => (reads.push(collection), spied.count.call(store, collection, ...rest));
    try {
      // Replies without the phone are still served from memory (the cache reads only which
      // products' stock moved)...
      expect((await api(t.url, fashion)).status).toBe(200);
      expect((await api(t.url, '/api/category')).status).toBe(200);
      expect(reads.filter((collection) => collection !== CATALOG.stockChanges)).toEqual([]);
      // ...and every reply holding it shows what is left on the very next read.
      expect((await api<ProductDoc>(t.url, phonePage)).body.countInStock).toBe(before - 1);
      expect(stockOf((await api<ProductPage>(t.url, electronics)).body.products)).toBe(before - 1);
      expect(stockOf((await api<ProductDoc[]>(t.url, '/api/search?q=nova')).body)).toBe(before - 1);
      expect(reads.length).toBeGreaterThan(0);
    } finally {
      Object.assign(store, { findRaw: spied.find, getRaw: spied.get, count: spied.count });
    }
  });

  it('keeps no failures, and no route outside the catalog passes through it', async () => {
    const missing = `/api/products/${'0'.repeat(24)}`;
    const notFound = await api(t.url, missing);
    expect([notFound.status, notFound.headers.get('etag')]).toEqual([404, null]);
    const reviewer = shopper(t);
    const cart = await api(t.url, '/api/cart', { token: reviewer.token });
    expect([cart.status, cart.headers.get('etag')]).toEqual([200, null]);
  });
});
