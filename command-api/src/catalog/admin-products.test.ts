import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  catalogStreams,
  newId,
  type AdminProductInput,
  type AdminProductList,
  type AdminProductReply,
  type AdminUploadReply,
  type ProductDoc,
  type ProductPage,
} from '@shop/contracts';
import { firstScreenData } from '../../../server/src/http/first-screen-data.ts';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { addToCart, billing, shopper, startCatalogAdminShop } from '../../../test-support/shop-fixtures.ts';
import { api, type TestShop } from '../../../test-support/shop.ts';

// A real 1×1 PNG: the upload route judges a file by its bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestShop;
/** Where the files port (a local folder by default) keeps the back office's uploads. */
const catalogFiles = () => join(t.dataDir, 'uploads', 'catalog');
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

function form(overrides: Partial<AdminProductInput> = {}): AdminProductInput {
  return {
    name: 'Kanjivaram Silk Saree',
    brand: 'Nalli',
    description: 'Pure silk with a zari border.',
    images: ['/images/test/saree.svg'],
    price: 7500,
    oldPrice: 10000,
    countInStock: 10,
    isFeatured: false,
    catId: ids.fashion,
    subCatId: ids.shirts,
    productRam: [],
    size: ['Free'],
    productWeight: [],
    location: [{ value: 'All', label: 'All' }],
    ...overrides,
  };
}

async function upload(token: string | undefined, files: { name: string; bytes: Buffer; type: string }[]) {
  const body = new FormData();
  for (const file of files) body.append('images', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const response = await fetch(`${t.url}/api/admin/uploads`, { method: 'POST', body, headers: token ? { Authorization: `Bearer ${token}` } : {} });
  return { status: response.status, body: (await response.json()) as AdminUploadReply & { msg?: string } };
}

const create = (body: unknown, token = admin) => api<{ id: string; msg?: string }>(t.url, '/api/admin/products', { method: 'POST', token, body });
const edit = (id: string, body: unknown, token = admin) => api<{ id: string; msg?: string }>(t.url, `/api/admin/products/${id}`, { method: 'PUT', token, body });
const setPublished = (id: string, action: 'publish' | 'unpublish', token = admin) =>
  api<{ id: string; published: boolean; msg?: string }>(t.url, `/api/admin/products/${id}/${action}`, { method: 'POST', token });
const productPage = (id: string) => api<ProductDoc>(t.url, `/api/products/${id}`);
const listing = (catId: string) => api<ProductPage>(t.url, `/api/products?catId=${catId}&page=1&perPage=50`);
const search = (q: string) => api<ProductDoc[]>(t.url, `/api/search?q=${encodeURIComponent(q)}`);
/** How many products the results page says a query found (its `total` and pages count them). */
const found = async (q: string) => (await api<{ total: number }>(t.url, `/api/search/results?q=${encodeURIComponent(q)}`)).body.total;
const adminList = (query: string, token = admin) => api<AdminProductList & { msg?: string }>(t.url, `/api/admin/products${query}`, { token });
const adminProduct = (id: string, token = admin) => api<AdminProductReply & { msg?: string }>(t.url, `/api/admin/products/${id}`, { token });

describe('POST /api/admin/uploads', () => {
  it('stores the images before replying, and the reply is usable as a product image', async () => {
    const uploaded = await upload(admin, [{ name: 'front.png', bytes: PNG, type: 'image/png' }]);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.images).toHaveLength(1);
    const [image] = uploaded.body.images;
    const served = await fetch(image!);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const created = await create(form({ name: 'Uploaded Picture Lamp', images: uploaded.body.images }));
    expect(created.status).toBe(201);
    // Stored as the site path, answered as the shop's URL like every catalog image.
    expect((await productPage(created.body.id)).body.images).toEqual([image]);
  });

  it('refuses a file that is not an image, and stores nothing of the upload', async () => {
    const stored = () => (existsSync(catalogFiles()) ? readdirSync(catalogFiles()).length : 0);
    const before = stored();
    const refused = await upload(admin, [
      { name: 'ok.png', bytes: PNG, type: 'image/png' },
      { name: 'x.png', bytes: Buffer.from('<script>alert(1)</script>'), type: 'image/png' },
    ]);
    expect(refused).toMatchObject({ status: 400, body: { error: true } });
    expect(stored()).toBe(before);
  });

  it('answers 401 without a token and 403 for a shopper', async () => {
    expect((await upload(undefined, [{ name: 'a.png', bytes: PNG, type: 'image/png' }])).status).toBe(401);
    expect((await upload(customer, [{ name: 'a.png', bytes: PNG, type: 'image/png' }])).status).toBe(403);
  });
});

