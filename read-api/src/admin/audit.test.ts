import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { newId } from '@shop/contracts';
import type { AuditReport } from '@shop/projections';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { billing } from '../../../test-support/shop-fixtures.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';


interface CartAuditState {
  lines: { lineId: string; productId: string; quantity: number; price: number; subTotal: number }[];
  items: number;
  total: number;
}

let t: TestShop;
const catalog = smallCatalog();
const { ids } = catalog;
const shopperId = newId();
let shopper: string;
let admin: string;

beforeAll(async () => {
  t = await startTestShop();
  await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog']);
  shopper = t.shop.tokens.sign({ userId: shopperId, email: 'asha@example.in', isAdmin: false });
  admin = t.shop.tokens.sign({ userId: newId(), email: 'auditor@example.in', isAdmin: true });
});
afterAll(() => t?.close());

/** A moment strictly between two steps (event times have millisecond resolution). */
async function moment(): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const at = new Date().toISOString();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return at;
}

async function ok<T>(reply: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await reply;
  if (status >= 300) throw new Error(`HTTP ${status}: ${JSON.stringify(body)}`);
  return body;
}

const add = (productId: string, quantity: number) =>
  ok(api<{ id: string }>(t.url, '/api/cart/add', { method: 'POST', token: shopper, body: { productId, quantity } }));

describe('audit of a cart and its order', () => {
  const moments: string[] = [];
  let orderId = '';
  let lines: Record<'shirt' | 'phone' | 'watch', string>;

  beforeAll(async () => {
    const shirt = (await add(ids.shirt, 1)).id;
    const phone = (await add(ids.phone, 2)).id;
    moments.push(await moment());

    await ok(api(t.url, `/api/cart/${shirt}`, { method: 'PUT', token: shopper, body: { quantity: 3 } }));
    await ok(api(t.url, `/api/cart/${phone}`, { method: 'DELETE', token: shopper }));
    const watch = (await add(ids.watch, 1)).id;
    lines = { shirt, phone, watch };
    moments.push(await moment());

    const checkout = await ok(api<{ orderId: string }>(t.url, '/api/orders/checkout', { method: 'POST', token: shopper, body: billing }));
    const paid = await ok(
      api<Record<string, string>>(t.url, '/api/payments/test/pay', {
        method: 'POST',
        token: shopper,
        body: { providerOrderId: checkout.orderId, card: '4111 1111 1111 1111' },
      }),
    );
    orderId = (await ok(api<{ id: string }>(t.url, '/api/orders/create', { method: 'POST', token: shopper, body: paid }))).id;
    moments.push(await moment());
  });

  const audit = (path: string, token = admin) => api<AuditReport & { msg?: string }>(t.url, `/api/admin/audit/${path}`, { token });

  it('lists every step of the cart with its time, type, acting user and key fields', async () => {
    const { status, body } = await audit(`cart/${shopperId}`);
    expect(status).toBe(200);
    expect(body.stream).toBe(`cart-${shopperId}`);
    expect(body.timeline.map((e) => e.type)).toEqual([
      'CartItemAdded',
      'CartItemAdded',
      'CartItemQuantityChanged',
      'CartItemRemoved',
      'CartItemAdded',
      'CartCheckedOut',
    ]);
    expect(body.timeline.slice(0, 5).map((e) => e.actor)).toEqual(Array(5).fill(shopperId));
    expect(body.timeline.map((e) => e.fields)).toEqual([
      expect.objectContaining({ lineId: lines.shirt, productId: ids.shirt, quantity: 1, price: 799 }),
      expect.objectContaining({ lineId: lines.phone, productId: ids.phone, quantity: 2, price: 19999 }),
      { lineId: lines.shirt, productId: ids.shirt, quantity: 3 },
      { lineId: lines.phone, productId: ids.phone },
      expect.objectContaining({ lineId: lines.watch, productId: ids.watch, quantity: 1, price: 5999 }),
      { orderId, lineIds: [lines.shirt, lines.watch] },
    ]);
    const times = body.timeline.map((e) => Date.parse(e.time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('shows the cart as it was at three moments', async () => {
    const [first, second, third] = await Promise.all(moments.map((at) => audit(`cart/${shopperId}?at=${encodeURIComponent(at)}`)));

    const one = first!.body.state as CartAuditState;
    expect(first!.body.eventsApplied).toBe(2);
    expect(one.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [ids.shirt, 1],
      [ids.phone, 2],
    ]);
    expect(one.total).toBe(799 + 2 * 19999);
    expect(first!.body.timeline.map((e) => e.afterMoment)).toEqual([false, false, true, true, true, true]);

    const two = second!.body.state as CartAuditState;
    expect(two.lines.map((l) => [l.productId, l.quantity])).toEqual([
      [ids.shirt, 3],
      [ids.watch, 1],
    ]);
    expect([two.items, two.total]).toEqual([4, 3 * 799 + 5999]);

    const three = third!.body.state as CartAuditState;
    expect(three).toEqual({ lines: [], items: 0, total: 0 });
    expect(third!.body.eventsApplied).toBe(6);
  });

  it('replays the order to its state, from the same deciders', async () => {
    const { status, body } = await audit(`order/${orderId}`);
    expect(status).toBe(200);
    // Placed with its tax decided and, paid online, its invoice issued in the same append.
    expect(body.timeline.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderTaxDecided', 'TaxInvoiceIssued']);
    expect(body.state).toMatchObject({ status: 'pending', order: { orderId, amount: 3 * 799 + 5999 - 20, userid: shopperId } }); // a first order: Rs 20 off
    const before = await audit(`order/${orderId}?at=${encodeURIComponent(moments[1]!)}`);
    expect(before.body.state).toEqual({ status: null, order: null });
  });

  it('is for admins only: 401 without a token, 403 for a shopper', async () => {
    expect((await api(t.url, `/api/admin/audit/cart/${shopperId}`)).status).toBe(401);
    const forbidden = await audit(`cart/${shopperId}`, shopper);
    expect([forbidden.status, forbidden.body.msg]).toEqual([403, 'Admins only']);
    expect((await audit(`order/${orderId}`, shopper)).status).toBe(403);
    expect((await api(t.url, '/api/admin/projections', { token: shopper })).status).toBe(403);
    expect((await api(t.url, '/api/admin/projections/catalog/rebuild', { method: 'POST', token: shopper })).status).toBe(403);
  });

  it('answers 404 for an unknown kind or an id with no events, 400 for a bad moment', async () => {
    expect((await audit(`wishlist/${shopperId}`)).status).toBe(404);
    expect((await audit(`cart/${newId()}`)).status).toBe(404);
    expect((await audit(`cart/${shopperId}?at=yesterday`)).status).toBe(400);
    expect((await audit(`cart/${shopperId}?at=2025-01-01T10:00:00`)).status).toBe(400);
  });
});
