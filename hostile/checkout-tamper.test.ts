/**
 * Hostile clients between the checkout and the order: what the checkout checked (the address, and
 * with it the delivery fee and promised day; the prices and the promotions that made them) is
 * what the order is placed with, whatever the confirmation says, and a gift card's buyer is not
 * shown what its recipient bought with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '@shop/contracts';
import type { PaymentTerms } from '../command-api/src/ordering/checkout/process.ts';
import { PAYMENT_EXPIRED } from '../command-api/src/ordering/checkout/process.ts';
import { promotionWithdrawn } from '../command-api/src/promotions/decider.ts';
import { startMailCatcher, type MailCatcher } from '../test-support/account-kit.ts';
import { addToCart, api, billing, checkoutAndPay, listProduct, shopper, startTestShop, SUCCESS_CARD, type TestShop } from '../test-support/shop-fixtures.ts';

let t: TestShop;
let mail: MailCatcher;
let admin: string;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await startTestShop({ seed: true, env: { SMTP_URL: mail.url, GIFT_CARD_AMOUNTS: '500,1000,2000', PAYMENT_OPEN_MINUTES: '120' } });
  admin = shopper(t, { isAdmin: true }).token;
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const confirm = (token: string, body: Record<string, unknown>) => api<OrderDoc & { error?: boolean; msg?: string }>(t.url, '/api/orders/create', { method: 'POST', token, body });
const paymentEvents = async (providerOrderId: string) => (await t.shop.events.readStream(`payment-${providerOrderId}`)).map((e) => e.type);
const stockOf = async (productId: string) => (await api<{ countInStock: number }>(t.url, `/api/products/${productId}`)).body.countInStock;

/** The checkout's clock moved on by `minutes` while `work` runs (the shop's own, as a test clock). */
async function minutesLater<T>(minutes: number, work: () => Promise<T>): Promise<T> {
  const terms = (t.shop.checkout as unknown as { paying: PaymentTerms }).paying;
  const realNow = terms.now;
  terms.now = () => new Date(Date.now() + minutes * 60_000);
  try {
    return await work();
  } finally {
    terms.now = realNow;
  }
}

/** An admin's promotion (a coupon when `code` is given), and a way to pause or end it. */
async function promotion(body: Record<string, unknown>) {
  const created = await api<{ id: string }>(t.url, '/api/admin/promotions', { method: 'POST', token: admin, body: { type: 'percent', value: 10, ...body } });
  expect(created.status).toBe(201);
  const id = created.body.id;
  return { id, set: async (state: 'paused' | 'ended') => expect((await api(t.url, `/api/admin/promotions/${id}`, { method: 'PUT', token: admin, body: { state } })).status).toBe(200) };
}

/** A shopper with a Rs 1,000 product in the cart and, if given, the coupon applied. */
async function cartWith(code?: string) {
  const buyer = shopper(t);
  const productId = await listProduct(t, { price: 1000, countInStock: 5 });
  await addToCart(t, buyer.token, productId);
  if (code) expect((await api(t.url, '/api/cart/coupon', { method: 'POST', token: buyer.token, body: { code } })).status).toBe(200);
  return { ...buyer, productId };
}

const uniqueCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

describe('POST /api/orders/create with an address the checkout did not check', () => {
  it('places the order at the address the checkout validated, with its fee and promised day', async () => {
    const { token, userId } = shopper(t);
    await addToCart(t, token, await listProduct(t, { price: 300, countInStock: 5 }));
    const { checkout, paid } = await checkoutAndPay(t, token);
    const quoted = checkout as typeof checkout & { deliveryFee: number; deliverBy: string };
    // A pincode India Post does not list, in another state: the checkout would have refused it.
    const elsewhere = { ...billing, fullName: 'Someone Else', streetAddressLine1: '1 Other Street', city: 'Leh', state: 'Ladakh', zipCode: '194999' };
    const refusedAtCheckout = await api<{ msg: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: elsewhere });
    expect(refusedAtCheckout.status).toBe(400);

    const placed = await confirm(token, { ...paid, ...elsewhere, pincode: elsewhere.zipCode, address: '1 Other Street', userid: userId });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ name: billing.fullName, pincode: billing.zipCode, state: billing.state, city: billing.city, address: '12 MG Road, Indiranagar' });
    expect(placed.body.billing).toEqual(billing);
    expect(placed.body).toMatchObject({ deliveryFee: quoted.deliveryFee, deliverBy: quoted.deliverBy, amount: checkout.total });
    const listed = await api<OrderDoc>(t.url, `/api/orders/${placed.body.id}`, { token });
    expect(listed.body).toMatchObject({ pincode: billing.zipCode, billing });
  });
});

