import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '@shop/contracts';
import type { RazorpayStandIn } from '../../../../test-support/razorpay-stand-in.ts';
import { addToCart, api, billing, listProduct, shopper, type TestShop } from '../../../../test-support/shop-fixtures.ts';
import { razorpayKeys as keys, startRazorpayShop, type RazorpayShop } from '../../../../test-support/razorpay-shop.ts';
import { promotionWithdrawn } from '../../promotions/decider.ts';

let standIn: RazorpayStandIn;
let t: TestShop;
let shop: RazorpayShop;
beforeAll(async () => {
  shop = await startRazorpayShop();
  ({ standIn, t } = shop);
});
afterAll(() => shop?.close());

interface Opened {
  keyId: string;
  orderId: string;
  amount: number;
  currency: string;
  paymentMethod: string;
  prefill: Record<string, string>;
  config: unknown;
}

async function openCheckout(token: string, price = 650, quantity = 2, paymentMethod?: string) {
  await addToCart(t, token, await listProduct(t, { price, countInStock: 9 }), quantity);
  const reply = await api<Opened>(t.url, '/api/orders/checkout', {
    method: 'POST',
    token,
    body: { ...billing, ...(paymentMethod ? { paymentMethod } : {}) },
  });
  expect(reply.status).toBe(201);
  return reply.body;
}

const webhook = (delivery: { body: string; headers: Record<string, string> }) =>
  fetch(`${t.url}/api/payments/razorpay/webhook`, { method: 'POST', headers: delivery.headers, body: delivery.body }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as { status?: string },
  }));

