import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, type OrderDoc, type ProductDoc, type ReviewDoc } from '@shop/contracts';
import { addToCart, api, checkoutAndPay, listProduct, namedShopper, shopper, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop();
});
afterAll(() => t?.close());

/** `token`'s shopper buys `productId` and the order is moved on to `status` by an admin. */
async function buy(shop: TestShop, token: string, productId: string, status: 'confirmed' | 'shipped' | 'delivered') {
  const admin = shopper(shop, { isAdmin: true });
  await addToCart(shop, token, productId, 1);
  const { paid } = await checkoutAndPay(shop, token);
  const order = await api<OrderDoc>(shop.url, '/api/orders/create', { method: 'POST', token, body: paid });
  expect(order.status).toBe(201);
  for (const next of ['confirmed', 'shipped', 'delivered'] as const) {
    const moved = await api(shop.url, `/api/orders/${order.body.id}/status`, { method: 'PUT', token: admin.token, body: { status: next } });
    expect(moved.status).toBe(200);
    if (next === status) return;
  }
}

describe('reviews over HTTP', () => {
  it('adds reviews (one per shopper: a second edits the first) and the product\'s rating and count follow, to the nearest half star', async () => {
    const alice = await namedShopper(t, 'Alice');
    const bob = await namedShopper(t, 'Bob');
    const productId = await listProduct(t, { rating: 2 });

    const first = await api<ReviewDoc>(t.url, '/api/productReviews/add', {
      method: 'POST',
      token: alice.token,
      // The name shown is the account's, whatever the body says.
      body: { productId, customerName: 'Mallory', customerId: alice.userId, review: 'Beautiful finish', customerRating: 5 },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ productId, customerId: alice.userId, customerName: 'Alice', review: 'Beautiful finish', customerRating: 5 });
    expect(new Date(first.body.dateCreated).toISOString()).toBe(first.body.dateCreated);
    expect((await api<ProductDoc>(t.url, `/api/products/${productId}`)).body).toMatchObject({ rating: 5, numReviews: 1 });

    const carol = await namedShopper(t, 'Carol');
    await api(t.url, '/api/productReviews/add', { method: 'POST', token: carol.token, body: { productId, review: 'Good', customerRating: 4 } });
    const bobFirst = await api<ReviewDoc>(t.url, '/api/productReviews/add', { method: 'POST', token: bob.token, body: { productId, review: 'Fine', customerRating: 3.5 } });
    expect(bobFirst.status).toBe(201);
    // Bob's second review edits his first (same id and date), it does not add one.
    const bobAgain = await api<ReviewDoc>(t.url, '/api/productReviews/add', { method: 'POST', token: bob.token, body: { productId, review: 'Meh', customerRating: 3 } });
    expect(bobAgain.status).toBe(200);
    expect(bobAgain.body).toMatchObject({ id: bobFirst.body.id, dateCreated: bobFirst.body.dateCreated, review: 'Meh', customerRating: 3, customerName: 'Bob' });
    // (5 + 4 + 3) / 3 = 4
    expect((await api<ProductDoc>(t.url, `/api/products/${productId}`)).body).toMatchObject({ rating: 4, numReviews: 3 });

    const list = await api<ReviewDoc[]>(t.url, `/api/productReviews?productId=${productId}`);
    expect(list.body.map((r) => [r.customerName, r.review])).toEqual([
      ['Alice', 'Beautiful finish'],
      ['Carol', 'Good'],
      ['Bob', 'Meh'],
    ]);
    expect(list.body.every((r) => r._id === r.id && r.dateCreated.includes('T'))).toBe(true);
  });

  it('requires login and text, takes the reviewer from the token, checks the rating', async () => {
    const alice = shopper(t);
    const productId = await listProduct(t);
    const add = (body: Record<string, unknown>, token?: string) => api<{ msg: string }>(t.url, '/api/productReviews/add', { method: 'POST', token, body });

    expect((await add({ productId, review: 'x', customerRating: 4 })).status).toBe(401);
    const empty = await add({ productId, review: '  ', customerRating: 4 }, alice.token);
    expect([empty.status, empty.body.msg]).toEqual([400, 'Please add a Review']);
    expect((await add({ productId, review: 'ok', customerRating: 4.3 }, alice.token)).status).toBe(400);
    expect((await add({ productId, review: 'ok', customerRating: 4, customerId: 'someone-else' }, alice.token)).status).toBe(403);
    expect((await add({ productId: '0123456789abcdef01234567', review: 'ok', customerRating: 4 }, alice.token)).status).toBe(404);
    // No rating is assumed: an untouched form once posted a glowing review as one star.
    for (const unrated of [{}, { customerRating: null }, { customerRating: '' }]) {
      const refused = await add({ productId, review: 'Lovely, would buy again', ...unrated }, alice.token);
      expect([refused.status, refused.body]).toEqual([400, { error: true, msg: REVIEW_MESSAGES.ratingMissing }]);
    }
    expect((await api<ReviewDoc[]>(t.url, `/api/productReviews?productId=${productId}`)).body).toEqual([]);
    // The original client sends its rating as a number or a numeric string; both still count.
    expect((await add({ productId, review: 'ok', customerRating: '4.5' }, alice.token)).body).toMatchObject({ customerRating: 4.5, customerId: alice.userId });
    expect((await api(t.url, '/api/productReviews')).status).toBe(400);
  });

  it('marks the reviews of shoppers who bought and received the product as verified, from their orders', async () => {
    const productId = await listProduct(t, { countInStock: 10 });
    const review = (token: string, text: string) => api<ReviewDoc>(t.url, '/api/productReviews/add', { method: 'POST', token, body: { productId, review: text, customerRating: 5 } });
    const received = shopper(t);
    const shipped = shopper(t);
    const otherProduct = shopper(t);
    await buy(t, received.token, productId, 'delivered');
    await buy(t, shipped.token, productId, 'shipped');
    await buy(t, otherProduct.token, await listProduct(t, { countInStock: 10 }), 'delivered');

    expect((await review(received.token, 'Arrived well packed')).body.verifiedBuyer).toBe(true);
    expect((await review(shipped.token, 'Still waiting, looks nice')).body.verifiedBuyer).toBe(false);
    expect((await review(otherProduct.token, 'Never bought it')).body.verifiedBuyer).toBe(false);
    const listed = (await api<ReviewDoc[]>(t.url, `/api/productReviews?productId=${productId}`)).body;
    expect(listed.map((r) => [r.customerId, r.verifiedBuyer])).toEqual([
      [received.userId, true],
      [shipped.userId, false],
      [otherProduct.userId, false],
    ]);
  });
});

describe('a shop that takes reviews from verified buyers only', () => {
  it('refuses other shoppers with a clear message in the original shape, and takes the verified buyer\'s', async () => {
    const strict = await startTestShop({ env: { REVIEWS_VERIFIED_BUYERS_ONLY: 'true' } });
    try {
      const productId = await listProduct(strict, { countInStock: 10 });
      const buyer = shopper(strict);
      const stranger = shopper(strict);
      await buy(strict, buyer.token, productId, 'delivered');
      const add = (token: string) => api<ReviewDoc & { msg?: string }>(strict.url, '/api/productReviews/add', { method: 'POST', token, body: { productId, review: 'Lovely', customerRating: 5 } });
      const refused = await add(stranger.token);
      expect([refused.status, refused.body]).toEqual([403, { error: true, msg: REVIEW_MESSAGES.verifiedBuyersOnly }]);
      const taken = await add(buyer.token);
      expect([taken.status, taken.body.verifiedBuyer]).toEqual([201, true]);
      expect((await api<ProductDoc>(strict.url, `/api/products/${productId}`)).body).toMatchObject({ rating: 5, numReviews: 1 });
    } finally {
      await strict.close();
    }
  });
});
