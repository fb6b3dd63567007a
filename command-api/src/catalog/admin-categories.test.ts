import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogStreams, newId, type AdminBannerList, type AdminCategoryList, type BannerDoc, type CategoryDoc } from '@shop/contracts';
import { firstScreenData } from '../../../server/src/http/first-screen-data.ts';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { startCatalogAdminShop } from '../../../test-support/shop-fixtures.ts';
import { api, type TestShop } from '../../../test-support/shop.ts';

let t: TestShop;
const catalog = smallCatalog();
const { ids } = catalog;
let adminId: string;
let admin: string;
let customer: string;

beforeAll(async () => {
  ({ t, adminId, admin, customer } = await startCatalogAdminShop(catalog));
});

afterAll(async () => {
  await t?.close();
});

type Reply = { id: string; ids?: string[]; msg?: string; error?: boolean };
const send = (method: string, path: string, body?: unknown, token = admin) => api<Reply>(t.url, `/api/admin${path}`, { method, token, body });
const storefrontCategories = async () => (await api<{ categoryList: CategoryDoc[] }>(t.url, '/api/category')).body.categoryList;
const adminCategories = async () => (await api<AdminCategoryList>(t.url, '/api/admin/categories', { token: admin })).body.categories;

describe('categories and subcategories', () => {
  it('creates a category the storefront menu shows next, with the acting admin recorded', async () => {
    const created = await send('POST', '/categories', { name: 'Home Decor', color: '#ffe0b2', images: ['/images/test/decor.svg'] });
    expect(created.status).toBe(201);
    const menu = await storefrontCategories();
    expect(menu.map((c) => c.name)).toEqual(['Fashion', 'Electronics', 'Home Decor']);
    const [event] = await t.shop.events.readStream(catalogStreams.category(created.body.id));
    expect(event?.metadata.userId).toBe(adminId);
  });

  it('renames, recolours and replaces images, any subset at a time', async () => {
    const { body } = await send('POST', '/categories', { name: 'Toys', color: '#000000', images: [] });
    expect(await send('PUT', `/categories/${body.id}`, { name: 'Toys & Games' })).toMatchObject({ status: 200, body: { id: body.id } });
    await send('PUT', `/categories/${body.id}`, { color: '#ff0000', images: ['/images/test/toys.svg'] });
    const toys = (await storefrontCategories()).find((c) => c.id === body.id);
    expect(toys).toMatchObject({ name: 'Toys & Games', color: '#ff0000', images: [`${t.url}/images/test/toys.svg`] });
  });

  it('adds and renames subcategories; a sibling\'s name is refused with 409', async () => {
    const added = await send('POST', `/categories/${ids.fashion}/subcategories`, { name: 'Sarees' });
    expect(added.status).toBe(201);
    expect(await send('PUT', `/categories/${ids.fashion}/subcategories/${added.body.id}`, { name: 'Silk Sarees' })).toMatchObject({ status: 200 });
    const fashion = (await storefrontCategories()).find((c) => c.id === ids.fashion);
    expect(fashion?.children.map((c) => c.name)).toEqual(['Shirts', 'Shoes', 'Silk Sarees']);
    expect(await send('PUT', `/categories/${ids.fashion}/subcategories/${added.body.id}`, { name: 'shirts' })).toMatchObject({ status: 409, body: { error: true } });
    expect((await send('PUT', `/categories/${ids.fashion}/subcategories/${newId()}`, { name: 'Other' })).status).toBe(404);
  });

  it('carries a rename into every product (on sale or not), banner and search entry that shows the name', async () => {
    const { body: garden } = await send('POST', '/categories', { name: 'Garden', color: '#c8e6c9', images: [] });
    const { body: pots } = await send('POST', `/categories/${garden.id}/subcategories`, { name: 'Pots' });
    const product = (name: string) => ({
      name, brand: 'Terra', description: 'Fired clay.', images: ['/images/test/pot.svg'], price: 499, oldPrice: 599, countInStock: 5,
      isFeatured: false, catId: garden.id, subCatId: pots.id, productRam: [], size: [], productWeight: [], location: [{ value: 'All', label: 'All' }],
    });
    const { body: onSale } = await send('POST', '/products', product('Terracotta Urn'));
    const { body: offSale } = await send('POST', '/products', product('Clay Bowl'));
    await send('POST', `/products/${offSale.id}/unpublish`);
    const { body: banner } = await send('POST', '/banners', { kind: 'middle', images: ['/images/test/garden.svg'], catId: garden.id, subCatId: pots.id });

    await send('PUT', `/categories/${garden.id}`, { name: 'Garden & Patio' });
    await send('PUT', `/categories/${garden.id}/subcategories/${pots.id}`, { name: 'Planters' });

    const page = (id: string) => api<{ catName: string; subCatName: string; subCat: string }>(t.url, `/api/products/${id}`);
    expect((await page(onSale.id)).body).toMatchObject({ catName: 'Garden & Patio', subCatName: 'Planters', subCat: 'Planters' });
    const byName = await api<{ products: { id: string }[] }>(t.url, `/api/products/catName?catName=${encodeURIComponent('Garden & Patio')}`);
    expect(byName.body.products.map((p) => p.id)).toEqual([onSale.id]);
    const banners = (await api<AdminBannerList>(t.url, '/api/admin/banners', { token: admin })).body.banners;
    expect(banners.find((b) => b.id === banner.id)).toMatchObject({ catName: 'Garden & Patio', subCatName: 'Planters' });
    const found = await api<{ id: string }[]>(t.url, '/api/search?q=planters');
    expect(found.body.map((p) => p.id)).toContain(onSale.id);
    // Off sale meanwhile, it comes back under the new names.
    await send('POST', `/products/${offSale.id}/publish`);
    expect((await page(offSale.id)).body).toMatchObject({ catName: 'Garden & Patio', subCatName: 'Planters' });
  });

  it('reorders the storefront menu, its first screen and the back office list; unnamed categories follow', async () => {
    expect(await send('PUT', '/categories/order', { ids: [ids.electronics, ids.fashion] })).toMatchObject({ status: 200, body: { ids: [ids.electronics, ids.fashion] } });
    const menu = await storefrontCategories();
    expect(menu.slice(0, 2).map((c) => c.id)).toEqual([ids.electronics, ids.fashion]);
    const firstScreen = await firstScreenData(t.shop.docs, t.shop.publicUrls, '/');
    const shown = (JSON.parse(firstScreen!.replies['/api/category']!) as { categoryList: CategoryDoc[] }).categoryList;
    expect(shown.map((c) => c.id)).toEqual(menu.map((c) => c.id));
    const rows = await adminCategories();
    expect(rows.map((r) => r.id)).toEqual(menu.map((c) => c.id));
    expect(rows[0]).toMatchObject({ id: ids.electronics, position: 0, products: 1, children: [{ id: ids.phones, name: 'Phones', products: 1 }] });
  });

  it('refuses a hostile or wrong order or form', async () => {
    expect((await send('PUT', '/categories/order', { ids: [ids.fashion, ids.fashion] })).status).toBe(400);
    expect((await send('PUT', '/categories/order', { ids: [newId()] })).status).toBe(404);
    expect((await send('PUT', '/categories/order', { ids: [] })).status).toBe(400);
    expect((await send('PUT', '/categories/order', { ids: ['../../etc'] })).status).toBe(400);
    expect(await send('POST', '/categories', { name: '', color: '#fff', images: [] })).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^name/) } });
    expect((await send('POST', '/categories', { name: 'X', color: '#fff', images: ['javascript:alert(1)'] })).status).toBe(400);
    expect((await send('PUT', `/categories/${newId()}`, { name: 'Nothing' })).status).toBe(404);
  });

  it('answers 401 without a token and 403 for a shopper', async () => {
    expect((await api(t.url, '/api/admin/categories', { method: 'POST', body: { name: 'X', color: '#fff', images: [] } })).status).toBe(401);
    expect((await send('POST', '/categories', { name: 'X', color: '#fff', images: [] }, customer)).status).toBe(403);
    expect((await send('PUT', '/categories/order', { ids: [ids.fashion] }, customer)).status).toBe(403);
    expect((await api(t.url, '/api/admin/categories', { token: customer })).status).toBe(403);
  });
});

