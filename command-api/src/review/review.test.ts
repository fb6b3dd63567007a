import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDoc, ReviewDoc } from '@shop/contracts';
import { api, listProduct, namedShopper, shopper, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop();
});
afterAll(() => t?.close());

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
    const defaulted = await api<ReviewDoc>(t.url, '/api/productReviews/add', { method: 'POST', token: alice.token, body: { productId, review: 'ok' } });
    expect(defaulted.body).toMatchObject({ customerRating: 1, customerId: alice.userId });
    expect((await api(t.url, '/api/productReviews')).status).toBe(400);
  });
});
