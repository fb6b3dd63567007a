/**
 * Compatibility: a client written for the original API, served from its own origin, against the
 * real server (seeded catalog, SQLite, real SMTP, the test payment provider). Requests are shaped
 * as the original client sent them, stray `}` and `userId` fields included; replies must carry
 * the original's fields (the *_FIELDS lists below), every image URL they carry must load from our
 * server, and listings asked for without a page must be complete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_ORDER_DISCOUNT, FREE_DELIVERY_OVER, MAX_UNPAGED_RESULTS } from '@shop/contracts';
import { codeIn, startMailCatcher, type MailCatcher } from '../test-support/account-kit.ts';
import { billing } from '../test-support/shop-fixtures.ts';
import { startTestShop, type TestShop } from '../test-support/shop.ts';
import { OriginalClient } from './original-client.ts';

/** Where the other storefront is served from. */
const ORIGIN = 'http://storefront.example:5173';

type Doc = Record<string, unknown> & { _id: string; id: string };
interface Page {
  products: Doc[];
  totalPages: number;
  page: number;
}
interface Category extends Doc {
  name: string;
  children: Doc[];
}

const PRODUCT_FIELDS = ['id', '_id', 'name', 'brand', 'description', 'images', 'price', 'oldPrice', 'discount', 'rating', 'countInStock', 'isFeatured', 'catId', 'catName', 'subCatId', 'subCatName', 'productRam', 'size', 'productWeight', 'location', 'dateCreated'];
const CART_LINE_FIELDS = ['_id', 'id', 'productTitle', 'image', 'rating', 'price', 'quantity', 'subTotal', 'productId', 'countInStock', 'userId'];
const MY_LIST_FIELDS = ['_id', 'id', 'productTitle', 'image', 'rating', 'price', 'productId', 'userId'];
const ORDER_FIELDS = ['_id', 'id', 'paymentId', 'name', 'phoneNumber', 'address', 'pincode', 'amount', 'email', 'userid', 'status', 'date', 'products'];
const USER_FIELDS = ['id', '_id', 'name', 'email', 'phone', 'images', 'isAdmin'];

function expectFields(doc: unknown, fields: string[], what: string): void {
  expect(doc, what).toBeTypeOf('object');
  for (const field of fields) expect(doc, `${what}: ${field}`).toHaveProperty(field);
  const { _id, id } = doc as Doc;
  expect(_id, `${what}: _id and id`).toBe(id);
}

let t: TestShop;
let mail: MailCatcher;
let client: OriginalClient;

beforeAll(async () => {
  mail = await startMailCatcher();
  t = await startTestShop({ seed: true, env: { CORS_ORIGINS: `http://other.example,${ORIGIN}`, SMTP_URL: mail.url } });
  client = new OriginalClient(t.url, ORIGIN);
});

afterAll(async () => {
  await t?.close();
  await mail?.close();
});

/** Every product of a listing, page by page (the way our own storefront reads it). */
async function allPages(path: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const { body } = await client.get<Page>(`${path}&page=${page}&perPage=${MAX_UNPAGED_RESULTS}`);
    ids.push(...body.products.map((p) => p.id));
    if (page >= body.totalPages) return ids;
  }
}