describe('POST /api/admin/products', () => {
  it('lists a new product the next request sees in its page, its category listing and search, with the discount derived', async () => {
    const created = await create(form({ name: 'Zarigold Heirloom Saree' }));
    expect(created.status).toBe(201);
    const id = created.body.id;
    const page = await productPage(id);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ name: 'Zarigold Heirloom Saree', price: 7500, oldPrice: 10000, discount: 25, countInStock: 10, rating: 0, catName: 'Fashion' });
    expect((await listing(ids.fashion)).body.products.map((p) => p.id)).toContain(id);
    expect((await search('Zarigold')).body.map((p) => p.id)).toEqual([id]);
  });

  it('records the acting admin in the event metadata', async () => {
    const { body } = await create(form({ name: 'Audited Lamp' }));
    const [listed] = await t.shop.events.readStream(catalogStreams.product(body.id));
    expect(listed).toMatchObject({ type: 'ProductListed', metadata: { userId: adminId } });
  });

  it('refuses hostile or incomplete forms with 400 and the field at fault', async () => {
    expect(await create({ ...form(), price: -5 })).toMatchObject({ status: 400, body: { error: true, msg: expect.stringMatching(/^price/) } });
    expect(await create({ ...form(), name: 'x'.repeat(201) })).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^name/) } });
    expect(await create({ ...form(), images: ['javascript:alert(1)'] })).toMatchObject({ status: 400, body: { msg: expect.stringMatching(/^images/) } });
    expect(await create({ ...form(), discount: 99, rating: 5 })).toMatchObject({ status: 201 });
    expect(await create('not an object')).toMatchObject({ status: 400 });
  });

  it('ignores a discount or rating the form sends: both are the server\'s', async () => {
    const { body } = await create({ ...form({ name: 'Honest Discount Lamp', price: 900, oldPrice: 1000 }), discount: 99, rating: 5 });
    expect((await productPage(body.id)).body).toMatchObject({ discount: 10, rating: 0 });
  });

  it('answers 404 for a category or subcategory that does not exist', async () => {
    expect((await create(form({ catId: newId() }))).status).toBe(404);
    expect((await create(form({ subCatId: ids.phones }))).status).toBe(404);
  });
});

describe('PUT /api/admin/products/:id', () => {
  it('edits every field but stock: receipts and sales since listing are kept', async () => {
    const { body } = await create(form({ name: 'Stocked Lantern', countInStock: 10 }));
    const received = await api(t.url, `/api/admin/products/${body.id}/stock`, { method: 'POST', token: admin, body: { quantity: 5 } });
    expect(received.status).toBe(200);
    const edited = await edit(body.id, form({ name: 'Stocked Lantern XL', price: 8000, oldPrice: 8000, countInStock: 0 }));
    expect(edited).toMatchObject({ status: 200, body: { id: body.id } });
    expect((await productPage(body.id)).body).toMatchObject({ name: 'Stocked Lantern XL', price: 8000, discount: 0, countInStock: 15 });
    expect((await search('Lantern XL')).body.map((p) => p.id)).toContain(body.id);
  });

  it('keeps the opening stock of a product whose stock never moved', async () => {
    const { body } = await create(form({ name: 'Quiet Lamp', countInStock: 4 }));
    await edit(body.id, form({ name: 'Quiet Lamp', countInStock: 999 }));
    expect((await productPage(body.id)).body.countInStock).toBe(4);
    // A receipt then starts from the listing's figure, not the form's.
    const received = await api<{ countInStock: number }>(t.url, `/api/admin/products/${body.id}/stock`, { method: 'POST', token: admin, body: { quantity: 1 } });
    expect(received.body.countInStock).toBe(5);
  });

  it('answers 404 for an unknown product and 403 for a shopper', async () => {
    expect((await edit(newId(), form())).status).toBe(404);
    expect((await edit('not-an-id', form())).status).toBe(404);
    expect((await edit(ids.shirt, form(), customer)).status).toBe(403);
  });
});

