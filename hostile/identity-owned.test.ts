/**
 * Hostile clients against what a user owns (issue #13): another user's ids on every owned route,
 * forged and expired tokens, review stuffing, and a production shop that would take no money.
 */
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc, ProductDoc, ReviewDoc } from '@shop/contracts';
import { loadConfig } from '@shop/platform';
import { addToCart, checkoutAndPay, listProduct } from '../test-support/shop-fixtures.ts';
import { TEST_JWT_SECRET, signUpVerified, startAccountShop, type AccountShop } from '../test-support/account-kit.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

type Person = Awaited<ReturnType<typeof signUpVerified>>;

describe('hostile: identity and ownership', () => {
  let shop: AccountShop;
  let alice: Person;
  let bob: Person;
  let productId: string;
  let bobLine: string;
  let bobEntry: string;
  let bobOrder: OrderDoc;

  beforeAll(async () => {
    shop = await startAccountShop();
    alice = await signUpVerified(shop);
    bob = await signUpVerified(shop);
    productId = await listProduct(shop.t, { price: 250, countInStock: 50 });
    const call = shop.call.bind(shop);
    // Bob owns an order, a cart line, a My List entry and a review.
    await addToCart(shop.t, bob.token, productId, 1);
    const { paid } = await checkoutAndPay(shop.t, bob.token);
    const created = await call<OrderDoc>('/api/orders/create', { method: 'POST', token: bob.token, body: { ...paid, userid: bob.userId } });
    expect(created.status).toBe(201);
    bobOrder = created.body;
    bobLine = (await addToCart(shop.t, bob.token, productId, 2)).body.id;
    bobEntry = (await call<{ id: string }>('/api/my-list/add', { method: 'POST', token: bob.token, body: { productId } })).body.id;
    expect((await call('/api/productReviews/add', { method: 'POST', token: bob.token, body: { productId, review: 'Lovely', customerRating: 5 } })).status).toBe(201);
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** Every owned route, aimed at Bob's things. */
  const attacks = (): { name: string; method: string; path: string; body?: unknown }[] => [
    { name: 'read his profile', method: 'GET', path: `/api/user/${bob.userId}` },
    { name: 'edit his profile', method: 'PUT', path: `/api/user/${bob.userId}`, body: { name: 'Owned', phone: '9876543210' } },
    { name: 'change his password', method: 'PUT', path: `/api/user/changePassword/${bob.userId}`, body: { password: 'x', newPass: 'Owned-pass-123' } },
    { name: 'read his cart', method: 'GET', path: `/api/cart?userId=${bob.userId}` },
    { name: 'count his cart', method: 'GET', path: `/api/cart/count?userId=${bob.userId}` },
    { name: 'add to his cart', method: 'POST', path: '/api/cart/add', body: { productId, quantity: 1, userId: bob.userId } },
    { name: 'change his cart line (named)', method: 'PUT', path: `/api/cart/${bobLine}`, body: { quantity: 9, userId: bob.userId } },
    { name: 'change his cart line (by id)', method: 'PUT', path: `/api/cart/${bobLine}`, body: { quantity: 9 } },
    { name: 'remove his cart line (named)', method: 'DELETE', path: `/api/cart/${bobLine}?userId=${bob.userId}` },
    { name: 'remove his cart line (by id)', method: 'DELETE', path: `/api/cart/${bobLine}` },
    { name: 'read his My List', method: 'GET', path: `/api/my-list?userId=${bob.userId}` },
    { name: 'add to his My List', method: 'POST', path: '/api/my-list/add', body: { productId, userId: bob.userId } },
    { name: 'remove his My List entry (named)', method: 'DELETE', path: `/api/my-list/${bobEntry}?userId=${bob.userId}` },
    { name: 'remove his My List entry (by id)', method: 'DELETE', path: `/api/my-list/${bobEntry}` },
    { name: 'list his orders', method: 'GET', path: `/api/orders?userid=${bob.userId}` },
    { name: 'read his order', method: 'GET', path: `/api/orders/${bobOrder.id}` },
    { name: 'cancel his order', method: 'PUT', path: `/api/orders/${bobOrder.id}/status`, body: { status: 'cancelled' } },
    { name: 'review as him', method: 'POST', path: '/api/productReviews/add', body: { productId, customerId: bob.userId, review: 'Awful', customerRating: 1 } },
  ];

  it('refuses another user\'s ids on every owned route (403/404), and changes nothing of his', async () => {
    for (const attack of attacks()) {
      const reply = await shop.call(attack.path, { method: attack.method, body: attack.body, token: alice.token });
      expect([attack.name, [403, 404].includes(reply.status)]).toEqual([attack.name, true]);
    }
    const asBob = <T>(path: string) => shop.call<T>(path, { token: bob.token });
    expect((await asBob<{ name: string }>(`/api/user/${bob.userId}`)).body.name).toBe('Asha Rao');
    expect((await asBob<{ id: string; quantity: number }[]>('/api/cart')).body.map((l) => [l.id, l.quantity])).toEqual([[bobLine, 2]]);
    expect((await asBob<{ id: string }[]>('/api/my-list')).body.map((e) => e.id)).toEqual([bobEntry]);
    expect((await asBob<OrderDoc>(`/api/orders/${bobOrder.id}`)).body.status).toBe('pending');
    const reviews = await shop.call<ReviewDoc[]>(`/api/productReviews?productId=${productId}`);
    expect(reviews.body.map((r) => [r.customerId, r.review])).toEqual([[bob.userId, 'Lovely']]);
    expect((await shop.call('/api/user/signin', { method: 'POST', body: { email: bob.email, password: bob.password } })).status).toBe(200);
  });

  it('answers forged (tampered, alg none, wrong key) and expired tokens with 401 on every owned route', async () => {
    const [header, , signature] = alice.token.split('.');
    const now = Math.floor(Date.now() / 1000);
    const tokens = {
      tampered: `${header}.${b64({ sub: bob.userId, email: bob.email, isAdmin: true, exp: now + 3600 })}.${signature}`,
      algNone: `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: bob.userId, email: bob.email, isAdmin: true })}.`,
      wrongKey: jwt.sign({ email: bob.email, isAdmin: true }, 'another-secret-that-is-long-enough-000000', { algorithm: 'HS256', subject: bob.userId }),
      expired: jwt.sign({ email: bob.email, isAdmin: false, exp: now - 60 }, TEST_JWT_SECRET, { algorithm: 'HS256', subject: bob.userId }),
    };
    for (const attack of attacks()) {
      for (const [kind, token] of Object.entries(tokens)) {
        const reply = await shop.call(attack.path, { method: attack.method, body: attack.body, token });
        expect([attack.name, kind, reply.status]).toEqual([attack.name, kind, 401]);
      }
    }
  });

  it('keeps one review per user and product, and shows the account\'s name, not the body\'s', async () => {
    const stuffed = await listProduct(shop.t);
    const add = (review: string, customerRating: number) =>
      shop.call<ReviewDoc>('/api/productReviews/add', {
        method: 'POST',
        token: alice.token,
        body: { productId: stuffed, review, customerRating, customerName: 'Trusted Reviewer' },
      });
    const first = await add('Five stars!', 5);
    const second = await add('Five stars again!', 5);
    expect(first.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const reviews = (await shop.call<ReviewDoc[]>(`/api/productReviews?productId=${stuffed}`)).body;
    expect(reviews.map((r) => [r.customerId, r.customerName, r.review])).toEqual([[alice.userId, 'Asha Rao', 'Five stars again!']]);
    expect((await shop.call<ProductDoc>(`/api/products/${stuffed}`)).body).toMatchObject({ numReviews: 1, rating: 5 });
  });
});

describe('hostile: a production shop with the offline test payment provider', () => {
  const production = { NODE_ENV: 'production', DATA_DIR: '/tmp/never-used' };

  it('refuses to start, naming the settings, unless ALLOW_TEST_PAYMENTS=true says it is a demo', () => {
    expect(() => loadConfig(production)).toThrow(/PAYMENTS.*ALLOW_TEST_PAYMENTS=true/);
    expect(() => loadConfig({ ...production, PAYMENTS: 'test' })).toThrow(/PAYMENTS=razorpay/);
    expect(() => loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'false' })).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(loadConfig({ ...production, ALLOW_TEST_PAYMENTS: 'true' })).toMatchObject({ PAYMENTS: 'test', ALLOW_TEST_PAYMENTS: true });
    expect(loadConfig({ ...production, PAYMENTS: 'razorpay' }).PAYMENTS).toBe('razorpay');
    // Development and test shops keep the offline provider by default.
    expect(loadConfig({ DATA_DIR: '/tmp/never-used' }).PAYMENTS).toBe('test');
  });
});