describe('a client of the original API on another origin', () => {
  let categories: Category[];
  let product: Doc;
  let shopper: { email: string; password: string; userId: string; token: string };

  it('browses: categories, banners, featured, product pages and search, in the original shapes', async () => {
    const { status, body } = await client.get<{ categoryList: Category[] }>('/api/category');
    expect(status).toBe(200);
    categories = body.categoryList;
    expect(categories.length).toBeGreaterThanOrEqual(8);
    for (const category of categories) {
      expectFields(category, ['_id', 'id', 'name', 'color', 'images', 'children'], 'category');
      for (const sub of category.children) expectFields(sub, ['_id', 'id', 'name'], 'subcategory');
    }

    const home = await client.get<Doc[]>('/api/homeBanner');
    expect(home.body.length).toBeGreaterThan(0);
    for (const banner of home.body) expectFields(banner, ['_id', 'id', 'images'], 'home banner');
    for (const path of ['/api/banners', '/api/homeSideBanners', '/api/homeBottomBanners']) {
      const banners = await client.get<Doc[]>(path);
      expect(banners.body.length, path).toBeGreaterThan(0);
      for (const banner of banners.body) expectFields(banner, ['_id', 'id', 'images', 'catId', 'catName', 'subCatId', 'subCatName'], path);
    }

    const featured = await client.get<Doc[]>('/api/products/featured?location=All');
    expect(Array.isArray(featured.body)).toBe(true);
    expect(featured.body.length).toBeGreaterThan(0);

    const first = await client.get<Page>('/api/products?page=1&perPage=16');
    expect(first.body.products).toHaveLength(16);
    expect(first.body.page).toBe(1);
    product = (await client.get<Doc>(`/api/products/${first.body.products[0]!.id}`)).body;
    expectFields(product, PRODUCT_FIELDS, 'product');
    for (const list of ['images', 'productRam', 'size', 'productWeight', 'location']) expect(Array.isArray(product[list]), list).toBe(true);
    // The option lists stay arrays of labels beside the variants that price them.
    for (const list of ['productRam', 'size', 'productWeight']) for (const label of product[list] as unknown[]) expect(typeof label, list).toBe('string');

    const found = await client.get<Doc[]>(`/api/search?q=${encodeURIComponent(String(product.brand))}`);
    expect(found.status).toBe(200);
    expect(found.body.map((p) => p.id)).toContain(product.id);
    // The seeded stars are real reviews: the rating is their average, the count is theirs.
    const reviews = await client.get<Doc[]>(`/api/productReviews?productId=${product.id}`);
    expect(reviews.status).toBe(200);
    expect(reviews.body.length).toBeGreaterThan(0);
    expect(reviews.body.length).toBe(product.numReviews);
    const average = reviews.body.reduce((sum, r) => sum + Number(r.customerRating), 0) / reviews.body.length;
    expect(Math.round(average * 2) / 2).toBe(product.rating);
  });

  it('gets every product of a category, subcategory or category name without a page (default-load URLs, stray brace included)', async () => {
    for (const category of categories) {
      const paged = await allPages(`/api/products/catId?catId=${category.id}`);
      expect(paged.length, category.name).toBeGreaterThan(10);
      const all = await client.get<Page>(`/api/products/catId?catId=${category.id}&location=All}`);
      expect(all.body.products.map((p) => p.id), `catId ${category.name}`).toEqual(paged);
      expect(all.body).toMatchObject({ page: 1, totalPages: 1 });
      const byName = await client.get<Page>(`/api/products/catName?catName=${encodeURIComponent(category.name)}}`);
      expect(byName.body.products.map((p) => p.id), `catName ${category.name}`).toEqual(paged);

      const price = await client.get<Page>(`/api/products/fiterByPrice?minPrice=100&maxPrice=1000000&catId=${category.id}&location=All`);
      expect(price.body).toMatchObject({ totalPages: 0, page: 0 });
      expect(price.body.products.map((p) => p.id)).toEqual(paged);
      const rating = await client.get<Page>(`/api/products/rating?rating=1&catId=${category.id}&location=All`);
      expect(rating.body).toMatchObject({ totalPages: 0, page: 0 });

      for (const sub of category.children) {
        const subPaged = await allPages(`/api/products/subCatId?subCatId=${sub.id}`);
        const subAll = await client.get<Page>(`/api/products/subCatId?subCatId=${sub.id}&location=All}`);
        expect(subAll.body.products.map((p) => p.id), `subCatId ${String(sub.name)}`).toEqual(subPaged);
        const viaProducts = await client.get<Page>(`/api/products?subCatId=${sub.id}}`);
        expect(viaProducts.body.products.map((p) => p.id), `products?subCatId ${String(sub.name)}`).toEqual(subPaged);
      }
    }
    // The whole catalog is more than the cap: the newest MAX_UNPAGED_RESULTS, as a page of that size.
    const everything = await allPages('/api/products?location=All');
    expect(everything.length).toBeGreaterThan(MAX_UNPAGED_RESULTS);
    const unpaged = await client.get<Page>('/api/products');
    expect(unpaged.body.products.map((p) => p.id)).toEqual(everything.slice(0, MAX_UNPAGED_RESULTS));
    // With page/perPage nothing changed: ten by default.
    expect((await client.get<Page>(`/api/products/catId?catId=${categories[0]!.id}&page=1`)).body.products).toHaveLength(10);
  });

  it('signs up with the mailed code, and right after signing in reads an empty cart and My List with `Bearer null`', async () => {
    const email = `compat.${Date.now().toString(36)}@example.in`;
    const password = 'Original-client-42';
    const signUp = await client.post<Record<string, unknown>>('/api/user/signup', { name: 'Meera Iyer', email, phone: '9876501234', password, isAdmin: false });
    expect(signUp.status).toBe(201);
    expect(signUp.body).not.toHaveProperty('status', 'FAILED');
    const code = codeIn(await mail.next(email));
    const verified = await client.post('/api/user/verifyemail', { otp: code, email });
    expect(verified).toMatchObject({ status: 200, body: { success: true, message: 'OTP verified successfully' } });

    const signIn = await client.post<{ token: string; user: Doc; msg: string }>('/api/user/signin', { email, password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.msg).toBe('User Login Successfully!');
    expectFields(signIn.body.user, USER_FIELDS, 'signed-in user');
    shopper = { email, password, userId: signIn.body.user.id, token: signIn.body.token };

    // The page read the token at load, when there was none: it sends the literal "null" (and,
    // in some builds, "undefined") until it reloads, with the new user's id in the query.
    const { userId } = shopper;
    try {
      await readsWhileSignedOut(userId);
    } finally {
      // The reload: from here on the page sends the token.
      client.reload(shopper.token);
    }
  });

  async function readsWhileSignedOut(userId: string): Promise<void> {
    for (const before of [null, 'undefined']) {
      client.reload(before);
      expect(await client.get(`/api/cart?userId=${userId}`)).toEqual({ status: 200, body: [] });
      expect(await client.get(`/api/cart/count?userId=${userId}`)).toEqual({ status: 200, body: { count: 0, total: 0 } });
      expect(await client.get(`/api/my-list?productId=${product.id}&userId=${userId}`)).toEqual({ status: 200, body: [] });
      expect(await client.get(`/api/my-list?userId=${userId}`)).toEqual({ status: 200, body: [] });
      expect(await client.get(`/api/orders?userid=${userId}`)).toEqual({ status: 200, body: [] });
      // Writes still need a valid token, and say so the way the client reads a failed add
      // (`status: false`), so it shows an error instead of "added to cart".
      expect(await client.post('/api/cart/add', { productId: product.id, quantity: 1, userId })).toMatchObject({ status: 401, body: { status: false, msg: 'Please login to continue' } });
      expect(await client.post('/api/my-list/add/', { productId: product.id, userId })).toMatchObject({ status: 401, body: { status: false, msg: 'Please login to continue' } });
    }
    // A token that is there but not valid is refused, so a storefront can sign out on it.
    client.reload(`${shopper.token}x`);
    expect(await client.get(`/api/cart?userId=${userId}`)).toMatchObject({ status: 401, body: { error: true } });
    expect((await client.get(`/api/my-list?userId=${userId}`)).status).toBe(401);
    expect((await client.get(`/api/orders?userid=${userId}`)).status).toBe(401);
    expect(await client.post('/api/cart/add', { productId: product.id, quantity: 1, userId })).toMatchObject({ status: 401, body: { status: false } });
  }

  it('keeps a cart and My List with the original bodies', async () => {
    const { userId } = shopper;
    const image = (product.images as string[])[0];
    const price = Number(product.price);
    // As the original storefront sends it: the option chosen on the product page (its first), or null.
    const chosen = (list: string) => (product[list] as string[])[0] ?? null;
    const options = { productRam: chosen('productRam'), size: chosen('size'), productWeight: chosen('productWeight') };
    const item = { productTitle: product.name, image, rating: product.rating, price, quantity: 2, subTotal: price * 2, productId: product.id, countInStock: product.countInStock, userId, ...options };
    const added = await client.post<Doc>('/api/cart/add', item);
    expect(added.status).toBe(201);
    expectFields(added.body, CART_LINE_FIELDS, 'added cart line');
    // Added again with the same options: that line's quantity goes up (a deviation: the original
    // refused with "Product already added in the cart").
    expect(await client.post('/api/cart/add', item)).toMatchObject({ status: 201, body: { id: added.body.id, quantity: 4 } });

    const updated = await client.put<Doc>(`/api/cart/${added.body.id}`, { ...item, quantity: 3, subTotal: price * 3 });
    expect(updated.body).toMatchObject({ quantity: 3, subTotal: price * 3 });
    const cart = await client.get<Doc[]>(`/api/cart?userId=${userId}`);
    expect(cart.body).toHaveLength(1);
    expectFields(cart.body[0], CART_LINE_FIELDS, 'cart line');
    expect((await client.get(`/api/cart/count?userId=${userId}`)).body).toEqual({ count: 1, total: price * 3 });

    const listed = await client.post<Doc>('/api/my-list/add/', { productTitle: product.name, image, rating: product.rating, price, productId: product.id, userId });
    expect(listed.status).toBe(201);
    expectFields(listed.body, MY_LIST_FIELDS, 'My List entry');
    const check = await client.get<Doc[]>(`/api/my-list?productId=${product.id}&userId=${userId}`);
    expect(check.body).toHaveLength(1);
    expectFields(check.body[0], MY_LIST_FIELDS, 'My List entry read');
    expect(await client.delete(`/api/my-list/${listed.body.id}`)).toMatchObject({ status: 200, body: { success: true } });
    expect((await client.get<Doc[]>(`/api/my-list?userId=${userId}`)).body).toEqual([]);
  });

  it('reviews a product', async () => {
    const review = { productId: product.id, customerName: 'Meera Iyer', customerId: shopper.userId, review: 'Lovely finish', customerRating: 4.5 };
    expect((await client.post('/api/productReviews/add', review)).status).toBe(201);
    // The seeded product has its seed reviews too: this shopper's is the newest, and the only one of theirs.
    const reviews = await client.get<Doc[]>(`/api/productReviews?productId=${product.id}`);
    const theirs = reviews.body.filter((r) => r.customerId === shopper.userId);
    expect(theirs).toHaveLength(1);
    expect(reviews.body.at(-1)).toEqual(theirs[0]);
    for (const doc of reviews.body) expectFields(doc, ['_id', 'id', 'productId', 'customerName', 'customerId', 'review', 'customerRating', 'dateCreated'], 'review');
  });

  it('orders what is in the cart (test provider) and reads its orders', async () => {
    const { userId } = shopper;
    const cart = (await client.get<Doc[]>(`/api/cart?userId=${userId}`)).body;
    // Ours opens the payment for the server's total first (README: amounts are the server's).
    const checkout = await client.post<{ orderId: string; total: number }>('/api/orders/checkout', { ...billing, userId });
    expect(checkout.status).toBe(201);
    const paid = await client.post<Record<string, string>>('/api/payments/test/pay', { providerOrderId: checkout.body.orderId, card: '4111 1111 1111 1111' });
    expect(paid.status).toBe(200);
    const created = await client.post<Doc>('/api/orders/create', {
      name: billing.fullName,
      phoneNumber: billing.phoneNumber,
      address: `${billing.streetAddressLine1} ${billing.streetAddressLine2}`,
      pincode: billing.zipCode,
      amount: checkout.body.total,
      paymentId: paid.body.razorpay_payment_id,
      email: billing.email,
      userid: userId,
      products: cart,
      date: new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }),
      razorpay_order_id: paid.body.razorpay_order_id,
      razorpay_payment_id: paid.body.razorpay_payment_id,
      razorpay_signature: paid.body.razorpay_signature,
    });
    expect(created.status).toBe(201);
    expectFields(created.body, ORDER_FIELDS, 'created order');
    for (const line of cart) expect(await client.delete(`/api/cart/${line.id}`)).toMatchObject({ status: 404 }); // already taken out by the order
    expect((await client.get(`/api/cart?userId=${userId}`)).body).toEqual([]);

    const orders = await client.get<Doc[]>(`/api/orders?userid=${userId}`);
    expect(orders.body).toHaveLength(1);
    expectFields(orders.body[0], ORDER_FIELDS, 'order');
    expect(orders.body[0]).toMatchObject({ status: 'pending', amount: checkout.body.total });
    // Over the free-delivery threshold the total is what it was before the delivery fee existed
    // (the lines less the first order's discount); the fee is a field of its own, 0 here.
    const linesTotal = cart.reduce((sum, line) => sum + Number(line.subTotal), 0);
    expect(linesTotal).toBeGreaterThanOrEqual(FREE_DELIVERY_OVER);
    expect(created.body).toMatchObject({ amount: linesTotal - FIRST_ORDER_DISCOUNT, deliveryFee: 0 });
    const one = await client.get<{ products: Doc[] }>(`/api/orders/${created.body.id}`);
    expect(one.body.products).toHaveLength(1);
    expect(one.body.products[0]).toMatchObject({ productId: product.id, quantity: 3 });
    for (const field of ['productTitle', 'image', 'price', 'subTotal']) expect(one.body.products[0]).toHaveProperty(field);
  });

  it('My Account: reads the profile, uploads an avatar, saves it, changes the password', async () => {
    const { userId, email, password } = shopper;
    const profile = await client.get<Doc>(`/api/user/${userId}`);
    expectFields(profile.body, USER_FIELDS, 'profile');

    const form = new FormData();
    form.append('images', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const uploaded = await client.upload<string[]>('/api/user/upload', form);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toHaveLength(1);
    const records = await client.get<Doc[]>('/api/imageUpload');
    expect(records.body.flatMap((r) => r.images as string[])).toEqual(uploaded.body);

    // The original client saves the URLs the upload gave it back as they are.
    const saved = await client.put<Doc>(`/api/user/${userId}`, { name: 'Meera S. Iyer', email, phone: '9876501234', images: uploaded.body });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Meera S. Iyer', images: uploaded.body });
    expect((await client.get<Doc>(`/api/user/${userId}`)).body.images).toEqual(uploaded.body);

    const changed = await client.put<Doc>(`/api/user/changePassword/${userId}`, { name: 'Meera S. Iyer', email, password, newPass: 'Original-client-43', phone: '9876501234', images: uploaded.body });
    expect(changed.status).toBe(200);
    expect(changed.body).not.toHaveProperty('error');
    const signIn = await client.post<{ user: Doc }>('/api/user/signin', { email, password: 'Original-client-43' });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.images).toEqual(uploaded.body);
  });

  it('shows every picture: each image URL in every reply is absolute, on our server, and loads as an image', async () => {
    const base = new URL(t.url);
    const urls = [...client.images.keys()];
    const bad: string[] = [];
    const queue = [...urls];
    const worker = async () => {
      for (let url = queue.pop(); url !== undefined; url = queue.pop()) {
        const where = client.images.get(url);
        let parsed: URL;
        try {
          parsed = new URL(url);
        } catch {
          bad.push(`${url} (from ${where}): not an absolute URL`);
          continue;
        }
        if (parsed.origin !== base.origin) {
          bad.push(`${url} (from ${where}): not on ${base.origin}`);
          continue;
        }
        // As an <img> on the other origin asks for it: no CORS needed, any image type.
        const response = await fetch(parsed, { headers: { Referer: `${ORIGIN}/` } });
        const type = response.headers.get('content-type') ?? '';
        await response.arrayBuffer();
        if (response.status !== 200 || !type.startsWith('image/')) bad.push(`${url} (from ${where}): ${response.status} ${type}`);
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    expect(bad.slice(0, 10), `${bad.length} of ${urls.length} image URLs do not load`).toEqual([]);
    // They came from the catalog, banners, categories, cart and My List lines, orders, the avatar.
    expect(urls.length).toBeGreaterThan(300);
    expect(urls.some((u) => u.includes('/uploads/'))).toBe(true);
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
