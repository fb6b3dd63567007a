import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc, RefundDoc } from '@shop/contracts';
import { RazorpayPaymentProvider } from '@shop/platform/adapters';
import type { RazorpayStandIn } from '../../../../test-support/razorpay-stand-in.ts';
import { addToCart, api, billing, listProduct, shopper, type TestShop } from '../../../../test-support/shop-fixtures.ts';
import { razorpayKeys as keys, startRazorpayShop, type RazorpayShop } from '../../../../test-support/razorpay-shop.ts';
import { TEST_METRICS_TOKEN } from '../../../../test-support/shop.ts';

let standIn: RazorpayStandIn;
let t: TestShop;
let shop: RazorpayShop;
beforeAll(async () => {
  shop = await startRazorpayShop();
  ({ standIn, t } = shop);
});
afterAll(() => shop?.close());

/** A paid Razorpay first order of 2 × ₹650 (₹20 off), then cancelled by an admin: a refund of ₹1,280 is owed. */
async function cancelledOrder() {
  const { token } = shopper(t);
  await addToCart(t, token, await listProduct(t, { price: 650, countInStock: 9 }), 2);
  const checkout = await api<{ orderId: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: billing });
  const paid = standIn.pay(checkout.body.orderId);
  const order = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: paid });
  expect(order.status).toBe(201);
  const admin = shopper(t, { isAdmin: true });
  const cancelled = await api(t.url, `/api/orders/${order.body.id}/status`, { method: 'PUT', token: admin.token, body: { status: 'cancelled' } });
  expect(cancelled.status).toBe(200);
  await t.shop.runner.catchUp();
  return { providerOrderId: checkout.body.orderId, paymentId: paid.razorpay_payment_id };
}

const refundsOf = (paymentId: string) => [...standIn.refunds.values()].filter((r) => r.payment_id === paymentId);
const refundDoc = (providerOrderId: string) => t.shop.docs.get<RefundDoc>('refunds', providerOrderId);
const paymentEvents = async (providerOrderId: string) => (await t.shop.events.readStream(`payment-${providerOrderId}`)).map((e) => e.type);

describe('refunds owed are made through the payment provider', () => {
  it('refunds a cancelled order in full, once, however often the desk sweeps', async () => {
    const { providerOrderId, paymentId } = await cancelledOrder();
    expect(await refundDoc(providerOrderId)).toMatchObject({ status: 'requested', amount: 1280, paymentId });

    await t.shop.refunds.sweep();
    expect(refundsOf(paymentId)).toEqual([expect.objectContaining({ amount: 128000, status: 'processed' })]);
    const sent = standIn.requests.findLast((r) => r.path === `/v1/payments/${paymentId}/refund`);
    expect(sent?.body).toMatchObject({ amount: 128000, speed: 'normal' });
    expect(await paymentEvents(providerOrderId)).toEqual(['PaymentOpened', 'PaymentConfirmed', 'PaymentRefundRequested', 'PaymentRefunded']);
    await t.shop.runner.catchUp();
    expect(await refundDoc(providerOrderId)).toMatchObject({ status: 'refunded', refundId: refundsOf(paymentId)[0]!.id });

    await t.shop.refunds.sweep();
    await t.shop.refunds.refund(providerOrderId);
    expect(refundsOf(paymentId)).toHaveLength(1);
    expect(standIn.requests.filter((r) => r.path === `/v1/payments/${paymentId}/refund`)).toHaveLength(1);
  });

  it('a refund the provider took but the shop never recorded (a crash) is recorded, not made twice', async () => {
    const { providerOrderId, paymentId } = await cancelledOrder();
    // What a desk that crashed after the provider's answer had sent: the same key, the same body.
    const provider = new RazorpayPaymentProvider({ ...keys, apiUrl: standIn.url });
    const taken = await provider.refund({
      paymentId,
      amountPaise: 128000,
      idempotencyKey: `refund-${providerOrderId}`,
      notes: { providerOrderId, reason: 'order cancelled' },
    });

    await t.shop.refunds.sweep();
    expect(refundsOf(paymentId)).toHaveLength(1);
    await t.shop.runner.catchUp();
    expect(await refundDoc(providerOrderId)).toMatchObject({ status: 'refunded', refundId: taken.refundId });
  });

  it('records a refund from refund.processed when the desk lost the answer, once however often it is delivered', async () => {
    const { providerOrderId, paymentId } = await cancelledOrder();
    // The desk asked and crashed before recording: the provider holds the refund, the shop does not.
    const provider = new RazorpayPaymentProvider({ ...keys, apiUrl: standIn.url });
    const taken = await provider.refund({ paymentId, amountPaise: 128000, idempotencyKey: `refund-${providerOrderId}`, notes: { providerOrderId, reason: 'order cancelled' } });
    const send = (delivery: { body: string; headers: Record<string, string> }) =>
      fetch(`${t.url}/api/payments/razorpay/webhook`, { method: 'POST', headers: delivery.headers, body: delivery.body }).then(async (r) => [r.status, await r.json()]);
    const delivery = standIn.refundWebhook(taken.refundId);
    expect(await send(delivery)).toEqual([200, { status: 'handled' }]);
    expect(await send(delivery)).toEqual([200, { status: 'duplicate' }]);
    expect(await send(standIn.refundWebhook(taken.refundId))).toEqual([200, { status: 'handled' }]);
    // The desk's own sweep afterwards finds nothing owed.
    await t.shop.refunds.sweep();
    expect(await paymentEvents(providerOrderId)).toEqual(['PaymentOpened', 'PaymentConfirmed', 'PaymentRefundRequested', 'PaymentRefunded']);
    expect(refundsOf(paymentId)).toHaveLength(1);
    await t.shop.runner.catchUp();
    expect(await refundDoc(providerOrderId)).toMatchObject({ status: 'refunded', refundId: taken.refundId });
  });

  it('keeps a refund the provider refuses owed, and makes it at a later sweep', async () => {
    const { providerOrderId, paymentId } = await cancelledOrder();
    const payment = standIn.payments.get(paymentId)!;
    payment.status = 'authorized';

    await t.shop.refunds.sweep();
    expect(refundsOf(paymentId)).toHaveLength(0);
    expect(await paymentEvents(providerOrderId)).not.toContain('PaymentRefunded');
    expect(await refundDoc(providerOrderId)).toMatchObject({ status: 'requested' });
    // Operators see it: the metrics count what is owed and how long the oldest has waited.
    const metrics = await api<string>(t.url, '/metrics', { token: TEST_METRICS_TOKEN });
    expect(metrics.body).toMatch(/^refunds_owed 1$/m);
    expect(metrics.body).toMatch(/^refunds_owed_oldest_seconds (?!0$)[\d.]+$/m);

    payment.status = 'captured';
    await t.shop.refunds.sweep();
    expect(refundsOf(paymentId)).toHaveLength(1);
    expect(await paymentEvents(providerOrderId)).toContain('PaymentRefunded');
    await t.shop.runner.catchUp();
    expect((await api<string>(t.url, '/metrics', { token: TEST_METRICS_TOKEN })).body).toMatch(/^refunds_owed 0$/m);
  });
});
