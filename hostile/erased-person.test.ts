/**
 * Hostile clients after an erasure (issue #41): a person who deleted their account, or whom an
 * admin forgot, keeps bearer tokens taken before that live for days. Each must be dead on every
 * owned route at once: no order placed as "Forgotten customer" with stock reserved for it, no
 * review, no cart line, no export, no My List, no profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type ProductDoc } from '@shop/contracts';
import { billing, listProduct } from '../test-support/shop-fixtures.ts';
import { PASSWORD, signUpVerified, startAccountShop, type AccountShop } from '../test-support/account-kit.ts';

type Person = Awaited<ReturnType<typeof signUpVerified>>;

describe('hostile: the tokens of an erased person', () => {
  let shop: AccountShop;
  let productId: string;
  let admin: string;

  beforeAll(async () => {
    shop = await startAccountShop();
    productId = await listProduct(shop.t, { price: 300, countInStock: 40 });
    admin = shop.t.shop.tokens.sign({ userId: newId(), email: 'owner@example.in', isAdmin: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** Every owned route a signed-in shopper uses, as that shopper. */
  const ownedRoutes = (person: Person): { name: string; method: string; path: string; body?: unknown }[] => [
    { name: 'add to the cart', method: 'POST', path: '/api/cart/add', body: { productId, quantity: 1 } },
    { name: 'read the cart', method: 'GET', path: '/api/cart' },
    { name: 'place a cash-on-delivery order', method: 'POST', path: '/api/orders/checkout', body: { ...billing, email: person.email, paymentMethod: 'cod' } },
    { name: 'open an online payment', method: 'POST', path: '/api/orders/checkout', body: { ...billing, email: person.email } },
    { name: 'list the orders', method: 'GET', path: `/api/orders?userid=${person.userId}` },
    { name: 'post a review', method: 'POST', path: '/api/productReviews/add', body: { productId, review: 'Still here', customerRating: 5 } },
    { name: 'export the data', method: 'GET', path: `/api/user/${person.userId}/export` },
    { name: 'add to My List', method: 'POST', path: '/api/my-list/add', body: { productId } },
    { name: 'read My List', method: 'GET', path: '/api/my-list' },
    { name: 'read the profile', method: 'GET', path: `/api/user/${person.userId}` },
    { name: 'edit the profile', method: 'PUT', path: `/api/user/${person.userId}`, body: { name: 'Back Again', phone: '9876543210' } },
    { name: 'sign out', method: 'POST', path: '/api/user/signout' },
  ];

  /** A person whose cart holds a line (so a checkout would have something to reserve), with a second session. */
  async function personWithTwoSessions() {
    const person = await signUpVerified(shop);
    expect((await shop.call('/api/cart/add', { method: 'POST', token: person.token, body: { productId, quantity: 2 } })).status).toBe(201);
    const phone = (await shop.call<{ token: string }>('/api/user/signin', { method: 'POST', body: { email: person.email, password: PASSWORD } })).body.token;
    // Both tokens open the account before the erasure.
    for (const token of [person.token, phone]) expect((await shop.call(`/api/user/${person.userId}`, { token })).status).toBe(200);
    return { person, phone };
  }

  const stock = async () => (await shop.call<ProductDoc>(`/api/products/${productId}`)).body.countInStock;
  const reviewsBy = async (userId: string) =>
    (await shop.call<{ customerId: string }[]>(`/api/productReviews?productId=${productId}`)).body.filter((review) => review.customerId === userId);

  /** Every owned route answers 401 to each token, and nothing was written for the person. */
  async function expectDead(person: Person, tokens: string[]) {
    const stockBefore = await stock();
    for (const token of tokens) {
      for (const route of ownedRoutes(person)) {
        const reply = await shop.call<{ error?: boolean }>(route.path, { method: route.method, body: route.body, token });
        expect([route.name, reply.status]).toEqual([route.name, 401]);
      }
    }
    expect(await stock()).toBe(stockBefore);
    expect(await reviewsBy(person.userId)).toEqual([]);
    const orders = await shop.call<{ orders: { userid?: string }[] }>('/api/admin/orders?page=1&perPage=100', { token: admin });
    expect(orders.body.orders.filter((order) => order.userid === person.userId)).toEqual([]);
  }

  it('ends every session of a person who deleted their account (DELETE /api/user/:id): the token used and another', async () => {
    const { person, phone } = await personWithTwoSessions();
    const erased = await shop.call(`/api/user/${person.userId}`, { method: 'DELETE', token: person.token, body: { password: PASSWORD } });
    expect([erased.status, erased.body]).toEqual([200, { id: person.userId, forgotten: true }]);
    await expectDead(person, [person.token, phone]);
    // Nor can the old token erase again or ask for anything in their name.
    expect((await shop.call(`/api/user/${person.userId}`, { method: 'DELETE', token: phone, body: { password: PASSWORD } })).status).toBe(401);
  });

  it('ends every session of a customer an admin forgot (POST /api/admin/customers/:id/forget)', async () => {
    const { person, phone } = await personWithTwoSessions();
    expect((await shop.call(`/api/admin/customers/${person.userId}/forget`, { method: 'POST', token: admin })).status).toBe(200);
    await expectDead(person, [person.token, phone]);
  });

  it('keeps the tokens dead after every read model is rebuilt from the log', async () => {
    const { person, phone } = await personWithTwoSessions();
    expect((await shop.call(`/api/admin/customers/${person.userId}/forget`, { method: 'POST', token: admin })).status).toBe(200);
    expect((await shop.t.shop.rebuilds.run('accounts')).state).toBe('done');
    for (const token of [person.token, phone]) expect((await shop.call(`/api/user/${person.userId}`, { token })).status).toBe(401);
  });

  it('leaves other people\'s sessions alone', async () => {
    const { person } = await personWithTwoSessions();
    const neighbour = await signUpVerified(shop);
    expect((await shop.call(`/api/admin/customers/${person.userId}/forget`, { method: 'POST', token: admin })).status).toBe(200);
    expect((await shop.call(`/api/user/${neighbour.userId}`, { token: neighbour.token })).status).toBe(200);
    expect((await shop.call('/api/cart/add', { method: 'POST', token: neighbour.token, body: { productId, quantity: 1 } })).status).toBe(201);
  });
});
