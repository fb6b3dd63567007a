import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import type { CategoryDoc, ProductDoc, ProductPage } from '@shop/contracts';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';

let shop: TestShop;
const catalog = smallCatalog();
const { ids } = catalog;
const names = (products: ProductDoc[]) => products.map((p) => p.name);

beforeAll(async () => {
  shop = await startTestShop();
  const position = await importCatalog(shop.shop.catalog, catalog);
  await shop.shop.awaitProjections(position, ['catalog']);
});
afterAll(() => shop.close());

describe('catalog read API', () => {
  it('lists categories with their subcategories, each with _id and id', async () => {
    const { status, body } = await api<{ categoryList: CategoryDoc[] }>(shop.url, '/api/category');
    expect(status).toBe(200);
    expect(body.categoryList.map((c) => c.name)).toEqual(['Fashion', 'Electronics']);
    const fashion = body.categoryList[0]!;
    expect(fashion._id).toBe(fashion.id);
    expect(fashion.children.map((c) => [c.name, c._id === c.id])).toEqual([
      ['Shirts', true],
      ['Shoes', true],
    ]);
  });

  it('pages products newest first with totalPages', async () => {
    const { body } = await api<ProductPage>(shop.url, '/api/products?page=1&perPage=3');
    expect(names(body.products)).toEqual(['Nova Phone', 'Silver Watch', 'Running Sneaker']);
    expect(body).toMatchObject({ totalPages: 2, page: 1 });
    const second = await api<ProductPage>(shop.url, '/api/products?page=2&perPage=3');
    expect(names(second.body.products)).toEqual(['Cotton Shirt']);
  });

  it('serves every documented product field, arrays always arrays', async () => {
    const { body } = await api<ProductDoc>(shop.url, `/api/products/${ids.shirt}`);
    expect(body).toMatchObject({
      id: ids.shirt,
      _id: ids.shirt,
      name: 'Cotton Shirt',
      brand: 'Weave',
      price: 799,
      oldPrice: 999,
      discount: 20,
      countInStock: 10,
      isFeatured: false,
      catId: ids.fashion,
      catName: 'Fashion',
      subCatId: ids.shirts,
      subCatName: 'Shirts',
      size: ['S', 'M'],
      productRam: [],
      productWeight: [],
      location: [{ value: 'All', label: 'All' }],
      dateCreated: '2025-01-01T00:00:00.000Z',
    });
    expect(Array.isArray(body.images)).toBe(true);
  });

  it('filters by category, subcategory and category name', async () => {
    const byCat = await api<ProductPage>(shop.url, `/api/products/catId?catId=${ids.electronics}`);
    expect(names(byCat.body.products)).toEqual(['Nova Phone']);
    const bySub = await api<ProductPage>(shop.url, `/api/products/subCatId?subCatId=${ids.shirts}&perPage=10`);
    expect(names(bySub.body.products)).toEqual(['Silver Watch', 'Cotton Shirt']);
    const byName = await api<ProductPage>(shop.url, '/api/products/catName?catName=Fashion');
    expect(byName.body.products).toHaveLength(3);
  });

  it('tolerates the original client\'s stray closing brace in listing URLs', async () => {
    const { status, body } = await api<ProductPage>(shop.url, `/api/products/catId?catId=${ids.electronics}}`);
    expect(status).toBe(200);
    expect(names(body.products)).toEqual(['Nova Phone']);
  });

  it('filters by price inclusive on both ends, with the original zero page fields', async () => {
    const { body } = await api<ProductPage>(shop.url, `/api/products/fiterByPrice?minPrice=799&maxPrice=5999&catId=${ids.fashion}`);
    expect(names(body.products)).toEqual(['Silver Watch', 'Running Sneaker', 'Cotton Shirt']);
    expect(body).toMatchObject({ totalPages: 0, page: 0 });
    const narrow = await api<ProductPage>(shop.url, `/api/products/fiterByPrice?minPrice=800&maxPrice=5998&catId=${ids.fashion}`);
    expect(names(narrow.body.products)).toEqual(['Running Sneaker']);
  });

  it('filters by rating as "this many stars and up"', async () => {
    const { body } = await api<ProductPage>(shop.url, `/api/products/rating?rating=4&catId=${ids.fashion}`);
    expect(names(body.products)).toEqual(['Running Sneaker', 'Cotton Shirt']);
  });

  it('returns featured products as a bare array', async () => {
    const { body } = await api<ProductDoc[]>(shop.url, '/api/products/featured');
    expect(names(body)).toEqual(['Nova Phone', 'Running Sneaker']);
  });

  it('filters by location: the country\'s products plus those sold everywhere', async () => {
    const india = await api<ProductPage>(shop.url, '/api/products?location=IN&perPage=10');
    expect(names(india.body.products)).toEqual(['Nova Phone', 'Running Sneaker', 'Cotton Shirt']);
    const all = await api<ProductPage>(shop.url, '/api/products?location=All&perPage=10');
    expect(all.body.products).toHaveLength(4);
    const featuredUs = await api<ProductDoc[]>(shop.url, '/api/products/featured?location=US');
    expect(names(featuredUs.body)).toEqual(['Nova Phone']);
  });

  it('searches name, brand and category name case-insensitively', async () => {
    expect(names((await api<ProductDoc[]>(shop.url, '/api/search?q=SILVER')).body)).toEqual(['Silver Watch']);
    expect(names((await api<ProductDoc[]>(shop.url, '/api/search?q=nova')).body)).toEqual(['Nova Phone']);
    expect((await api<ProductDoc[]>(shop.url, '/api/search?q=fashion')).body).toHaveLength(3);
    expect(names((await api<ProductDoc[]>(shop.url, '/api/search?q=sneak')).body)).toEqual(['Running Sneaker']);
  });

  it('refuses an empty search with the documented message', async () => {
    expect(await api(shop.url, '/api/search?q=')).toMatchObject({ status: 400, body: { msg: 'Query is required' } });
    expect(await api(shop.url, '/api/search')).toMatchObject({ status: 400, body: { msg: 'Query is required' } });
  });

  it('serves banners by kind with category names and a null subcategory', async () => {
    const home = await api<{ catName: string; subCatId: string | null }[]>(shop.url, '/api/homeBanner');
    expect(home.body).toHaveLength(1);
    expect(home.body[0]).toMatchObject({ catName: 'Fashion', subCatId: null });
    const side = await api<{ subCatName: string }[]>(shop.url, '/api/homeSideBanners');
    expect(side.body[0]).toMatchObject({ subCatName: 'Phones' });
    expect((await api<unknown[]>(shop.url, '/api/banners')).body).toEqual([]);
  });

  it('serves the bundled country list, each country once by its code of today', async () => {
    const { body } = await api<{ country: string; iso2: string }[]>(shop.url, '/api/countries');
    expect(body.length).toBeGreaterThan(200);
    expect(body).toContainEqual({ country: 'India', iso2: 'IN' });
    expect(new Set(body.map((c) => c.country)).size).toBe(body.length);
    expect(body.filter((c) => c.country === 'United Kingdom')).toEqual([{ country: 'United Kingdom', iso2: 'GB' }]);
  });

  it('answers bad ids and bad query values with a JSON 400/404, never a crash', async () => {
    expect(await api(shop.url, '/api/products/not-an-id')).toMatchObject({ status: 400, body: { error: true, msg: 'Invalid product id' } });
    expect((await api(shop.url, '/api/products/0123456789abcdef01234567')).status).toBe(404);
    expect(await api(shop.url, '/api/products?page=abc')).toMatchObject({ status: 400, body: { error: true } });
    expect((await api(shop.url, '/api/products?perPage=100000')).status).toBe(400);
    expect((await api(shop.url, '/api/products/catId?catId=123')).status).toBe(400);
    expect((await api(shop.url, '/api/products/fiterByPrice?minPrice=10&maxPrice=5')).status).toBe(400);
    expect((await api(shop.url, '/api/products?location=India')).status).toBe(400);
    // Page and price come from the storefront's address bar now: bounded, whatever is typed there.
    expect(await api(shop.url, '/api/products?page=9999999&perPage=10')).toMatchObject({ status: 400, body: { error: true, msg: 'page must be at most 100000' } });
    expect(await api(shop.url, '/api/products?minPrice=1e300&maxPrice=1e301')).toMatchObject({ status: 400, body: { error: true, msg: 'minPrice must be at most 100000000' } });
    expect((await api(shop.url, '/api/products?maxPrice=Infinity')).status).toBe(400);
    expect(await api(shop.url, '/api/nope')).toMatchObject({ status: 404, body: { error: true } });
  });

  it('answers health checks cheaply and allows CORS only for listed origins', async () => {
    expect(await api(shop.url, '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const preflight = await fetch(`${shop.url}/api/category`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });
});