describe('checkout with Razorpay (local stand-in)', () => {
  it('opens a Razorpay order for the server total and turns the signed checkout reply into an order', async () => {
    const { token } = shopper(t);
    const checkout = await openCheckout(token);
    // 2 × 650 less the first order's Rs 20.
    expect(checkout).toMatchObject({ keyId: keys.keyId, amount: 128000, currency: 'INR' });
    expect(standIn.orders.get(checkout.orderId)).toMatchObject({ amount: 128000, currency: 'INR' });
    expect((await api(t.url, '/api/payments/test/pay', { method: 'POST', token, body: { providerOrderId: checkout.orderId, card: '4111111111111111' } })).status).toBe(404);

    const paid = standIn.pay(checkout.orderId);
    // Authorised only: not paid until captured.
    expect(standIn.payments.get(paid.razorpay_payment_id)!.status).toBe('authorized');
    const created = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: { ...paid, amount: 1280 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ paymentId: paid.razorpay_payment_id, providerOrderId: checkout.orderId, amount: 1280 });
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v1/payments/${paid.razorpay_payment_id}`)).toBe(true);
    expect(standIn.requests.filter((r) => r.path === `/v1/payments/${paid.razorpay_payment_id}/capture`)).toEqual([
      expect.objectContaining({ method: 'POST', body: { amount: 128000, currency: 'INR' } }),
    ]);
    expect(standIn.payments.get(paid.razorpay_payment_id)!.status).toBe('captured');
  });

  it('opens Standard Checkout on the chosen method, prefilled from the billing form, with UPI Collect hidden', async () => {
    const { token } = shopper(t);
    const checkout = await openCheckout(token, 400, 1, 'upi');
    expect(checkout.paymentMethod).toBe('upi');
    expect(checkout.prefill).toEqual({ name: billing.fullName, email: billing.email, contact: billing.phoneNumber, method: 'upi' });
    // UPI stays (Intent on a phone, a QR code on a desktop); only the Collect flow is hidden.
    expect(checkout.config).toEqual({ display: { hide: [{ method: 'upi', flows: ['collect'] }], preferences: { show_default_blocks: true } } });
    const card = await openCheckout(shopper(t).token, 400, 1);
    expect([card.paymentMethod, card.prefill.method]).toEqual(['card', 'card']);
  });

  it('captures an authorised payment from payment.authorized when the tab was closed, placing one order however often it is told', async () => {
    const { token } = shopper(t);
    const checkout = await openCheckout(token, 500, 1);
    const paid = standIn.pay(checkout.orderId);
    const delivery = standIn.webhook('payment.authorized', paid.razorpay_payment_id, { eventId: 'evt_auth_once' });
    expect(await webhook(delivery)).toEqual({ status: 200, body: { status: 'handled' } });
    expect(await webhook(delivery)).toEqual({ status: 200, body: { status: 'duplicate' } });
    expect(standIn.payments.get(paid.razorpay_payment_id)!.status).toBe('captured');
    // Razorpay then sends payment.captured under its own event id: the same order, nothing more.
    expect((await webhook(standIn.webhook('payment.captured', paid.razorpay_payment_id))).body).toEqual({ status: 'handled' });
    const orders = await api<OrderDoc[]>(t.url, '/api/orders', { token });
    expect(orders.body.map((o) => o.paymentId)).toEqual([paid.razorpay_payment_id]);
  });

  it('records a payment.failed once, leaves the cart and stock as they were, and lets the shopper pay again', async () => {
    const { token } = shopper(t);
    const checkout = await openCheckout(token, 450, 1, 'upi');
    const failedId = standIn.fail(checkout.orderId);
    const first = standIn.webhook('payment.failed', failedId);
    expect((await webhook(first)).body).toEqual({ status: 'handled' });
    expect((await webhook(first)).body).toEqual({ status: 'duplicate' });
    // A redelivery under another event id counts once too.
    expect((await webhook(standIn.webhook('payment.failed', failedId))).body).toEqual({ status: 'handled' });
    const events = await t.shop.events.readStream(`payment-${checkout.orderId}`);
    expect(events.filter((e) => e.type === 'PaymentFailed').map((e) => e.data)).toEqual([
      expect.objectContaining({ paymentId: failedId, reason: 'Payment was declined by the customer in the UPI app' }),
    ]);
    const cart = await api<{ productId: string; quantity: number }[]>(t.url, '/api/cart', { token });
    expect(cart.body.map((line) => line.quantity)).toEqual([1]);
    expect(await t.shop.events.readStream(`stock-${cart.body[0]!.productId}`)).toEqual([]);

    const paid = standIn.pay(checkout.orderId);
    expect((await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: paid })).status).toBe(201);
  });

  it('refuses a forged signature and a payment of another amount', async () => {
    const { token } = shopper(t);
    const checkout = await openCheckout(token);
    const forged = { razorpay_order_id: checkout.orderId, razorpay_payment_id: 'pay_forged0000000', razorpay_signature: 'ab'.repeat(32) };
    expect((await api(t.url, '/api/orders/create', { method: 'POST', token, body: forged })).status).toBe(400);
    const underpaid = standIn.pay(checkout.orderId, { amount: 100 });
    const reply = await api<{ msg: string }>(t.url, '/api/orders/create', { method: 'POST', token, body: underpaid });
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toMatch(/amount does not match/);
    expect((await api(t.url, '/api/orders', { token })).body).toEqual([]);
  });

  it('places the order from the webhook alone, once, and ignores bad signatures and redeliveries', async () => {
    const { token } = shopper(t);
    const checkout = await openCheckout(token, 300, 1);
    const paid = standIn.pay(checkout.orderId, { status: 'captured' });

    const unsigned = standIn.webhook('payment.captured', paid.razorpay_payment_id, { secret: 'wrong' });
    expect((await webhook(unsigned)).status).toBe(400);
    expect((await api(t.url, '/api/orders', { token })).body).toEqual([]);

    const delivery = standIn.webhook('payment.captured', paid.razorpay_payment_id, { eventId: 'evt_once' });
    expect(await webhook(delivery)).toEqual({ status: 200, body: { status: 'handled' } });
    expect(await webhook(delivery)).toEqual({ status: 200, body: { status: 'duplicate' } });
    // A second event for the same payment (order.paid) is handled but changes nothing.
    expect((await webhook(standIn.webhook('order.paid', paid.razorpay_payment_id))).status).toBe(200);

    const orders = await api<OrderDoc[]>(t.url, '/api/orders', { token });
    expect(orders.body).toHaveLength(1);
    expect(orders.body[0]).toMatchObject({ amount: 300 - 20, paymentId: paid.razorpay_payment_id });
    // The browser's confirmation arriving afterwards gets the same order.
    const late = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: paid });
    expect([late.status, late.body.id]).toEqual([200, orders.body[0]!.id]);
  });

  it('a payment made in Razorpay\'s window after its coupon ended is captured, refused as an order and refunded in full', async () => {
    const admin = shopper(t, { isAdmin: true }).token;
    const code = `RZPEND${Date.now().toString(36).toUpperCase()}`;
    const coupon = await api<{ id: string }>(t.url, '/api/admin/promotions', { method: 'POST', token: admin, body: { name: 'Ten off, then ended', type: 'percent', value: 10, code } });
    expect(coupon.status).toBe(201);
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t, { price: 1000, countInStock: 9 }), 1);
    expect((await api(t.url, '/api/cart/coupon', { method: 'POST', token, body: { code } })).status).toBe(200);
    const checkout = await api<Opened>(t.url, '/api/orders/checkout', { method: 'POST', token, body: billing });
    expect(checkout.body.amount).toBe(88_000);
    expect((await api(t.url, `/api/admin/promotions/${coupon.body.id}`, { method: 'PUT', token: admin, body: { state: 'ended' } })).status).toBe(200);

    // The tab was closed: the webhook captures the payment and the checkout refuses the order.
    const paid = standIn.pay(checkout.body.orderId);
    const delivery = standIn.webhook('payment.authorized', paid.razorpay_payment_id, { eventId: 'evt_coupon_ended' });
    expect(await webhook(delivery)).toEqual({ status: 200, body: { status: 'handled' } });
    const refused = await api<{ msg: string }>(t.url, '/api/orders/create', { method: 'POST', token, body: paid });
    expect([refused.status, refused.body.msg]).toEqual([409, promotionWithdrawn('Ten off, then ended')]);
    expect((await api(t.url, '/api/orders', { token })).body).toEqual([]);
    await t.shop.refunds.sweep();
    expect([...standIn.refunds.values()].filter((r) => r.payment_id === paid.razorpay_payment_id).map((r) => r.amount)).toEqual([88_000]);
  });
});
