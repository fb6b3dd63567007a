import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '@shop/contracts';
import { startMailCatcher, type MailCatcher } from '../../../test-support/account-kit.ts';
import { addToCart, api, checkoutAndPay, listProduct, shopper, startTestShop, verifiedShopper, type TestShop } from '../../../test-support/shop-fixtures.ts';

// A shopper follows an order from placed to delivered: the statuses it went through with their
// times, the tracking number and the carrier's link (from the shop's setting) in the order's
// reply, and the shipped e-mail, as a real SMTP server receives it, naming both.
const TEMPLATE = 'https://track.example.in/parcel?awb={trackingNumber}&lang=en';
// Characters an operator may type that must not bend the link (a path, a fragment, a second parameter).
const TRACKING_NUMBER = 'EK 123/45#x&y';
const ENCODED = 'EK%20123%2F45%23x%26y';

let t: TestShop;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await startTestShop({ env: { SMTP_URL: mail.url, TRACKING_URL_TEMPLATE: TEMPLATE } });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

/** A message's text with quoted-printable escapes undone (the catcher already joined soft breaks). */
const decoded = (raw: string) => Buffer.from(raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');

describe('an order a shopper can follow', () => {
  const buyer = { token: '', userId: '', email: '' };
  const admin = { token: '' };
  let order: OrderDoc;
  const move = (status: string, body: Record<string, unknown> = {}) =>
    api(t.url, `/api/orders/${order.id}/status`, { method: 'PUT', token: admin.token, body: { status, ...body } });
  const served = async () => {
    const one = await api<OrderDoc>(t.url, `/api/orders/${order.id}`, { token: buyer.token });
    expect(one.status).toBe(200);
    return one.body;
  };

  beforeAll(async () => {
    // A verified account: the order's mails go to its address.
    Object.assign(buyer, await verifiedShopper(t, 'Asha Rao', { mail }));
    admin.token = shopper(t, { isAdmin: true }).token;
    await addToCart(t, buyer.token, await listProduct(t, { name: 'Brass Diya', price: 450, countInStock: 5 }), 1);
    const { paid } = await checkoutAndPay(t, buyer.token);
    const created = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token: buyer.token, body: paid });
    expect(created.status).toBe(201);
    order = created.body;
  });

  it('a placed order is served with its first step, its city and state, and no tracking yet', async () => {
    const placed = await served();
    expect(placed.history).toEqual([{ status: 'pending', at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(placed).toMatchObject({ city: 'Bengaluru', state: 'Karnataka', status: 'pending' });
    expect(placed.trackingNumber).toBeUndefined();
    expect(placed.trackingUrl).toBeUndefined();
  });

  it('each status change joins the timeline in order, and the shipped one brings the tracking number and link', async () => {
    expect((await move('confirmed')).status).toBe(200);
    expect((await move('shipped', { trackingNumber: TRACKING_NUMBER })).status).toBe(200);
    expect((await move('delivered')).status).toBe(200);
    const delivered = await served();
    expect(delivered.history!.map((step) => step.status)).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
    const times = delivered.history!.map((step) => Date.parse(step.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(delivered.trackingNumber).toBe(TRACKING_NUMBER);
    expect(delivered.trackingUrl).toBe(`https://track.example.in/parcel?awb=${ENCODED}&lang=en`);
    // The list serves the same order the same way, and keeps the original fields.
    const list = await api<OrderDoc[]>(t.url, `/api/orders?userid=${buyer.userId}`, { token: buyer.token });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ id: order.id, paymentId: order.paymentId, trackingUrl: delivered.trackingUrl, history: delivered.history });
  });

  it('the shipped e-mail names the tracking number and links to the carrier and to the order page', async () => {
    await t.shop.orderMail.drain();
    // Placed, confirmed, shipped, delivered: four mails, one of them about the shipping.
    const texts: string[] = [];
    for (let i = 0; i < 4; i++) texts.push(decoded((await mail.next(buyer.email)).raw));
    const shipped = texts.filter((text) => text.includes(`Your order ${order.id} (Rs ${order.amount}) has been shipped.`));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]).toContain(`Tracking number: ${TRACKING_NUMBER}`);
    expect(shipped[0]).toContain(`Track your parcel: https://track.example.in/parcel?awb=${ENCODED}&lang=en`);
    expect(shipped[0]).toContain(`href="https://track.example.in/parcel?awb=${ENCODED}&amp;lang=en"`);
    expect(shipped[0]).toContain(`/orders/${order.id}`);
    // Only the shipped mail carries the parcel.
    expect(texts.filter((text) => text.includes(TRACKING_NUMBER))).toHaveLength(1);
  });

  it('another shopper cannot read the order, tracking number included', async () => {
    const stranger = shopper(t);
    const reply = await api(t.url, `/api/orders/${order.id}`, { token: stranger.token });
    expect(reply.status).toBe(404);
    expect(JSON.stringify(reply.body)).not.toContain(TRACKING_NUMBER);
  });
});
