import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { newId, type AdminAuditLookup, type AdminCustomerList, type AdminCustomerReply, type OrderDoc } from '@shop/contracts';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { billing } from '../../../test-support/shop-fixtures.ts';
import { PASSWORD, codeIn, startAccountShop, type AccountShop } from '../../../test-support/account-kit.ts';

let shop: AccountShop;
const catalog = smallCatalog();
const { ids } = catalog;
let admin: string;

interface Customer {
  userId: string;
  email: string;
  token: string;
}
const people: Record<'meera' | 'ravi' | 'kumar', Customer> = {} as never;

type Reply<T> = T & { error?: boolean; msg?: string };

async function ok<T>(reply: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await reply;
  if (status >= 300) throw new Error(`HTTP ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Sign-up with a name of our own → verify → sign-in. */
async function register(name: string, email: string): Promise<Customer> {
  await ok(shop.call('/api/user/signup', { method: 'POST', body: { name, email, phone: '9876543210', password: PASSWORD } }));
  const otp = codeIn(await shop.mail.next(email));
  await ok(shop.call('/api/user/verifyemail', { method: 'POST', body: { otp, email } }));
  const signedIn = await ok(shop.call<{ token: string; user: { id: string } }>('/api/user/signin', { method: 'POST', body: { email, password: PASSWORD } }));
  return { userId: signedIn.user.id, email, token: signedIn.token };
}

async function placeOrder(who: Customer, productId: string): Promise<OrderDoc> {
  await ok(shop.call('/api/cart/add', { method: 'POST', token: who.token, body: { productId, quantity: 1 } }));
  const checkout = await ok(shop.call<{ orderId: string }>('/api/orders/checkout', { method: 'POST', token: who.token, body: { ...billing, email: who.email } }));
  const paid = await ok(shop.call<Record<string, string>>('/api/payments/test/pay', { method: 'POST', token: who.token, body: { providerOrderId: checkout.orderId, card: '4111 1111 1111 1111' } }));
  return ok(shop.call<OrderDoc>('/api/orders/create', { method: 'POST', token: who.token, body: paid }));
}

const settle = async () => shop.t.shop.awaitProjections(await shop.t.shop.events.headPosition(), ['backOffice']);
const customers = (query = '', token = admin) => shop.call<Reply<AdminCustomerList>>(`/api/admin/customers${query}`, { token });
const customer = (id: string, token = admin) => shop.call<Reply<AdminCustomerReply>>(`/api/admin/customers/${id}`, { token });
const lookup = (email: string, token = admin) => shop.call<Reply<AdminAuditLookup>>(`/api/admin/audit/lookup?email=${encodeURIComponent(email)}`, { token });

let firstOrder: OrderDoc;
let secondOrder: OrderDoc;

beforeAll(async () => {
  shop = await startAccountShop();
  await shop.t.shop.awaitProjections(await importCatalog(shop.t.shop.catalog, catalog), ['catalog']);
  admin = shop.t.shop.tokens.sign({ userId: newId(), email: 'owner@example.in', isAdmin: true });
  // Registered oldest first: the list shows them the other way round.
  people.meera = await register('Meera Iyer', 'meera.iyer@example.in');
  people.ravi = await register('Ravi Shankar', 'ravi@shankar.example.in');
  people.kumar = await register('Anil Kumar', 'anil.k@mail.example.in');
  firstOrder = await placeOrder(people.ravi, ids.shirt);
  secondOrder = await placeOrder(people.ravi, ids.phone);
  await ok(shop.call('/api/cart/add', { method: 'POST', token: people.ravi.token, body: { productId: ids.shirt, quantity: 3 } }));
  await ok(shop.call('/api/productReviews/add', { method: 'POST', token: people.ravi.token, body: { productId: ids.phone, review: 'Fast and light', customerRating: 4 } }));
  await settle();
});
afterAll(() => shop?.close());

describe('back office: customers', () => {
  it('lists every account newest first with its order count, a page at a time', async () => {
    const all = await ok(customers());
    expect(all.customers.map((c) => c.email)).toEqual([people.kumar.email, people.ravi.email, people.meera.email]);
    expect(all).toMatchObject({ totalPages: 1, page: 1 });
    expect(all.customers[1]).toEqual({
      id: people.ravi.userId,
      name: 'Ravi Shankar',
      email: people.ravi.email,
      phone: '9876543210',
      isAdmin: false,
      isVerify: true,
      orders: 2,
      dateCreated: expect.any(String),
    });
    const second = await ok(customers('?perPage=2&page=2'));
    expect(second.customers.map((c) => c.email)).toEqual([people.meera.email]);
    expect(second).toMatchObject({ totalPages: 2, page: 2 });
  });

  it('finds customers by parts of their name or e-mail, in any case', async () => {
    const found = async (q: string) => (await ok(customers(`?q=${encodeURIComponent(q)}`))).customers.map((c) => c.email);
    expect(await found('MEERA')).toEqual([people.meera.email]);
    expect(await found('kum')).toEqual([people.kumar.email]);
    expect(await found('shankar')).toEqual([people.ravi.email]);
    expect(await found('ravi@shankar.example.in')).toEqual([people.ravi.email]);
    expect(await found('example')).toEqual([people.kumar.email, people.ravi.email, people.meera.email]);
    expect(await found('nobody')).toEqual([]);
    // Pattern characters are text, never a pattern.
    expect(await found('.*')).toEqual([]);
    expect(await found('" OR 1=1 --')).toEqual([]);
    const paged = await ok(customers('?q=example&perPage=1&page=3'));
    expect([paged.customers.map((c) => c.email), paged.totalPages]).toEqual([[people.meera.email], 3]);
  });

  it('refuses malformed queries with a clear 400', async () => {
    for (const query of [`?q=${'x'.repeat(101)}`, '?page=0', '?perPage=1000', '?page=abc', '?q=a&q=b']) {
      const { status, body } = await customers(query);
      expect(status, query).toBe(400);
      expect(body, query).toMatchObject({ error: true, msg: expect.any(String) });
    }
  });

  it('opens a customer with their orders newest first, their cart and their reviews', async () => {
    const { status, body } = await customer(people.ravi.userId);
    expect(status).toBe(200);
    expect(body.customer).toMatchObject({ id: people.ravi.userId, name: 'Ravi Shankar', orders: 2 });
    expect(body.orders.map((o) => o.id)).toEqual([secondOrder.id, firstOrder.id]);
    expect(body.orders[0]!.history).toEqual([expect.objectContaining({ to: 'pending', by: people.ravi.userId })]);
    expect(body.cart.map((line) => [line.productId, line.quantity])).toEqual([[ids.shirt, 3]]);
    expect(body.reviews.map((r) => [r.productId, r.review, r.customerRating])).toEqual([[ids.phone, 'Fast and light', 4]]);

    const meera = await ok(customer(people.meera.userId));
    expect([meera.orders, meera.cart, meera.reviews]).toEqual([[], [], []]);
  });

  it('answers 404 for an unknown customer and 400 for a malformed id', async () => {
    const unknown = await customer(newId());
    expect([unknown.status, unknown.body]).toEqual([404, { error: true, msg: 'Customer not found' }]);
    for (const bad of ['nope', `${people.ravi.userId}00`, '%24where']) {
      const { status, body } = await customer(bad);
      expect([status, body.error], bad).toEqual([400, true]);
    }
  });
});

describe('back office: the auditor looks a customer up by e-mail', () => {
  it('gives the user id (its cart id) and the orders of the account, whatever the case of the e-mail', async () => {
    const found = await ok(lookup(' RAVI@Shankar.Example.in '));
    expect(found).toEqual({
      userId: people.ravi.userId,
      email: people.ravi.email,
      name: 'Ravi Shankar',
      orders: [secondOrder, firstOrder].map((o) => ({ id: o.id, date: o.date, status: 'pending', amount: o.amount })),
    });
    // The user id opens the cart's audit timeline.
    const audit = await ok(shop.call<{ timeline: { type: string }[] }>(`/api/admin/audit/cart/${found.userId}`, { token: admin }));
    expect(audit.timeline.length).toBeGreaterThan(0);
  });

  it('answers 404 for no such account and 400 without an e-mail', async () => {
    const missing = await lookup('nobody@example.in');
    expect([missing.status, missing.body.error, missing.body.msg]).toEqual([404, true, expect.stringContaining('nobody@example.in')]);
    for (const query of ['', '?email=', `?email=${'a'.repeat(255)}`, '?email=a@b.in&email=c@d.in']) {
      const { status, body } = await shop.call<Reply<object>>(`/api/admin/audit/lookup${query}`, { token: admin });
      expect([status, body.error], query).toEqual([400, true]);
    }
  });
});

describe('back office: who may look at customers', () => {
  it('answers 401 without a token and 403 for a shopper on every customer route', async () => {
    for (const path of ['/api/admin/customers', `/api/admin/customers/${people.ravi.userId}`, `/api/admin/audit/lookup?email=${people.ravi.email}`]) {
      expect((await shop.call(path)).status, path).toBe(401);
      expect((await shop.call(path, { token: people.ravi.token })).status, path).toBe(403);
    }
  });
});