describe('unpublish and publish', () => {
  it('takes a product out of its page, listings, search, first screen and carts, and brings it back as it stands', async () => {
    const { body } = await create(form({ name: 'Vanishing Peacock Lamp', countInStock: 3 }));
    const id = body.id;
    const earlier = shopper(t).token;
    expect((await addToCart(t, earlier, id)).status).toBe(201);
    expect(await setPublished(id, 'unpublish')).toMatchObject({ status: 200, body: { id, published: false } });
    // A cart that held it before cannot buy it now.
    expect(await api(t.url, '/api/orders/checkout', { method: 'POST', token: earlier, body: billing })).toMatchObject({
      status: 404,
      body: { msg: 'Vanishing Peacock Lamp is no longer available' },
    });

    expect((await productPage(id)).status).toBe(404);
    expect((await listing(ids.fashion)).body.products.map((p) => p.id)).not.toContain(id);
    expect((await search('Peacock')).body.map((p) => p.id)).not.toContain(id);
    expect(await found('Vanishing Peacock')).toBe(0);
    expect(await firstScreenData(t.shop.docs, t.shop.publicUrls, `/product/${id}`)).toBeNull();
    expect((await addToCart(t, customer, id)).status).toBe(404);
    // Still the back office's to see and edit; stock received meanwhile counts.
    expect((await adminProduct(id)).body).toMatchObject({ id, published: false, countInStock: 3 });
    await api(t.url, `/api/admin/products/${id}/stock`, { method: 'POST', token: admin, body: { quantity: 2 } });
    await edit(id, form({ name: 'Returning Peacock Lamp' }));
    expect((await productPage(id)).status).toBe(404);
    expect(await found('Returning Peacock')).toBe(0);
    // Unpublishing twice changes nothing.
    expect(await setPublished(id, 'unpublish')).toMatchObject({ status: 200, body: { published: false } });

    expect(await setPublished(id, 'publish')).toMatchObject({ status: 200, body: { id, published: true } });
    expect((await productPage(id)).body).toMatchObject({ name: 'Returning Peacock Lamp', countInStock: 5 });
    expect((await listing(ids.fashion)).body.products.map((p) => p.id)).toContain(id);
    expect((await search('Peacock')).body.map((p) => p.id)).toContain(id);
    expect(await found('Returning Peacock')).toBe(1);
    expect((await addToCart(t, customer, id)).status).toBe(201);
  });

  it('saves a draft: off the storefront, search and carts from the start, listed and edited in the back office, live once published', async () => {
    const { status, body } = await create({ ...form({ name: 'Draft Brass Diya', countInStock: 4 }), draft: true });
    expect(status).toBe(201);
    const id = body.id;
    const events = await t.shop.events.readStream(catalogStreams.product(id));
    expect(events.map((e) => e.type)).toEqual(['ProductListed', 'ProductUnpublished']);
    expect(events[0]!.position + 1n).toBe(events[1]!.position); // one append: never on sale in between

    expect((await productPage(id)).status).toBe(404);
    expect((await listing(ids.fashion)).body.products.map((p) => p.id)).not.toContain(id);
    expect((await search('Diya')).body.map((p) => p.id)).not.toContain(id);
    expect(await found('Draft Brass Diya')).toBe(0);
    expect((await addToCart(t, customer, id)).status).toBe(404);
    expect((await adminList('?q=diya')).body.products).toMatchObject([{ id, published: false }]);
    expect((await edit(id, form({ name: 'Brass Diya' }))).status).toBe(200);
    expect((await adminProduct(id)).body).toMatchObject({ name: 'Brass Diya', published: false, countInStock: 4 });
    expect((await productPage(id)).status).toBe(404);

    expect(await setPublished(id, 'publish')).toMatchObject({ status: 200, body: { published: true } });
    expect((await productPage(id)).body).toMatchObject({ name: 'Brass Diya', countInStock: 4 });
    expect((await search('Diya')).body.map((p) => p.id)).toContain(id);
    expect((await addToCart(t, customer, id)).status).toBe(201);
    // Without `draft` (or with false) a new product is on sale at once.
    const live = (await create({ ...form({ name: 'Live Brass Bell' }), draft: false })).body.id;
    expect((await productPage(live)).status).toBe(200);
    expect((await create({ ...form(), draft: 'yes' })).status).toBe(400);
  });

  it('answers 404 for an unknown product', async () => {
    expect((await setPublished(newId(), 'unpublish')).status).toBe(404);
    expect((await setPublished(newId(), 'publish')).status).toBe(404);
  });
});

