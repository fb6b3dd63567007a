import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '@shop/contracts';
import type { RazorpayStandIn } from '../../../../test-support/razorpay-stand-in.ts';
import { addToCart, api, billing, listProduct, shopper, type TestShop } from '../../../../test-support/shop-fixtures.ts';
import { razorpayKeys as keys, startRazorpayShop, type RazorpayShop } from '../../../../test-support/razorpay-shop.ts';

let standIn: RazorpayStandIn;
let t: TestShop;
let shop: RazorpayShop;
beforeAll(async () => {
  shop = await startRazorpayShop();
  ({ standIn, t } = shop);
});
afterAll(() => shop?.close());

async function openCheckout(token: string, price = 650, quantity = 2) {
  await addToCart(t, token, await listProduct(t, { price, countInStock: 9 }), quantity);
  const reply = await api<{ keyId: string; orderId: string; amount: number; currency: string }>(t.url, '/api/orders/checkout', {
    method: 'POST',
    token,
    body: billing,
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
    const created = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: { ...paid, amount: 1280 } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ paymentId: paid.razorpay_payment_id, providerOrderId: checkout.orderId, amount: 1280 });
    expect(standIn.requests.some((r) => r.method === 'GET' && r.path === `/v1/payments/${paid.razorpay_payment_id}`)).toBe(true);
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
    const paid = standIn.pay(checkout.orderId);

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
});
