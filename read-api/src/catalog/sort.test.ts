import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import type { ProductPage } from '@shop/contracts';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';

let shop: TestShop;
const catalog = smallCatalog();
const { ids } = catalog;

beforeAll(async () => {
  shop = await startTestShop();
  await shop.shop.awaitProjections(await importCatalog(shop.shop.catalog, catalog), ['catalog']);
});
afterAll(() => shop.close());

const listing = (query: string) => api<ProductPage & { msg?: string }>(shop.url, `/api/products${query}`);
const field = <K extends 'name' | 'price' | 'rating' | 'discount'>(page: ProductPage, key: K) => page.products.map((p) => p[key]);

describe('listing sort (?sort=)', () => {
  it('newest first by default and as "newest"; price both ways, best rated, biggest discount', async () => {
    const newest = (await listing('?perPage=10')).body;
    expect(field(newest, 'name')).toEqual(['Nova Phone', 'Silver Watch', 'Running Sneaker', 'Cotton Shirt']);
    expect(field((await listing('?perPage=10&sort=newest')).body, 'name')).toEqual(field(newest, 'name'));
    expect(field((await listing('?perPage=10&sort=price-asc')).body, 'price')).toEqual([799, 2499, 5999, 19999]);
    expect(field((await listing('?perPage=10&sort=price-desc')).body, 'price')).toEqual([19999, 5999, 2499, 799]);
    expect(field((await listing('?perPage=10&sort=rating')).body, 'rating')).toEqual([5, 4.5, 4, 3]);
    expect(field((await listing('?perPage=10&sort=discount')).body, 'name')[0]).toBe('Cotton Shirt');
  });

  it('sorts within a category, pages the sorted order, and on the filter routes', async () => {
    const first = (await listing(`/catId?catId=${ids.fashion}&perPage=2&page=1&sort=price-desc`)).body;
    const second = (await listing(`/catId?catId=${ids.fashion}&perPage=2&page=2&sort=price-desc`)).body;
    expect([...field(first, 'price'), ...field(second, 'price')]).toEqual([5999, 2499, 799]);
    expect(first.totalPages).toBe(2);
    const byPrice = (await listing('/fiterByPrice?minPrice=100&maxPrice=60000&sort=price-asc')).body;
    expect(field(byPrice, 'price')).toEqual([799, 2499, 5999, 19999]);
  });

  it('refuses an unknown sort with a clear 400', async () => {
    const reply = await listing('?sort=cheapest');
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('sort must be one of newest, price-asc, price-desc, rating, discount');
  });

  it('reads every sorted listing page from an index, never a sort of the matches', () => {
    const db = new Database(join(shop.dataDir, 'read-models.db'), { readonly: true });
    try {
      const orders = {
        'price-asc': 'x_price ASC, x_dateCreated ASC, id ASC',
        'price-desc': 'x_price DESC, x_dateCreated DESC, id DESC',
        rating: 'x_rating DESC, x_dateCreated DESC, id DESC',
        discount: 'x_discount DESC, x_dateCreated DESC, id DESC',
      };
      for (const [sort, order] of Object.entries(orders)) {
        for (const where of ['1', 'x_catId = ?', 'x_subCatId = ?']) {
          const params = where === '1' ? [] : ['x'];
          const plan = db.prepare(`EXPLAIN QUERY PLAN SELECT rowid FROM c_products d WHERE ${where} ORDER BY ${order} LIMIT 20`).all(...params) as { detail: string }[];
          const details = plan.map((p) => p.detail).join(' | ');
          expect(details, `${sort} where ${where}`).toMatch(/USING (COVERING )?INDEX/);
          expect(details, `${sort} where ${where}`).not.toContain('TEMP B-TREE');
        }
      }
    } finally {
      db.close();
    }
  });
});
