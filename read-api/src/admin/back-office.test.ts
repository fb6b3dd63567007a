import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { newId, orderStreams, type AdminOrderDoc, type Billing, type OrderDoc, type ProductDoc } from '@shop/contracts';
import { newEventId } from '@shop/platform';
import type { AuditReport } from '@shop/projections';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { billing as shopBilling, listProduct } from '../../../test-support/shop-fixtures.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';

const billing = (email: string): Billing => ({ ...shopBilling, email });

interface OrderPage {
  orders: AdminOrderDoc[];
  totalPages: number;
  page: number;
}
interface Dashboard {
  timeZone: string;
  today: { orders: number; revenue: number };
  last7Days: { orders: number; revenue: number };
  sales: { today: { orders: number; revenue: number; gross: number; reversed: number; giftCardsSold: number } };
  ordersByStatus: Record<string, number>;
  lowStock: { threshold: number; products: { id: string; name: string; countInStock: number; lowestInStock: number; variants?: { sku: string; countInStock: number }[] }[] };
  refundsOwed: { count: number; amount: number };
}

let t: TestShop;
const catalog = smallCatalog();
const { ids } = catalog;
const adminId = newId();
let admin: string;
const shoppers = { asha: { id: newId(), email: 'asha@example.in', token: '' }, ravi: { id: newId(), email: 'ravi@example.in', token: '' } };