describe('GET /api/admin/products', () => {
  it('lists every product newest first, filtered by words, id, category and state, a page at a time', async () => {
    const a = (await create(form({ name: 'Marigold Garland One', catId: ids.electronics, subCatId: ids.phones }))).body.id;
    const b = (await create(form({ name: 'Marigold Garland Two', catId: ids.electronics, subCatId: ids.phones }))).body.id;
    await setPublished(a, 'unpublish');

    const byWords = await adminList('?q=marigold');
    expect(byWords.body.products.map((p) => p.id)).toEqual([b, a]);
    expect(byWords.body.products[1]).toMatchObject({ published: false, catName: 'Electronics', subCatName: 'Phones', price: 7500 });
    expect((await adminList(`?q=${a}`)).body.products.map((p) => p.id)).toEqual([a]);
    expect((await adminList('?q=marigold&published=true')).body.products.map((p) => p.id)).toEqual([b]);
    expect((await adminList(`?catId=${ids.electronics}&published=false`)).body.products.map((p) => p.id)).toEqual([a]);

    const first = await adminList(`?catId=${ids.electronics}&perPage=2&page=1`);
    expect(first.body).toMatchObject({ page: 1, totalPages: 2 });
    expect(first.body.products.map((p) => p.id)).toEqual([b, a]);
    expect((await adminList(`?catId=${ids.electronics}&perPage=2&page=2`)).body.products.map((p) => p.id)).toEqual([ids.phone]);
  });

  it('answers the form\'s fields for one product, and 404 for an unknown one', async () => {
    const reply = await adminProduct(ids.shirt);
    expect(reply.body).toMatchObject({ id: ids.shirt, name: 'Cotton Shirt', price: 799, oldPrice: 999, discount: 20, published: true, size: ['S', 'M'] });
    expect((await adminProduct(newId())).status).toBe(404);
  });

  it('refuses bad queries with 400, and shoppers with 403', async () => {
    expect((await adminList('?perPage=1000')).status).toBe(400);
    expect((await adminList('?published=maybe')).status).toBe(400);
    expect((await adminList('?catId=../x')).status).toBe(400);
    expect((await adminList(`?q=${'x'.repeat(201)}`)).status).toBe(400);
    expect((await adminList('', customer)).status).toBe(403);
    expect((await api(t.url, '/api/admin/products')).status).toBe(401);
    expect((await adminProduct(ids.shirt, customer)).status).toBe(403);
  });
});

describe('a rebuild of the catalog projection', () => {
  it('gives the same back office list, unpublished products and storefront pages', async () => {
    const hidden = (await create(form({ name: 'Rebuilt Hidden Lamp' }))).body.id;
    await setPublished(hidden, 'unpublish');
    const before = (await adminList('?perPage=100')).body;
    const page = (await productPage(ids.shirt)).body;

    const job = await t.shop.rebuilds.run('catalog');
    expect(job).toMatchObject({ state: 'done', error: null });

    expect((await adminList('?perPage=100')).body).toEqual(before);
    expect((await adminProduct(hidden)).body).toMatchObject({ published: false });
    expect((await productPage(hidden)).status).toBe(404);
    expect((await productPage(ids.shirt)).body).toEqual(page);
  });
});