describe('banners', () => {
  const homeBanners = async () => (await api<BannerDoc[]>(t.url, '/api/homeBanner')).body;

  it('publishes, revises and withdraws a banner; the storefront and the back office follow', async () => {
    const before = (await homeBanners()).length;
    const created = await send('POST', '/banners', { kind: 'home', images: ['/images/test/sale.svg'], catId: ids.fashion, subCatId: ids.shoes });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect((await homeBanners()).find((b) => b.id === id)).toMatchObject({ catName: 'Fashion', subCatName: 'Shoes' });

    expect(await send('PUT', `/banners/${id}`, { kind: 'side', images: ['/images/test/sale-2.svg'], catId: ids.electronics, subCatId: null })).toMatchObject({ status: 200 });
    expect((await homeBanners()).length).toBe(before);
    const side = (await api<AdminBannerList>(t.url, '/api/admin/banners?kind=side', { token: admin })).body.banners;
    expect(side.find((b) => b.id === id)).toMatchObject({ kind: 'side', catName: 'Electronics', subCatId: null, images: [`${t.url}/images/test/sale-2.svg`] });

    expect(await send('DELETE', `/banners/${id}`)).toMatchObject({ status: 200, body: { id } });
    expect((await api<BannerDoc[]>(t.url, '/api/homeSideBanners')).body.map((b) => b.id)).not.toContain(id);
    expect((await send('PUT', `/banners/${id}`, { kind: 'side', images: ['/x.svg'], catId: null, subCatId: null })).status).toBe(404);
    const [event] = (await t.shop.events.readStream(catalogStreams.banner(id))).slice(-1);
    expect(event).toMatchObject({ type: 'BannerWithdrawn', metadata: { userId: adminId } });
  });

  it('refuses a link to a subcategory without its category, an unknown one, or a bad kind', async () => {
    expect((await send('POST', '/banners', { kind: 'home', images: ['/b.svg'], catId: null, subCatId: ids.shoes })).status).toBe(400);
    expect((await send('POST', '/banners', { kind: 'home', images: ['/b.svg'], catId: ids.electronics, subCatId: ids.shoes })).status).toBe(404);
    expect((await send('POST', '/banners', { kind: 'popup', images: ['/b.svg'], catId: null, subCatId: null })).status).toBe(400);
    expect((await send('DELETE', `/banners/${newId()}`)).status).toBe(404);
    expect((await api(t.url, '/api/admin/banners?kind=popup', { token: admin })).status).toBe(400);
    expect((await send('DELETE', `/banners/${newId()}`, undefined, customer)).status).toBe(403);
    expect((await api(t.url, '/api/admin/banners', { token: customer })).status).toBe(403);
  });
});