async function ok<T>(reply: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await reply;
  if (status >= 300) throw new Error(`HTTP ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** A paid order of `quantity` of one product, as a shopper places it. */
async function placeOrder(who: { token: string; email: string }, productId: string, quantity: number): Promise<OrderDoc> {
  await ok(api(t.url, '/api/cart/add', { method: 'POST', token: who.token, body: { productId, quantity } }));
  const checkout = await ok(api<{ orderId: string }>(t.url, '/api/orders/checkout', { method: 'POST', token: who.token, body: billing(who.email) }));
  const paid = await ok(
    api<Record<string, string>>(t.url, '/api/payments/test/pay', {
      method: 'POST',
      token: who.token,
      body: { providerOrderId: checkout.orderId, card: '4111 1111 1111 1111' },
    }),
  );
  const order = await ok(api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token: who.token, body: paid }));
  // Placing an order waits for the shopper's read models; the back office's follows right after.
  await t.shop.awaitProjections(await t.shop.events.headPosition(), ['backOffice']);
  return order;
}

const list = (query = '', token = admin) => api<OrderPage & { msg?: string }>(t.url, `/api/admin/orders${query}`, { token });
const dashboard = (token = admin) => api<Dashboard>(t.url, '/api/admin/dashboard', { token });
const move = (orderId: string, body: Record<string, unknown>, token = admin) =>
  api<OrderDoc & { msg?: string; allowed?: string[] }>(t.url, `/api/orders/${orderId}/status`, { method: 'PUT', token, body });

let first: OrderDoc;
let second: OrderDoc;
let third: OrderDoc;

beforeAll(async () => {
  t = await startTestShop();
  await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog']);
  admin = t.shop.tokens.sign({ userId: adminId, email: 'owner@example.in', isAdmin: true });
  for (const s of Object.values(shoppers)) s.token = t.shop.tokens.sign({ userId: s.id, email: s.email, isAdmin: false });
  first = await placeOrder(shoppers.asha, ids.shirt, 2); // 2 × 799
  second = await placeOrder(shoppers.ravi, ids.phone, 1); // 19999
  third = await placeOrder(shoppers.asha, ids.shirt, 1); // 799
});
afterAll(() => t?.close());

describe('back office: who may use it', () => {
  it('answers 401 without a token and 403 for a shopper on every admin route', async () => {
    for (const path of ['/api/admin/orders', '/api/admin/dashboard']) {
      expect((await api(t.url, path)).status).toBe(401);
      expect((await api(t.url, path, { token: shoppers.asha.token })).status).toBe(403);
    }
    expect((await move(first.id, { status: 'confirmed' }, shoppers.asha.token)).status).toBe(403);
  });
});

describe('back office: orders', () => {
  it('lists every shopper’s orders newest first, a page at a time', async () => {
    const all = await ok(list());
    expect(all.orders.map((o) => o.id)).toEqual([third.id, second.id, first.id]);
    expect(all).toMatchObject({ totalPages: 1, page: 1 });
    expect(all.orders[2]!.history).toEqual([expect.objectContaining({ from: null, to: 'pending', by: shoppers.asha.id })]);
    const paged = await ok(list('?perPage=2&page=2'));
    expect(paged.orders.map((o) => o.id)).toEqual([first.id]);
    expect(paged).toMatchObject({ totalPages: 2, page: 2 });
  });

  it('finds an order by its id, its payment id, or the shopper’s e-mail in any case', async () => {
    expect((await ok(list(`?q=${second.id}`))).orders.map((o) => o.id)).toEqual([second.id]);
    expect((await ok(list(`?q=${encodeURIComponent(first.paymentId)}`))).orders.map((o) => o.id)).toEqual([first.id]);
    const byEmail = await ok(list('?q=ASHA@Example.in&perPage=1'));
    expect(byEmail.orders.map((o) => o.id)).toEqual([third.id]);
    expect(byEmail.totalPages).toBe(2);
    expect((await ok(list('?q=nobody@example.in'))).orders).toEqual([]);
  });

  it('refuses malformed filters with a clear 400', async () => {
    for (const query of ['?status=lost', `?q=${'x'.repeat(201)}`, '?page=0', '?perPage=1000', '?page=abc', '?q=a&q=b']) {
      const { status, body } = await list(query);
      expect(status, query).toBe(400);
      expect(body.msg, query).toEqual(expect.any(String));
    }
  });

  it('opens one order with its lines, address, payment and history; 404 for an unknown id, 400 for a malformed one', async () => {
    const one = (id: string, token = admin) => api<AdminOrderDoc & { error?: boolean; msg?: string }>(t.url, `/api/admin/orders/${id}`, { token });
    const opened = await one(second.id);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: second.id, userid: shoppers.ravi.id, email: 'ravi@example.in', paymentId: second.paymentId, amount: second.amount, status: 'pending' });
    expect(opened.body.products.map((line) => line.productId)).toEqual([ids.phone]);
    expect(opened.body.address).toBe(second.address);
    expect(opened.body.history).toEqual([expect.objectContaining({ from: null, to: 'pending', by: shoppers.ravi.id })]);
    // The list's order, plus who its people are (these test tokens have no accounts: none named).
    expect(opened.body).toEqual({ ...(await ok(list(`?q=${second.id}`))).orders[0], people: {} });

    const unknown = await one(newId());
    expect([unknown.status, unknown.body]).toEqual([404, { error: true, msg: 'Order not found' }]);
    for (const bad of ['nope', 'A'.repeat(24), `${second.id}0`, '%27%20OR%201%3D1']) {
      const { status, body } = await one(bad);
      expect([status, body.error], bad).toEqual([400, true]);
    }
    expect((await api(t.url, `/api/admin/orders/${second.id}`)).status).toBe(401);
    expect((await one(second.id, shoppers.ravi.token)).status).toBe(403);
  });

  it('moves an order pending → confirmed → shipped (with a tracking number) → delivered, as the shopper then sees it', async () => {
    expect((await move(first.id, { status: 'confirmed' })).body.status).toBe('confirmed');
    const shipped = await move(first.id, { status: 'shipped', trackingNumber: 'BLR-4411' });
    expect(shipped.status).toBe(200);
    expect(shipped.body).toMatchObject({ status: 'shipped', trackingNumber: 'BLR-4411' });
    // The reply came after the read models: the shopper's order and the admin list show it now.
    const mine = await ok(api<OrderDoc>(t.url, `/api/orders/${first.id}`, { token: shoppers.asha.token }));
    expect(mine).toMatchObject({ status: 'shipped', trackingNumber: 'BLR-4411' });
    const shippedList = await ok(list('?status=shipped'));
    expect(shippedList.orders.map((o) => o.id)).toEqual([first.id]);
    expect(shippedList.orders[0]!.history.map((s) => [s.to, s.by])).toEqual([
      ['pending', shoppers.asha.id],
      ['confirmed', adminId],
      ['shipped', adminId],
    ]);
    expect(shippedList.orders[0]!.history[2]!.trackingNumber).toBe('BLR-4411');
    expect((await move(first.id, { status: 'delivered' })).body.status).toBe('delivered');
    expect((await ok(list(`?q=${first.id}&status=delivered`))).orders).toHaveLength(1);

    // The acting admin is in the events' metadata (the audit timeline's actor).
    const audit = await ok(api<AuditReport>(t.url, `/api/admin/audit/order/${first.id}`, { token: admin }));
    expect(audit.timeline.filter((e) => e.type === 'OrderStatusChanged').map((e) => e.actor)).toEqual([adminId, adminId, adminId]);
  });

  it('refuses a transition the order does not allow with 409 and the states it may go to', async () => {
    const skip = await move(second.id, { status: 'shipped' });
    expect(skip.status).toBe(409);
    expect(skip.body).toMatchObject({ error: true, status: 'pending', allowed: ['confirmed', 'cancelled'] });
    const final = await move(first.id, { status: 'cancelled' });
    expect(final.status).toBe(409);
    expect(final.body).toMatchObject({ status: 'delivered', allowed: [] });
    expect((await move(second.id, { status: 'confirmed', trackingNumber: 'X1' })).status).toBe(400);
    expect((await move(second.id, { status: 'shipped', trackingNumber: 'x'.repeat(65) })).status).toBe(400);
  });

  it('cancels a confirmed order: the stock comes back and a refund is owed', async () => {
    const phoneBefore = await ok(api<ProductDoc>(t.url, `/api/products/${ids.phone}`));
    await ok(move(second.id, { status: 'confirmed' }));
    expect((await ok(move(second.id, { status: 'cancelled' }))).status).toBe('cancelled');
    const phoneAfter = await ok(api<ProductDoc>(t.url, `/api/products/${ids.phone}`));
    expect(phoneAfter.countInStock).toBe(phoneBefore.countInStock + 1);
    const board = await ok(dashboard());
    expect(board.refundsOwed).toEqual({ count: 1, amount: second.amount });
  });
});

describe('back office: dashboard', () => {
  it('shows orders and net sales (a cancelled order taken back), orders per status, low stock and refunds owed', async () => {
    const board = await ok(dashboard());
    // Three orders paid online; the second was cancelled and is refunded: it is not a sale.
    const revenue = first.amount + third.amount;
    expect(board.today).toEqual({ orders: 3, revenue });
    expect(board.last7Days).toEqual({ orders: 3, revenue });
    expect(board.sales.today).toEqual({ orders: 3, revenue, gross: first.amount + second.amount + third.amount, reversed: second.amount, giftCardsSold: 0 });
    expect(board.ordersByStatus).toEqual({ pending: 1, confirmed: 0, shipped: 0, delivered: 1, cancelled: 1, returned: 0 });
    // The sneaker (0) and watch (3) were listed low; the shirt went 10 → 7 with these orders.
    expect(board.lowStock.products.map((p) => [p.name, p.countInStock])).toEqual([
      ['Running Sneaker', 0],
      ['Silver Watch', 3],
    ]);
    expect(board.refundsOwed.count).toBe(1);
  });
});

describe('back office: days of the shop\'s time zone (Asia/Kolkata by default)', () => {
  /** An order as the checkout records it, placed at `date` (a copy of a real one, another id). */
  async function placedAt(date: string, amount: number): Promise<void> {
    const [placed] = await t.shop.events.readStream(orderStreams.order(first.id));
    const orderId = newId();
    const data = { ...(placed!.data as Record<string, unknown>), orderId, paymentId: `pay_${orderId}`, providerOrderId: `order_${orderId}`, date, amount };
    await t.shop.events.append(orderStreams.order(orderId), [{ id: newEventId(), type: 'OrderPlaced', data, metadata: { userId: shoppers.asha.id, timestamp: date } }], 'no_stream');
    await t.shop.awaitProjections(await t.shop.events.headPosition(), ['backOffice']);
  }

  it('counts an order placed at 02:00 IST on that Indian day, and one at 23:30 IST on the day before', async () => {
    await placedAt('2030-03-10T20:30:00.000Z', 1200); // 11 March, 02:00 IST (10 March in UTC)
    await placedAt('2030-03-10T18:00:00.000Z', 300); // 10 March, 23:30 IST
    t.shop.now = () => new Date('2030-03-11T04:00:00.000Z'); // 11 March, 09:30 IST
    try {
      const board = await ok(dashboard());
      expect(board.timeZone).toBe('Asia/Kolkata');
      expect(board.today).toEqual({ orders: 1, revenue: 1200 });
      expect(board.last7Days).toEqual({ orders: 2, revenue: 1500 });
      // Six days on, 10 March IST has left the week (11–17 March); 11 March has not.
      t.shop.now = () => new Date('2030-03-16T19:00:00.000Z'); // 17 March, 00:30 IST (16 March in UTC)
      expect((await ok(dashboard())).last7Days).toEqual({ orders: 1, revenue: 1200 });
    } finally {
      delete t.shop.now;
    }
  });
});

describe('back office: receiving stock', () => {
  const receive = (productId: string, body: unknown, token = admin) =>
    api<{ productId: string; countInStock: number; msg?: string }>(t.url, `/api/admin/products/${productId}/stock`, { method: 'POST', token, body });

  it('adds to the product’s stock, shown on its page and the dashboard on the next request', async () => {
    const reply = await receive(ids.sneaker, { quantity: 8 });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ productId: ids.sneaker, countInStock: 8 });
    expect((await ok(api<ProductDoc>(t.url, `/api/products/${ids.sneaker}`))).countInStock).toBe(8);
    expect((await ok(dashboard())).lowStock.products.map((p) => p.name)).toEqual(['Silver Watch']);
  });

  it('leaves an unpublished product out of "low on stock" and brings it back, with its stock, when published', async () => {
    const lowStock = async () => (await ok(dashboard())).lowStock.products.map((p) => [p.name, p.countInStock]);
    const before = await lowStock();
    expect(before.map(([name]) => name)).toContain('Silver Watch');
    await ok(api(t.url, `/api/admin/products/${ids.watch}/unpublish`, { method: 'POST', token: admin }));
    await t.shop.awaitProjections(await t.shop.events.headPosition(), ['backOffice']);
    expect((await lowStock()).map(([name]) => name)).not.toContain('Silver Watch');
    await ok(api(t.url, `/api/admin/products/${ids.watch}/publish`, { method: 'POST', token: admin }));
    await t.shop.awaitProjections(await t.shop.events.headPosition(), ['backOffice']);
    expect(await lowStock()).toEqual(before);
  });

  it('lists a product one of whose variants is low although the product has plenty, until that variant is restocked', async () => {
    const variants = [
      { sku: `DASH-8-${newId().slice(-6)}`, options: { productRam: '8GB' }, price: 50_000, countInStock: 40 },
      { sku: `DASH-16-${newId().slice(-6)}`, options: { productRam: '16GB' }, price: 59_000, countInStock: 2 },
    ];
    const laptopId = await listProduct(t, { name: 'Dash Laptop', price: 50_000, oldPrice: 0, countInStock: 42, productRam: ['8GB', '16GB'], variants });
    await t.shop.awaitProjections(await t.shop.events.headPosition(), ['backOffice']);
    const row = () => ok(dashboard()).then((board) => board.lowStock.products.find((p) => p.id === laptopId));
    expect(await row()).toMatchObject({ name: 'Dash Laptop', countInStock: 42, lowestInStock: 2, variants: [{ sku: variants[1]!.sku, countInStock: 2 }, { sku: variants[0]!.sku, countInStock: 40 }] });
    expect((await receive(laptopId, { quantity: 10, sku: variants[1]!.sku })).status).toBe(200);
    await t.shop.awaitProjections(await t.shop.events.headPosition(), ['backOffice']);
    expect(await row()).toBeUndefined();
  });

  it('refuses anyone but an admin, a bad quantity and an unknown product', async () => {
    expect((await api(t.url, `/api/admin/products/${ids.watch}/stock`, { method: 'POST', body: { quantity: 1 } })).status).toBe(401);
    expect((await receive(ids.watch, { quantity: 1 }, shoppers.asha.token)).status).toBe(403);
    for (const quantity of [0, -1, 1.5, '5', 100_001, null]) expect((await receive(ids.watch, { quantity })).status, String(quantity)).toBe(400);
    expect((await receive(newId(), { quantity: 1 })).status).toBe(404);
    expect((await receive('not-an-id', { quantity: 1 })).status).toBe(404);
  });

  it('receipts and checkouts of one product at once all land', async () => {
    const before = (await ok(api<ProductDoc>(t.url, `/api/products/${ids.watch}`))).countInStock;
    const buyers = [0, 1, 2].map((n) => {
      const id = newId();
      const email = `buyer${n}@example.in`;
      return { id, email, token: t.shop.tokens.sign({ userId: id, email, isAdmin: false }) };
    });
    const results = await Promise.all([
      ...buyers.map((buyer) => placeOrder(buyer, ids.watch, 1)),
      ...[2, 3, 4].map((quantity) => ok(receive(ids.watch, { quantity }))),
    ]);
    expect(results).toHaveLength(6);
    const after = (await ok(api<ProductDoc>(t.url, `/api/products/${ids.watch}`))).countInStock;
    expect(after).toBe(before - 3 + 2 + 3 + 4);
    const events = await t.shop.events.readStream(`stock-${ids.watch}`);
    const receipts = events.filter((e) => e.type === 'StockReceived');
    expect(receipts).toHaveLength(3);
    expect(receipts.map((e) => e.metadata.userId)).toEqual([adminId, adminId, adminId]);
    expect(events.filter((e) => e.type === 'StockReserved')).toHaveLength(3);
  });
});
