/**
 * Hostile clients against the shop's e-mail and event log (issue #25): one order cannot silence
 * the order e-mails of everyone after it, a mail field holds exactly one address (no list, no
 * hidden recipient), and a signed-in client cannot grow the permanent log without bound.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MAIL_CHECKPOINT, DEFERRED_ORDER_MAILS, OrderMailDesk } from '@shop/command-api';
import { READ_MODELS, newId, orderStreams, upcastEventData, type AdminOrderDoc, type Billing, type OrderDoc } from '@shop/contracts';
import { MailDeliveryError, newEventId } from '@shop/platform';
import { startMailCatcher, type MailCatcher } from '../test-support/account-kit.ts';
import { addToCart, api, billing, checkoutAndPay, listProduct, shopper, startTestShop, verifiedShopper, type TestShop } from '../test-support/shop-fixtures.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

const silent = { info() {}, warn() {}, error() {} };
let run = 0;
/** A fresh address with a label the catcher's recipient policy reads. */
const addressFor = (label: 'shopper' | 'nobody' | 'greylisted') => `${label}.${Date.now().toString(36)}.${++run}@example.in`;

let mail: MailCatcher;
let t: TestShop;
/** While false, `greylisted.*` recipients get 450 (try later), as a greylisting server answers. */
let greylistOpen = false;
/** While its account is being made, an address's verification code goes through whatever the address. */
const signingUp = new Set<string>();

beforeAll(async () => {
  mail = await startMailCatcher({
    refuse: (address) => {
      if (signingUp.has(address)) return null;
      if (address.startsWith('nobody.')) return { code: 550, message: '5.1.1 No such mailbox here' };
      if (address.startsWith('greylisted.') && !greylistOpen) return { code: 450, message: '4.7.1 Greylisted, try again later' };
      return null;
    },
  });
  t = await startTestShop({ env: { SMTP_URL: mail.url } });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

/** A paid order of one product by the verified account of `email` (its order mails go there). */
async function placeOrder(email: string): Promise<OrderDoc> {
  signingUp.add(email);
  const { token } = await verifiedShopper(t, 'Asha Rao', { email, mail }).finally(() => signingUp.delete(email));
  await addToCart(t, token, await listProduct(t, { name: 'Brass Diya', price: 450, countInStock: 5 }), 1);
  const { paid } = await checkoutAndPay(t, token, { ...billing, email });
  const created = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: paid });
  expect(created.status).toBe(201);
  return created.body;
}

/**
 * An order whose e-mail is `x`, as the log holds it from before checkout required one address:
 * appended to the order's stream as the checkout process wrote it then (by an account the shop
 * no longer has, so no mail is owed: order mails go to the account's verified e-mail only).
 */
async function legacyOrderMailedTo(email: string): Promise<string> {
  const orderId = newId();
  const line = { lineId: newId(), productId: newId(), productTitle: 'Old Lamp', image: '', price: 300, quantity: 1, subTotal: 300 };
  const placed = {
    orderId, paymentId: `pay_${orderId}`, providerOrderId: `order_${orderId}`, userid: newId(), name: 'Old Shopper', phoneNumber: '9876543210',
    address: '1 Old Road, Old Town', pincode: '560001', email, country: 'India', city: 'Bengaluru', state: 'Karnataka', amount: 300, products: [line],
    date: new Date().toISOString(),
  };
  // Brought to today's shape as the shop reads such an event (its upcasters), then appended.
  await t.shop.events.append(orderStreams.order(orderId), [{ id: newEventId(), type: 'OrderPlaced', data: upcastEventData('OrderPlaced', 1, placed) }], 'no_stream');
  return orderId;
}

async function adminOrder(orderId: string): Promise<AdminOrderDoc> {
  await t.shop.awaitProjections(await t.shop.events.headPosition(), [READ_MODELS.backOffice]);
  const reply = await api<AdminOrderDoc>(t.url, `/api/admin/orders/${orderId}`, { token: shopper(t, { isAdmin: true }).token });
  expect(reply.status).toBe(200);
  return reply.body;
}

