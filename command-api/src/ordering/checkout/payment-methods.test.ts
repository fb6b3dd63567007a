import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '@shop/contracts';
import { addToCart, api, billing, listProduct, shopper, startTestShop, type TestShop } from '../../../../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop();
});
afterAll(() => t?.close());

type Attempt = Record<string, unknown>;
/** What each of the offline provider's pages sends to pay, to be declined, for each method. */
const PAGES: Record<'upi' | 'netbanking' | 'card', { pay: Attempt; decline: Attempt; declined: string }> = {
  upi: { pay: { method: 'upi', approve: true }, decline: { method: 'upi', approve: false }, declined: 'The UPI payment was declined in your UPI app' },
  netbanking: { pay: { method: 'netbanking', bank: 'HDFC' }, decline: { method: 'netbanking', bank: 'DECLINE' }, declined: 'Your bank declined the payment' },
  card: { pay: { method: 'card', card: '4111 1111 1111 1111' }, decline: { method: 'card', card: '4000 0000 0000 0002' }, declined: 'Your card was declined' },
};

const stockOf = async (productId: string) => (await api<{ countInStock: number }>(t.url, `/api/products/${productId}`)).body.countInStock;
const cartOf = async (token: string) => (await api<{ quantity: number }[]>(t.url, '/api/cart', { token })).body.map((line) => line.quantity);

describe.each(Object.entries(PAGES))('paying by %s with the offline provider', (method, page) => {
  it('a decline and an abandoned payment leave cart and stock as they were; the retry places the order with its method', async () => {
    const { token } = shopper(t);
    const productId = await listProduct(t, { price: 350, countInStock: 4 });
    await addToCart(t, token, productId, 2);
    const checkout = await api<{ orderId: string; paymentMethod: string; prefill: { method?: string } }>(t.url, '/api/orders/checkout', {
      method: 'POST',
      token,
      body: { ...billing, paymentMethod: method },
    });
    expect(checkout.status).toBe(201);
    expect([checkout.body.paymentMethod, checkout.body.prefill.method]).toEqual([method, method]);
    const providerOrderId = checkout.body.orderId;

    const declined = await api<{ msg: string }>(t.url, '/api/payments/test/pay', { method: 'POST', token, body: { providerOrderId, ...page.decline } });
    expect([declined.status, declined.body.msg]).toEqual([402, page.declined]);
    const abandoned = await api<{ paymentState: string; msg: string }>(t.url, '/api/payments/abandon', { method: 'POST', token, body: { providerOrderId } });
    expect(abandoned.body).toEqual({ providerOrderId, paymentState: 'failed', msg: 'The payment was not completed; you can try again' });
    const failures = (await t.shop.events.readStream(`payment-${providerOrderId}`)).filter((e) => e.type === 'PaymentFailed');
    expect(failures.map((e) => (e.data as { reason: string }).reason)).toEqual([page.declined, 'The payment was not completed; you can try again']);
    expect(await cartOf(token)).toEqual([2]);
    expect(await stockOf(productId)).toBe(4);
    expect((await api<OrderDoc[]>(t.url, '/api/orders', { token })).body).toEqual([]);

    // Trying again with the same payment succeeds.
    const paid = await api<Record<string, string>>(t.url, '/api/payments/test/pay', { method: 'POST', token, body: { providerOrderId, ...page.pay } });
    expect(paid.status).toBe(200);
    const order = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token, body: paid.body });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({ paymentMethod: method, paymentState: 'paid', codFee: 0 });
    expect(await stockOf(productId)).toBe(2);
  });
});

describe('the offline provider\'s pages', () => {
  it('refuses an unknown method or bank with a clear message, and someone else\'s payment as missing', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t, { price: 200, countInStock: 2 }), 1);
    const { orderId } = (await api<{ orderId: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: billing })).body;
    const pay = (body: Attempt, as = token) => api<{ msg: string }>(t.url, '/api/payments/test/pay', { method: 'POST', token: as, body: { providerOrderId: orderId, ...body } });
    expect((await pay({ method: 'wallet' })).body.msg).toBe('method must be card, netbanking or upi');
    expect((await pay({ method: 'netbanking', bank: 'XYZ' })).body.msg).toMatch(/^Choose one of the banks: SBIN, HDFC, ICIC/);
    expect((await pay({ method: 'upi', approve: 'yes' })).body.msg).toBe('approve must be true or false');
    expect((await pay(PAGES.upi.pay, shopper(t).token)).status).toBe(404);
    const abandonOther = await api(t.url, '/api/payments/abandon', { method: 'POST', token: shopper(t).token, body: { providerOrderId: orderId } });
    expect(abandonOther.status).toBe(404);
  });
});