describe('GET /api/gift-cards/mine for the buyer of a card someone else spends', () => {
  it('shows the buyer the balance and that it was spent, not the recipient\'s payments or orders', async () => {
    const buyer = shopper(t);
    const opened = await api<{ orderId: string }>(t.url, '/api/gift-cards/checkout', { method: 'POST', token: buyer.token, body: { ...billing, amount: 1000, recipientEmail: 'meera.tamper@example.in' } });
    expect(opened.status).toBe(201);
    const paid = await api<Record<string, string>>(t.url, '/api/payments/test/pay', { method: 'POST', token: buyer.token, body: { providerOrderId: opened.body.orderId, card: SUCCESS_CARD } });
    expect((await confirm(buyer.token, paid.body)).status).toBe(201);
    const code = /Gift card code: ([A-Z2-9-]{19})/.exec((await mail.next('meera.tamper@example.in')).raw)?.[1];
    expect(code).toBeDefined();

    // The recipient spends part of it on an order of their own.
    const recipient = shopper(t);
    await addToCart(t, recipient.token, await listProduct(t, { price: 400, countInStock: 5 }));
    const spent = await api<{ orderId: string; amount: number }>(t.url, '/api/orders/checkout', { method: 'POST', token: recipient.token, body: { ...billing, giftCardCode: code } });
    expect(spent.status).toBe(201);
    await t.shop.catchUp();

    const mine = await api<Record<string, unknown>[]>(t.url, '/api/gift-cards/mine', { token: buyer.token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([expect.objectContaining({ amount: 1000, balance: 620, state: 'active', spent: true, history: [] })]);
    // Nothing of the recipient's checkout: no payment or order reference, no amount spent, no time.
    const shown = JSON.stringify(mine.body);
    expect(shown).not.toContain(spent.body.orderId);
    expect(shown).not.toContain('380');
    // The recipient sees their own payment from the card.
    const theirs = await api<{ history: { kind: string; amount: number }[] }[]>(t.url, '/api/gift-cards/mine', { token: recipient.token });
    expect(theirs.body).toEqual([expect.objectContaining({ balance: 620, spent: true, history: [expect.objectContaining({ kind: 'debit', amount: 380 })] })]);
  });
});

describe('a promotion the shop stopped giving between the checkout and the payment', () => {
  it('is not given at confirmation: a coupon without limits ended after the payment is refused and refunded, stock untouched', async () => {
    const code = uniqueCode('ENDED');
    const coupon = await promotion({ name: 'Ten off, ended', code });
    const buyer = await cartWith(code);
    const { checkout, paid } = await checkoutAndPay(t, buyer.token);
    // 1,000 less 10 % less the first-order Rs 20.
    expect(checkout.total).toBe(880);
    await coupon.set('ended');

    const refused = await confirm(buyer.token, { ...paid });
    expect([refused.status, refused.body.msg]).toEqual([409, promotionWithdrawn('Ten off, ended')]);
    expect(await paymentEvents(checkout.orderId)).toEqual(['PaymentOpened', 'PaymentConfirmed', 'PaymentRefundRequested']);
    await t.shop.refunds.sweep();
    expect(await paymentEvents(checkout.orderId)).toContain('PaymentRefunded');
    expect(await stockOf(buyer.productId)).toBe(5);
    expect((await api<OrderDoc[]>(t.url, `/api/orders?userid=${buyer.userId}`, { token: buyer.token })).body).toEqual([]);
    // Checking out again prices the cart as the shop sells it now.
    const again = await api<{ total: number }>(t.url, '/api/orders/checkout', { method: 'POST', token: buyer.token, body: billing });
    expect(again.body.total).toBe(980);
  });

  it('a paused sale is not given either, and a coupon with limits cannot be claimed once ended', async () => {
    const sale = await promotion({ name: 'Paused sale' });
    const buyer = await cartWith();
    const { checkout, paid } = await checkoutAndPay(t, buyer.token);
    expect(checkout.total).toBeLessThan(980);
    await sale.set('paused');
    const refused = await confirm(buyer.token, { ...paid });
    expect([refused.status, refused.body.msg]).toEqual([409, promotionWithdrawn('Paused sale')]);
    await sale.set('ended');

    const code = uniqueCode('LIMITED');
    const limited = await promotion({ name: 'Limited ten', code, usageLimit: 100 });
    const other = await cartWith(code);
    const opened = await checkoutAndPay(t, other.token);
    await limited.set('paused');
    const alsoRefused = await confirm(other.token, { ...opened.paid });
    expect([alsoRefused.status, alsoRefused.body.msg]).toEqual([409, promotionWithdrawn('Limited ten')]);
    const uses = (await t.shop.events.readStream(`promotion-${limited.id}`)).map((e) => e.type);
    expect(uses).not.toContain('PromotionUseClaimed');
  });

  it('a coupon whose window closed is not given at confirmation', async () => {
    const code = uniqueCode('WINDOW');
    await promotion({ name: 'Until tonight', code, endsAt: new Date(Date.now() + 30 * 60_000).toISOString() });
    const buyer = await cartWith(code);
    const { checkout, paid } = await checkoutAndPay(t, buyer.token);
    expect(checkout.total).toBe(880);
    const refused = await minutesLater(60, () => confirm(buyer.token, { ...paid }));
    expect([refused.status, refused.body.msg]).toEqual([409, promotionWithdrawn('Until tonight')]);
    expect(await paymentEvents(checkout.orderId)).toContain('PaymentRefundRequested');
  });

  it('the offline provider says so before taking the money, and nothing is charged', async () => {
    const code = uniqueCode('BEFORE');
    const coupon = await promotion({ name: 'Gone before paying', code });
    const buyer = await cartWith(code);
    const opened = await api<{ orderId: string; total: number }>(t.url, '/api/orders/checkout', { method: 'POST', token: buyer.token, body: billing });
    expect(opened.body.total).toBe(880);
    await coupon.set('ended');
    const pay = await api<{ msg?: string }>(t.url, '/api/payments/test/pay', { method: 'POST', token: buyer.token, body: { providerOrderId: opened.body.orderId, card: SUCCESS_CARD } });
    expect([pay.status, pay.body.msg]).toEqual([409, promotionWithdrawn('Gone before paying')]);
    expect(await paymentEvents(opened.body.orderId)).toEqual(['PaymentOpened']);
  });
});

describe('a payment paid after PAYMENT_OPEN_MINUTES', () => {
  it('is refused before paying with the offline provider, and refused and refunded when confirmed late', async () => {
    const buyer = await cartWith();
    const opened = await api<{ orderId: string }>(t.url, '/api/orders/checkout', { method: 'POST', token: buyer.token, body: billing });
    const late = await minutesLater(121, () => api<{ msg?: string }>(t.url, '/api/payments/test/pay', { method: 'POST', token: buyer.token, body: { providerOrderId: opened.body.orderId, card: SUCCESS_CARD } }));
    expect([late.status, late.body.msg]).toEqual([409, PAYMENT_EXPIRED]);

    // Paid in time (a provider's own window), confirmed too late: the money goes back, no order.
    const { checkout, paid } = await checkoutAndPay(t, buyer.token);
    const refused = await minutesLater(121, () => confirm(buyer.token, { ...paid }));
    expect([refused.status, refused.body.msg]).toEqual([409, PAYMENT_EXPIRED]);
    await t.shop.refunds.sweep();
    expect(await paymentEvents(checkout.orderId)).toEqual(['PaymentOpened', 'PaymentConfirmed', 'PaymentRefundRequested', 'PaymentRefunded']);
    expect(await stockOf(buyer.productId)).toBe(5);
    // Within the time it is placed as usual.
    const next = await checkoutAndPay(t, buyer.token);
    const inTime = await minutesLater(119, () => confirm(buyer.token, { ...next.paid }));
    expect(inTime.status).toBe(201);
  });
});