describe('hostile: one order cannot silence the order e-mails', () => {
  it('passes a mail the server refuses for good (550) and shows it on the order, mails no order of an account it no longer has, and the next shopper gets a confirmation', async () => {
    const legacy = await legacyOrderMailedTo('x');
    const refused = await placeOrder(addressFor('nobody'));
    const nextShopper = addressFor('shopper');
    const next = await placeOrder(nextShopper);

    await t.shop.orderMail.drain();

    const confirmation = await mail.next(nextShopper);
    expect(confirmation.subject).toContain(next.id);
    // (The account's sign-up code went through; no order mail did.)
    expect(mail.messages.filter((m) => m.subject.includes(' order ') && m.to.some((to) => to === 'x' || to.startsWith('nobody.')))).toEqual([]);
    // Passed for good: the desk's stored checkpoint is past the last order, so no restart meets them again.
    const [lastPlaced] = await t.shop.events.readStream(orderStreams.order(next.id));
    expect(await t.shop.docs.getCheckpoint(ORDER_MAIL_CHECKPOINT)).toBeGreaterThanOrEqual(lastPlaced!.position);

    expect((await adminOrder(refused.id)).refusedMails).toEqual([
      { mail: 'placed', reason: expect.stringMatching(/^550 .*No such mailbox/), at: expect.any(String) },
    ]);
    expect((await adminOrder(legacy)).refusedMails).toBeUndefined();
    expect((await adminOrder(next.id)).refusedMails).toBeUndefined();
    // Recorded once, however often the desk passes the same place again.
    await t.shop.orderMail.drain();
    const refusals = (await t.shop.events.readStream(orderStreams.order(refused.id))).filter((e) => e.type === 'OrderMailRefused');
    expect(refusals).toHaveLength(1);
  }, scaledTimeout(30_000));

  it('keeps a mail the server puts off (450) for a later try on its own clock, while later orders are mailed at once', async () => {
    // This test drives a desk of its own with a clock it moves; the shop's desk stands down.
    await t.shop.orderMail.stop();
    let now = Date.now();
    const desk = new OrderMailDesk(t.shop.events, t.shop.docs, t.shop.streams, t.shop.mailer, silent, t.url, { now: () => now, idleMs: 3_600_000 });
    await desk.start();
    try {
      const greylisted = addressFor('greylisted');
      const putOff = await placeOrder(greylisted);
      const nextShopper = addressFor('shopper');
      const next = await placeOrder(nextShopper);

      await desk.drain();
      expect((await mail.next(nextShopper)).subject).toContain(next.id);
      expect(mail.messages.some((m) => m.to.includes(greylisted) && m.subject.includes(putOff.id))).toBe(false);
      expect(await t.shop.docs.find(DEFERRED_ORDER_MAILS, {})).toMatchObject([{ orderId: putOff.id, tries: 1, lastReason: expect.stringMatching(/^450 /) }]);

      greylistOpen = true;
      await desk.drain(); // not due yet: the server asked for time, and gets it
      expect(mail.messages.some((m) => m.to.includes(greylisted) && m.subject.includes(putOff.id))).toBe(false);

      now += 60_000;
      await desk.drain();
      expect((await mail.next(greylisted)).subject).toContain(putOff.id);
      expect(await t.shop.docs.find(DEFERRED_ORDER_MAILS, {})).toEqual([]);
      expect((await adminOrder(putOff.id)).refusedMails).toBeUndefined();
    } finally {
      await desk.stop();
    }
  }, scaledTimeout(30_000));
});

describe('hostile: a mail field holds exactly one address', () => {
  // The first two passed the old sign-up pattern, and nodemailer reads both as another recipient.
  const hostileAddresses = ['a,spy@example.in', 'Asha<spy@example.in>', 'x', 'a@example.in, b@example.in', 'a@example.in;b@example.in', 'asha@example.in\r\nBcc: spy@example.in', 'Asha <asha@example.in>', `${'a'.repeat(250)}@example.in`];

  it('refuses a billing e-mail that is not one plain address at checkout with 400, and opens no payment', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t, { name: 'Jute Bag', price: 200, countInStock: 5 }), 1);
    const head = await t.shop.events.headPosition();
    for (const email of hostileAddresses) {
      const body: Billing = { ...billing, email };
      const reply = await api(t.url, '/api/orders/checkout', { method: 'POST', token, body });
      expect({ email, status: reply.status, body: reply.body }).toEqual({ email, status: 400, body: { error: true, msg: 'Please enter a valid email address' } });
    }
    expect(await t.shop.events.headPosition()).toBe(head);
  });

  it('refuses such an address on sign-up and the newsletter in their reply shapes', async () => {
    for (const email of hostileAddresses) {
      const signUp = await api(t.url, '/api/user/signup', { method: 'POST', body: { name: 'Asha', email, phone: '9876543210', password: 'Correct-horse-42' } });
      expect(signUp).toMatchObject({ status: 400, body: { status: 'FAILED', msg: 'Please enter a valid email address' } });
      const newsletter = await api(t.url, '/api/newsletter', { method: 'POST', body: { email } });
      expect(newsletter).toMatchObject({ status: 400, body: { success: false, message: 'Please enter a valid email address' } });
    }
  });

  it('the mailer itself sends to nothing but one address, and says that is final', async () => {
    const sentBefore = mail.messages.length;
    for (const to of hostileAddresses) {
      const sent = t.shop.mailer.send({ to, subject: 'Your order', text: 'Hello', html: '<p>Hello</p>' });
      await expect(sent).rejects.toBeInstanceOf(MailDeliveryError);
      await expect(sent).rejects.toMatchObject({ failure: 'refused' });
    }
    expect(mail.messages.length).toBe(sentBefore);
  });
});

