import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDateTime, type AdminOrderDoc, type OrderDoc } from '@shop/contracts';
import { addToCart, api, billing, listProduct, namedShopper, shopper, startTestShop, verifiedShopper, type TestShop } from '../../../../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  // A Rs 49 fee; the cap (Rs 5,000), the time to confirm (60 minutes) and the holds' caps stay the defaults.
  t = await startTestShop({ env: { COD_FEE: '49' } });
});
afterAll(() => t?.close());

type CodReply = { paymentMethod: string; codFee: number; total: number; order: OrderDoc; msg?: string };
type Reply = OrderDoc & { msg?: string };

const stockOf = async (productId: string) => (await api<{ countInStock: number }>(t.url, `/api/products/${productId}`)).body.countInStock;
const cartOf = async (token: string) => (await api<unknown[]>(t.url, '/api/cart', { token })).body;
const orderEvents = async (orderId: string) => (await t.shop.events.readStream(`order-${orderId}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));
const admin = () => shopper(t, { isAdmin: true });
const setStatus = (token: string, orderId: string, status: string) =>
  api<Reply>(t.url, `/api/orders/${orderId}/status`, { method: 'PUT', token, body: { status } });
const confirmCod = (orderId: string, code: string) => api<Reply>(t.url, `/api/orders/${orderId}/confirm-cod`, { method: 'POST', body: { code } });

let street = 0;
/** A delivery address of its own (each address has its own cap of unconfirmed orders). */
const ownStreet = () => `${++street} MG Road`;

/**
 * A shopper (verified unless `who` says otherwise) with `quantity` of a new product in the cart,
 * checking out with cash on delivery to an address of their own unless one is given.
 */
async function codCheckout(
  options: { price?: number; quantity?: number; stock?: number; pincode?: string; state?: string; street?: string; who?: { token: string }; gift?: unknown; billed?: Partial<typeof billing> } = {},
) {
  const { token } = options.who ?? (await verifiedShopper(t));
  const productId = await listProduct(t, { price: options.price ?? 300, countInStock: options.stock ?? 5 });
  await addToCart(t, token, productId, options.quantity ?? 1);
  const reply = await codPlace(token, { zipCode: options.pincode ?? billing.zipCode, state: options.state ?? billing.state, streetAddressLine1: options.street ?? ownStreet(), ...options.billed }, options.gift);
  return { token, productId, reply };
}

const codPlace = (token: string, billed: Partial<typeof billing>, gift?: unknown) =>
  api<CodReply>(t.url, '/api/orders/checkout', { method: 'POST', token, body: { ...billing, ...billed, paymentMethod: 'cod', ...(gift ? { gift } : {}) } });

/** The confirmation code in the order's e-mail (and the link it sits in). */
async function mailedCode(orderId: string): Promise<{ code: string; link: string; text: string }> {
  await t.shop.orderMail.drain();
  const folder = join(t.dataDir, 'outbox');
  const text = readdirSync(folder)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readFileSync(join(folder, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '='))
    .find((mail) => mail.includes(`order ${orderId} is placed`));
  const link = new RegExp(`(http\\S+/orders/${orderId}/confirm-cod\\?code=([A-Z2-9]{8}))`).exec(text ?? '');
  if (!link) throw new Error(`no confirmation link for ${orderId}`);
  return { link: link[1]!, code: link[2]!, text: text! };
}

describe('cash on delivery', () => {
  it('is refused over the cap and where the pincode\'s zone has none, with nothing recorded', async () => {
    // 2 × 2,500 less the first order's Rs 20, plus the Rs 49 fee: Rs 5,029, over Rs 5,000.
    const over = await codCheckout({ price: 2500, quantity: 2 });
    expect(over.reply.status).toBe(400);
    expect(over.reply.body.msg).toBe('Cash on delivery is available for orders up to Rs 5,000; please pay by UPI, net banking or card');
    expect(await cartOf(over.token)).toHaveLength(1);
    expect(await stockOf(over.productId)).toBe(5);

    // Itanagar lies in the remote and north-eastern zone, which takes no cash by default (DELIVERY_NO_COD_ZONES).
    const remote = await codCheckout({ pincode: '791001', state: 'Arunachal Pradesh' });
    expect(remote.reply.status).toBe(400);
    expect(remote.reply.body.msg).toBe('Cash on delivery is not available for pincode 791001; please pay by UPI, net banking or card');
    expect(await cartOf(remote.token)).toHaveLength(1);
  });

  it('places the order with payment due, fulfils it only once the shopper confirms from the e-mail, and counts its revenue once the cash is collected', async () => {
    const before = (await api<{ today: { orders: number; revenue: number } }>(t.url, '/api/admin/dashboard', { token: admin().token })).body.today;
    const { token, productId, reply } = await codCheckout({ price: 300, quantity: 2 });
    expect(reply.status).toBe(201);
    // 600 less Rs 20 (first order) plus the Rs 49 fee.
    expect(reply.body).toMatchObject({ paymentMethod: 'cod', codFee: 49, total: 629 });
    const order = reply.body.order;
    expect(order).toMatchObject({ paymentMethod: 'cod', paymentState: 'awaiting-confirmation', amount: 629, codFee: 49, status: 'pending' });
    expect(JSON.stringify(order)).not.toMatch(/"code"/);
    expect(await stockOf(productId)).toBe(3);
    expect(await cartOf(token)).toEqual([]);

    const { token: adminToken, userId: adminId } = admin();
    const early = await setStatus(adminToken, order.id, 'confirmed');
    expect([early.status, early.body.msg]).toEqual([409, 'The shopper has not confirmed this cash-on-delivery order yet, so it cannot be fulfilled']);

    const { code, link, text } = await mailedCode(order.id);
    expect(link).toContain(`/orders/${order.id}/confirm-cod?code=${code}`);
    // The time to confirm by, in the shop's time as the shopper reads it (not UTC).
    expect(order.codConfirmBy).toBeDefined();
    // Stock nobody paid for is held an hour by default, not a day.
    expect(Date.parse(order.codConfirmBy!) - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(text).toContain(`confirm this cash-on-delivery order by ${shopDateTime(order.codConfirmBy!, 'Asia/Kolkata')}, or it is cancelled`);
    const wrong = await confirmCod(order.id, code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA');
    expect([wrong.status, wrong.body.msg]).toEqual([400, 'That confirmation code is not the one in your order e-mail']);
    const confirmed = await confirmCod(order.id, code.toLowerCase());
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ paymentState: 'due', status: 'pending' });
    expect((await confirmCod(order.id, code)).status).toBe(200);
    expect((await orderEvents(order.id)).filter((e) => e.type === 'CodOrderConfirmed')).toHaveLength(1);
    // What the shopper reads: their order, payment due.
    expect((await api<OrderDoc>(t.url, `/api/orders/${order.id}`, { token })).body).toMatchObject({ paymentMethod: 'cod', paymentState: 'due' });

    const notYet = await api<Reply>(t.url, `/api/orders/${order.id}/cash-collected`, { method: 'POST', token: adminToken });
    expect([notYet.status, notYet.body.msg]).toEqual([409, 'Cash is collected once the order is delivered']);
    for (const status of ['confirmed', 'shipped', 'delivered']) expect((await setStatus(adminToken, order.id, status)).status).toBe(200);
    const during = (await api<{ today: { orders: number; revenue: number } }>(t.url, '/api/admin/dashboard', { token: adminToken })).body.today;
    expect(during).toEqual({ orders: before.orders + 1, revenue: before.revenue });

    const collected = await api<Reply>(t.url, `/api/orders/${order.id}/cash-collected`, { method: 'POST', token: adminToken });
    expect(collected.body).toMatchObject({ paymentState: 'collected', status: 'delivered' });
    expect((await api(t.url, `/api/orders/${order.id}/cash-collected`, { method: 'POST', token: adminToken })).status).toBe(200);
    expect((await orderEvents(order.id)).filter((e) => e.type === 'CodCashCollected').map((e) => e.data)).toEqual([
      expect.objectContaining({ amount: 629, collectedBy: adminId }),
    ]);
    const after = (await api<{ today: { orders: number; revenue: number } }>(t.url, '/api/admin/dashboard', { token: adminToken })).body.today;
    expect(after).toEqual({ orders: before.orders + 1, revenue: before.revenue + 629 });
    const adminView = await api<AdminOrderDoc>(t.url, `/api/admin/orders/${order.id}`, { token: adminToken });
    expect(adminView.body).toMatchObject({ paymentState: 'collected', cashCollected: { amount: 629 } });

    // Only an admin marks cash collected.
    const shopperOrder = await api<Reply>(t.url, `/api/orders/${order.id}/cash-collected`, { method: 'POST', token });
    expect(shopperOrder.status).toBe(403);
  });

  it('cancels an order left unconfirmed past its time and puts its stock back, once, leaving a confirmed one alone', async () => {
    const late = await codCheckout({ quantity: 2 });
    const kept = await codCheckout({ quantity: 1 });
    expect(await stockOf(late.productId)).toBe(3);
    const { code } = await mailedCode(kept.reply.body.order.id);
    expect((await confirmCod(kept.reply.body.order.id, code)).status).toBe(200);

    // Not yet due: nothing happens.
    expect(await t.shop.cod.desk.sweep()).toBe(0);
    expect(await stockOf(late.productId)).toBe(3);

    const desk = t.shop.cod.desk as unknown as { now: () => Date };
    const realNow = desk.now;
    desk.now = () => new Date(Date.now() + 61 * 60_000);
    try {
      await t.shop.runner.catchUp();
      expect(await t.shop.cod.desk.sweep()).toBe(1);
      expect(await t.shop.cod.desk.sweep()).toBe(0);
    } finally {
      desk.now = realNow;
    }
    await t.shop.runner.catchUp();
    const lateOrder = (await api<OrderDoc>(t.url, `/api/orders/${late.reply.body.order.id}`, { token: late.token })).body;
    expect(lateOrder).toMatchObject({ status: 'cancelled', paymentState: 'not-collected' });
    expect(await stockOf(late.productId)).toBe(5);
    expect((await t.shop.events.readStream(`stock-${late.productId}`)).filter((e) => e.type === 'StockReleased')).toHaveLength(1);
    // No money was taken, so no refund is owed.
    expect((await t.shop.events.readStream(`payment-${lateOrder.providerOrderId}`)).map((e) => e.type)).not.toContain('PaymentRefundRequested');
    expect((await api<OrderDoc>(t.url, `/api/orders/${kept.reply.body.order.id}`, { token: kept.token })).body).toMatchObject({ status: 'pending', paymentState: 'due' });
    // Confirming after the cancellation is refused.
    const { code: lateCode } = await mailedCode(lateOrder.id);
    expect((await confirmCod(lateOrder.id, lateCode)).body.msg).toBe('This order was cancelled; please place it again');
  });

  it('marks a parcel that came back undelivered as returned to origin: stock back, no revenue, nothing refunded', async () => {
    const { token: adminToken } = admin();
    const before = (await api<{ today: { revenue: number } }>(t.url, '/api/admin/dashboard', { token: adminToken })).body.today.revenue;
    const { productId, reply, token } = await codCheckout({ quantity: 2 });
    const order = reply.body.order;
    expect((await confirmCod(order.id, (await mailedCode(order.id)).code)).status).toBe(200);
    for (const status of ['confirmed', 'shipped']) expect((await setStatus(adminToken, order.id, status)).status).toBe(200);
    expect(await stockOf(productId)).toBe(3);

    const returned = await setStatus(adminToken, order.id, 'returned');
    expect(returned.body).toMatchObject({ status: 'returned', paymentState: 'not-collected' });
    expect(await stockOf(productId)).toBe(5);
    expect((await setStatus(adminToken, order.id, 'returned')).status).toBe(200);
    expect((await t.shop.events.readStream(`stock-${productId}`)).filter((e) => e.type === 'StockReleased')).toHaveLength(1);
    expect((await api(t.url, `/api/orders/${order.id}/cash-collected`, { method: 'POST', token: adminToken })).status).toBe(409);
    expect((await api<{ today: { revenue: number } }>(t.url, '/api/admin/dashboard', { token: adminToken })).body.today.revenue).toBe(before);
    expect((await api<OrderDoc>(t.url, `/api/orders/${order.id}`, { token })).body.status).toBe('returned');
  });

  it('takes 10 confirmation attempts an hour per order, so its code cannot be guessed, and leaves other orders alone', async () => {
    const first = (await codCheckout()).reply.body.order;
    const second = (await codCheckout()).reply.body.order;
    const { code } = await mailedCode(first.id);
    const wrong = code === 'AAAAAAAA' ? 'BBBBBBBB' : 'AAAAAAAA';
    const tries = await Promise.all(Array.from({ length: 10 }, () => confirmCod(first.id, wrong)));
    expect(tries.map((r) => r.status)).toEqual(Array(10).fill(400));
    // The eleventh is refused before the code is looked at: the right one too, for now.
    const refused = await confirmCod(first.id, code);
    expect([refused.status, refused.body.msg]).toEqual([429, 'Too many confirmation attempts for this order. Please try again in 60 minutes.']);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await orderEvents(first.id)).map((e) => e.type)).not.toContain('CodOrderConfirmed');
    // Another order's shopper is not held up by it.
    const other = await mailedCode(second.id);
    expect((await confirmCod(second.id, other.code)).status).toBe(200);
  });
  it('is refused to a shopper whose account has no verified e-mail of its own, leaving the stock and the cart', async () => {
    const unverified = await namedShopper(t, 'Ravi');
    for (const who of [unverified, shopper(t)]) {
      const { reply, productId, token } = await codCheckout({ who });
      expect([reply.status, reply.body.msg]).toEqual([403, 'Cash on delivery is for accounts with a verified e-mail; please verify yours, or pay by UPI, net banking or card']);
      expect(await stockOf(productId)).toBe(5);
      expect(await cartOf(token)).toHaveLength(1);
    }
  });

  it('asks the delivery pincode, not the billing one: a gift sent to a zone that takes no cash is refused', async () => {
    const recipient = { name: 'Tana Tado', phoneNumber: '9876543210', streetAddressLine1: '4 Ganga Market', city: 'Itanagar', state: 'Arunachal Pradesh', zipCode: '791001' };
    // Billed in Bengaluru (which takes cash), delivered to Itanagar (which does not).
    const { reply, productId } = await codCheckout({ gift: { recipient } });
    expect([reply.status, reply.body.msg]).toEqual([400, 'Cash on delivery is not available for pincode 791001; please pay by UPI, net banking or card']);
    expect(await stockOf(productId)).toBe(5);
  });

  it('takes at most COD_MAX_UNITS_PER_LINE (5) of an item, so one order cannot take a product\'s whole stock', async () => {
    const { reply, productId } = await codCheckout({ quantity: 6, price: 100, stock: 40 });
    expect([reply.status, reply.body.msg]).toEqual([400, 'Cash on delivery takes at most 5 of each item; please lower the quantity, or pay by UPI, net banking or card']);
    expect(await stockOf(productId)).toBe(40);
    expect((await codCheckout({ quantity: 5, price: 100, stock: 40 })).reply.status).toBe(201);
  });

  it('holds at most 2 unconfirmed orders per account: the third waits until one is confirmed', async () => {
    const who = await verifiedShopper(t);
    const first = await codCheckout({ who });
    expect((await codCheckout({ who })).reply.status).toBe(201);
    const third = await codCheckout({ who });
    expect([third.reply.status, third.reply.body.msg]).toEqual([
      409,
      'You already have 2 cash-on-delivery orders waiting for confirmation; please confirm them from the order e-mail, or pay by UPI, net banking or card',
    ]);
    expect(await stockOf(third.productId)).toBe(5);
    expect(await cartOf(who.token)).toHaveLength(1);
    const { code } = await mailedCode(first.reply.body.order.id);
    expect((await confirmCod(first.reply.body.order.id, code)).status).toBe(200);
    expect((await codPlace(who.token, { streetAddressLine1: ownStreet() })).status).toBe(201);
  });

  it('holds at most 3 unconfirmed orders per delivery address, however the line is written and by whichever accounts, until they run out of time', async () => {
    const spellings = ['77 Brigade Road', '77, Brigade Road.', '77 BRIGADE road', '77  brigade-road'];
    const replies = [];
    for (const street of spellings) replies.push((await codCheckout({ street })).reply);
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 409]);
    expect(replies[3]!.body.msg).toBe('This delivery address already has 3 cash-on-delivery orders waiting for confirmation; please pay by UPI, net banking or card');
    // The same line at another pincode is another address.
    expect((await codCheckout({ street: spellings[0], pincode: '560001' })).reply.status).toBe(201);

    // An hour on, the desk cancels them and the address may order again.
    const desk = t.shop.cod.desk as unknown as { now: () => Date };
    const realNow = desk.now;
    desk.now = () => new Date(Date.now() + 61 * 60_000);
    try {
      await t.shop.runner.catchUp();
      while ((await t.shop.cod.desk.sweep()) > 0);
    } finally {
      desk.now = realNow;
    }
    expect((await codCheckout({ street: spellings[1] })).reply.status).toBe(201);
  });

  it('mails the order and its confirmation code to the account\'s verified e-mail only, never to the billing e-mail typed, under the shop\'s own subject and first line', async () => {
    const buyer = await verifiedShopper(t);
    const lure = 'URGENT KYC pending call 1800 000 0000 now';
    const { reply } = await codCheckout({ who: buyer, billed: { email: 'victim@example.in', fullName: lure } });
    expect(reply.status).toBe(201);
    const { text } = await mailedCode(reply.body.order.id);
    expect(text).toMatch(new RegExp(`^To: ${buyer.email.replace(/[.]/g, '\\.')}$`, 'm'));
    expect(text).not.toContain('victim@example.in');
    expect(text).toMatch(new RegExp(`^Subject: Your Gift & Gear Shop order ${reply.body.order.id} is placed$`, 'm'));
    // The body opens with the shop's words; the typed name only as whom the parcel goes to.
    const firstLine = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^\r\n]*)/.exec(text)?.[1];
    expect(firstLine).toBe(`Thank you for your order ${reply.body.order.id} at Gift & Gear Shop.`);
    expect(text).toContain(`Delivering to: ${lure}, `);
    const folder = join(t.dataDir, 'outbox');
    const toVictim = readdirSync(folder).filter((f) => /^To: victim@example\.in$/m.test(readFileSync(join(folder, f), 'utf8')));
    expect(toVictim).toEqual([]);
  });
});
