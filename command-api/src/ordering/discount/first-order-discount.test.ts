import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountStreams, paymentStreams, type Billing, type OrderDoc, type ProductDoc } from '@shop/contracts';
import { addToCart, api, billing, checkoutAndPay, listProduct, shopper, startTestShop, type TestShop } from '../../../../test-support/shop-fixtures.ts';
import { FIRST_ORDER_DISCOUNT_TAKEN } from './decider.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop({ seed: true });
});
afterAll(() => t?.close());

type Placed = OrderDoc & { error?: boolean; msg?: string };
const confirm = (token: string, body: Record<string, unknown>) => api<Placed>(t.url, '/api/orders/create', { method: 'POST', token, body });
const defaults = (token: string) => api<{ billing: Partial<Billing>; firstOrderDiscount: number }>(t.url, '/api/orders/checkout/defaults', { token });
const stockOf = async (productId: string) => (await api<ProductDoc>(t.url, `/api/products/${productId}`)).body.countInStock;

describe('Rs 20 off the first order', () => {
  it('the first order pays and keeps the discount as a line of its own; the second pays the full total', async () => {
    const { token } = shopper(t);
    const productId = await listProduct(t, { price: 450, countInStock: 5 });
    expect((await defaults(token)).body.firstOrderDiscount).toBe(20);

    await addToCart(t, token, productId, 2);
    const first = await checkoutAndPay(t, token);
    expect(first.checkout).toMatchObject({ subtotal: 900, total: 880, amount: 88000, discount: { kind: 'first-order', label: 'First order discount', amount: 20 } });
    const placed = await confirm(token, { ...first.paid, amount: 880 });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ amount: 880, discount: { label: 'First order discount', amount: 20 } });
    expect(placed.body.products.map((p) => p.subTotal)).toEqual([900]);
    const orderEvents = await t.shop.events.readStream(`order-${placed.body.id}`);
    expect(orderEvents[0]!.data).toMatchObject({ amount: 880, discount: { amount: 20 } });
    expect((await defaults(token)).body.firstOrderDiscount).toBe(0);

    await addToCart(t, token, productId, 1);
    const second = await checkoutAndPay(t, token);
    expect(second.checkout).toMatchObject({ subtotal: 450, total: 450, amount: 45000, discount: null });
    const again = await confirm(token, second.paid);
    expect(again.status).toBe(201);
    expect(again.body.amount).toBe(450);
    expect(again.body.discount).toBeUndefined();
  });

  it('two discounted checkouts racing: exactly one order gets it, the other is refunded in full', async () => {
    const { token } = shopper(t);
    const productId = await listProduct(t, { name: 'Race Lamp', price: 300, countInStock: 5 });
    await addToCart(t, token, productId, 1);
    // Two payment windows opened before either was paid: both priced with the discount. The second
    // gives another phone number, so it is another checkout (the same one again gets the first's payment).
    const [a, b] = [await checkoutAndPay(t, token), await checkoutAndPay(t, token, { ...billing, phoneNumber: '9123456780' })];
    expect([a.checkout.total, b.checkout.total]).toEqual([280, 280]);

    const replies = await Promise.all([confirm(token, a.paid), confirm(token, b.paid)]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    const lost = replies.find((r) => r.status === 409)!;
    expect(lost.body).toEqual({ error: true, msg: FIRST_ORDER_DISCOUNT_TAKEN });
    const orders = await api<OrderDoc[]>(t.url, '/api/orders', { token });
    expect(orders.body.map((o) => [o.amount, o.discount?.amount])).toEqual([[280, 20]]);

    const claims = await t.shop.events.readStream(discountStreams.firstOrder(orders.body[0]!.userid));
    expect(claims.map((e) => e.type)).toEqual(['FirstOrderDiscountClaimed']);
    const lostPayment = replies[0]!.status === 409 ? a : b;
    const refund = await t.shop.events.readStream(paymentStreams.payment(lostPayment.paid.order_id));
    expect(refund.map((e) => e.type)).toEqual(['PaymentOpened', 'PaymentConfirmed', 'PaymentRefundRequested']);
    expect(refund[2]!.data).toMatchObject({ amount: 280 });
    expect(await stockOf(productId)).toBe(4); // the losing checkout gave its reservation back
  });

  it('a discounted checkout that fails for stock does not use the discount up', async () => {
    const { token, userId } = shopper(t);
    const rival = shopper(t);
    const scarce = await listProduct(t, { name: 'Last Kite', price: 250, countInStock: 1 });
    await addToCart(t, token, scarce, 1);
    await addToCart(t, rival.token, scarce, 1);
    const mine = await checkoutAndPay(t, token);
    const theirs = await checkoutAndPay(t, rival.token);
    expect((await confirm(rival.token, theirs.paid)).status).toBe(201);
    const failed = await confirm(token, mine.paid);
    expect([failed.status, failed.body.msg]).toEqual([409, 'Sorry, Last Kite is out of stock']);
    expect(await t.shop.events.readStream(discountStreams.firstOrder(userId))).toEqual([]);

    const other = await listProduct(t, { price: 350, countInStock: 3 });
    await api(t.url, `/api/cart/${(await api<{ id: string }[]>(t.url, '/api/cart', { token })).body[0]!.id}`, { method: 'DELETE', token });
    await addToCart(t, token, other, 1);
    const next = await checkoutAndPay(t, token);
    expect(next.checkout.total).toBe(330);
    const placed = await confirm(token, next.paid);
    expect([placed.status, placed.body.amount, placed.body.discount?.amount]).toEqual([201, 330, 20]);
  });

  it('checkout starts from the profile and the last order\'s address', async () => {
    const { token, userId } = shopper(t);
    const empty = await defaults(token);
    expect(empty.body).toEqual({ billing: {}, firstOrderDiscount: 20 });
    await addToCart(t, token, await listProduct(t, { price: 500 }), 1);
    // The address the checkout was given (and checked) is the order's.
    const { paid } = await checkoutAndPay(t, token, { ...billing, streetAddressLine1: '7 Park Street' });
    expect((await confirm(token, { ...paid, userid: userId })).status).toBe(201);
    const after = await defaults(token);
    expect(after.body).toEqual({ billing: { ...billing, streetAddressLine1: '7 Park Street' }, firstOrderDiscount: 0 });
    expect((await api(t.url, '/api/orders/checkout/defaults')).status).toBe(401);
  });
});