describe('hostile: a signed-in client cannot grow the event log without bound', () => {
  const CHECKOUTS_PER_10_MINUTES = 10;
  const BASKET_CHANGES_PER_MINUTE = 120;

  it('200 checkouts at once: no more than the budget open a payment, the rest get 429 in the checkout reply shape', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t, { name: 'Clay Cup', price: 150, countInStock: 50 }), 1);
    const head = await t.shop.events.headPosition();
    const replies = await Promise.all(Array.from({ length: 200 }, () => api(t.url, '/api/orders/checkout', { method: 'POST', token, body: billing })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(CHECKOUTS_PER_10_MINUTES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(200 - CHECKOUTS_PER_10_MINUTES);
    const refused = replies.find((r) => r.status === 429)!;
    expect(refused.body).toEqual({ error: true, msg: expect.stringMatching(/^Too many checkouts\. Please try again in \d+ (seconds|minutes)\.$/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const appended = await t.shop.events.readAll({ after: head, limit: 10_000 });
    expect(appended.filter((e) => e.type === 'PaymentOpened').length).toBeLessThanOrEqual(CHECKOUTS_PER_10_MINUTES);
  }, scaledTimeout(60_000));

  it('the same checkout again, still unpaid, gets its open payment back and records nothing; a changed cart opens a new one', async () => {
    const { token } = shopper(t);
    const line = await addToCart(t, token, await listProduct(t, { name: 'Steel Tiffin', price: 500, countInStock: 20 }), 1);
    const checkout = () => api<{ orderId: string; subtotal: number }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: billing });
    const first = await checkout();
    expect(first.status).toBe(201);
    const head = await t.shop.events.headPosition();
    const again = await Promise.all([checkout(), checkout(), checkout()]);
    expect(again.map((r) => [r.status, r.body.orderId])).toEqual(again.map(() => [201, first.body.orderId]));
    expect(await t.shop.events.headPosition()).toBe(head);

    await api(t.url, `/api/cart/${line.body.id}`, { method: 'PUT', token, body: { quantity: 2 } });
    const changed = await checkout();
    expect(changed.status).toBe(201);
    expect(changed.body.orderId).not.toBe(first.body.orderId);
    expect(changed.body.subtotal).toBe(2 * first.body.subtotal);
  });

  it('cart changes past the per-minute budget get 429 in the cart reply shape and append nothing', async () => {
    const { token } = shopper(t);
    const added = await addToCart(t, token, await listProduct(t, { name: 'Cotton Towel', price: 350, countInStock: 99 }), 1);
    expect(added.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < BASKET_CHANGES_PER_MINUTE + 5; i++) {
      statuses.push((await api(t.url, `/api/cart/${added.body.id}`, { method: 'PUT', token, body: { quantity: (i % 3) + 1 } })).status);
    }
    // The add took one point of the budget.
    expect(statuses.filter((s) => s === 200).length).toBe(BASKET_CHANGES_PER_MINUTE - 1);
    const head = await t.shop.events.headPosition();
    const over = await api(t.url, `/api/cart/${added.body.id}`, { method: 'PUT', token, body: { quantity: 2 } });
    expect(over).toMatchObject({ status: 429, body: { status: false, msg: expect.stringMatching(/^Too many cart and My List changes/) } });
    expect(await t.shop.events.headPosition()).toBe(head);
  }, scaledTimeout(60_000));
});
