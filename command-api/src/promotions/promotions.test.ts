import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES, discountStreams, promotionStreams, type OrderDoc, type PromotionDoc } from '@shop/contracts';
import { addToCart, api, billing, checkoutAndPay, listProduct, shopper, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';
import { FIRST_ORDER_DISCOUNT_TAKEN } from '../ordering/discount/decider.ts';

let t: TestShop;
let admin: string;
beforeAll(async () => {
  t = await startTestShop({ seed: true });
  admin = shopper(t, { isAdmin: true }).token;
});
afterAll(() => t?.close());

type Placed = OrderDoc & { error?: boolean; msg?: string; promotions?: { label: string; amount: number }[] };
const confirm = (token: string, body: Record<string, unknown>) => api<Placed>(t.url, '/api/orders/create', { method: 'POST', token, body });
const createPromotion = async (body: Record<string, unknown>) => {
  const reply = await api<{ id: string }>(t.url, '/api/admin/promotions', { method: 'POST', token: admin, body });
  expect(reply.status).toBe(201);
  return reply.body.id;
};
const applyCoupon = (token: string, code: string) => api<{ status: boolean; msg?: string; discounts?: { label: string; amount: number }[] }>(t.url, '/api/cart/coupon', { method: 'POST', token, body: { code } });
const promotion = async (id: string) => (await api<PromotionDoc & { redemptions: unknown[] }>(t.url, `/api/admin/promotions/${id}`, { token: admin })).body;
let codes = 0;
const code = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${(codes += 1)}`;

/** `n` shoppers with the product in their cart, the coupon applied, each with a payment opened and paid (none confirmed yet). */
async function paidWithCoupon(n: number, productId: string, couponCode: string) {
  const paid = [];
  for (let i = 0; i < n; i += 1) {
    const { token } = shopper(t);
    await addToCart(t, token, productId, 1);
    expect((await applyCoupon(token, couponCode)).status).toBe(200);
    paid.push({ token, ...(await checkoutAndPay(t, token)) });
  }
  return paid;
}

describe('coupons counted once under racing checkouts', () => {
  it("a coupon's last use goes to exactly as many orders as it allows; the others are refused and refunded, and a cancelled order gives its use back", async () => {
    const couponCode = code('RACE');
    const id = await createPromotion({ name: 'Race fifty', type: 'flat', value: 50, code: couponCode, usageLimit: 3 });
    const productId = await listProduct(t, { price: 500, countInStock: 100 });
    const paid = await paidWithCoupon(8, productId, couponCode);
    for (const p of paid) expect(p.checkout).toMatchObject({ discounts: expect.arrayContaining([{ label: 'Race fifty', amount: 50 }]) });

    const replies = await Promise.all(paid.map((p) => confirm(p.token, p.paid)));
    const won = replies.filter((r) => r.status === 201);
    expect(won).toHaveLength(3);
    for (const lost of replies.filter((r) => r.status !== 201)) expect([lost.status, lost.body.msg]).toEqual([409, COUPON_MESSAGES.usedUp]);
    const uses = await t.shop.events.readStream(promotionStreams.promotion(id));
    expect(uses.filter((e) => e.type === 'PromotionUseClaimed')).toHaveLength(3);
    expect(await promotion(id)).toMatchObject({ uses: 3, discountGiven: 150 });

    const winner = won[0]!.body;
    expect(winner.amount).toBe(500 - 50 - 20 + (winner.deliveryFee ?? 0));
    const cancelled = await api(t.url, `/api/orders/${winner.id}/status`, { method: 'PUT', token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(await promotion(id)).toMatchObject({ uses: 2, discountGiven: 100 });
    // The use given back is there for the next shopper.
    const [next] = await paidWithCoupon(1, productId, couponCode);
    expect((await confirm(next!.token, next!.paid)).status).toBe(201);
  });

  it("a budget's last rupee: racing checkouts never give more than the budget", async () => {
    const couponCode = code('BUDGET');
    const id = await createPromotion({ name: 'Hundred off', type: 'flat', value: 100, code: couponCode, budget: 250 });
    const productId = await listProduct(t, { price: 800, countInStock: 100 });
    const paid = await paidWithCoupon(6, productId, couponCode);
    const replies = await Promise.all(paid.map((p) => confirm(p.token, p.paid)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(2);
    const claimed = (await t.shop.events.readStream(promotionStreams.promotion(id))).filter((e) => e.type === 'PromotionUseClaimed');
    expect(claimed.reduce((sum, e) => sum + (e.data as { amount: number }).amount, 0)).toBe(200);
    // What is left (Rs 50) is what the next cart gets.
    const { token } = shopper(t);
    await addToCart(t, token, productId, 1);
    expect((await applyCoupon(token, couponCode)).body.discounts).toContainEqual({ label: 'Hundred off', amount: 50, code: couponCode });
  });

  it("a shopper's limit holds across their racing checkouts and across the plus-addresses of one mailbox", async () => {
    const couponCode = code('ONCE');
    await createPromotion({ name: 'Once each', type: 'percent', value: 10, code: couponCode, perCustomerLimit: 1 });
    const productId = await listProduct(t, { price: 1000, countInStock: 100 });
    const sign = (email: string) => t.shop.tokens.sign({ userId: `${Date.now()}${Math.random()}`.replace('.', ''), email, isAdmin: false });
    const mailbox = `asha${Date.now()}`;
    const [a, b] = [sign(`${mailbox}+one@example.in`), sign(`${mailbox}+two@example.in`)];
    // The mailbox's first order, without the coupon: the first-order discount is not what is raced for.
    await addToCart(t, a, productId, 1);
    const plain = await checkoutAndPay(t, a);
    expect((await confirm(a, plain.paid)).status).toBe(201);
    const opened = [];
    for (const token of [a, b]) {
      await addToCart(t, token, productId, 1);
      expect((await applyCoupon(token, couponCode)).status).toBe(200);
      opened.push({ token, ...(await checkoutAndPay(t, token)) });
    }
    const replies = await Promise.all(opened.map((o) => confirm(o.token, o.paid)));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)!.body.msg).toBe(COUPON_MESSAGES.alreadyUsed);
  });
});

describe('a promotion without a limit', () => {
  it('is not claimed, yet its uses and rupees are counted from the orders placed, and a cancelled order takes its use back', async () => {
    const productId = await listProduct(t, { price: 1000, countInStock: 10 });
    const id = await createPromotion({ name: 'Lamp week', type: 'percent', value: 15, productIds: [productId] });
    const { token } = shopper(t);
    await addToCart(t, token, productId, 2);
    const { checkout, paid } = await checkoutAndPay(t, token);
    expect(checkout).toMatchObject({ discounts: [{ label: 'Lamp week', amount: 300 }, { label: 'First order discount', amount: 20 }] });
    const placed = await confirm(token, paid);
    expect([placed.status, placed.body.amount - (placed.body.deliveryFee ?? 0)]).toEqual([201, 1680]);
    expect(placed.body.promotions).toEqual([{ label: 'Lamp week', amount: 300, stage: 'sale' }]);
    expect((await t.shop.events.readStream(promotionStreams.promotion(id))).map((e) => e.type)).toEqual(['PromotionCreated']);
    await expect.poll(async () => (await promotion(id)).uses).toBe(1);
    expect(await promotion(id)).toMatchObject({ uses: 1, discountGiven: 300 });
    expect((await api(t.url, `/api/orders/${placed.body.id}/status`, { method: 'PUT', token: admin, body: { status: 'cancelled' } })).status).toBe(200);
    await expect.poll(async () => (await promotion(id)).uses).toBe(0);
  });
});

describe('the first-order discount, one per mailbox', () => {
  it('a second account of the same mailbox (a plus-address) does not get it again, and its racing claim is refused', async () => {
    const productId = await listProduct(t, { price: 450, countInStock: 20 });
    const mailbox = `bob${Date.now()}`;
    const account = (tag: string) => {
      const { userId } = shopper(t);
      return { userId, token: t.shop.tokens.sign({ userId, email: `${mailbox}+${tag}@example.in`, isAdmin: false }) };
    };
    const [first, second, third] = [account('a'), account('b'), account('c')];
    for (const s of [first, second]) await addToCart(t, s.token, productId, 1);
    // Both priced before either is placed: both with the discount; the mailbox's claim lets one through.
    const [a, b] = [await checkoutAndPay(t, first.token), await checkoutAndPay(t, second.token)];
    expect([a.checkout.total, b.checkout.total]).toEqual([430, 430]);
    expect((await confirm(first.token, a.paid)).status).toBe(201);
    const refused = await confirm(second.token, b.paid);
    expect([refused.status, refused.body.msg]).toEqual([409, FIRST_ORDER_DISCOUNT_TAKEN]);
    expect(await t.shop.events.readStream(discountStreams.firstOrder(second.userId))).toHaveLength(1); // its account claim, kept like any failed checkout's
    // A third plus-address is priced without it from the start.
    await addToCart(t, third.token, productId, 1);
    const c = await checkoutAndPay(t, third.token);
    expect([c.checkout.total, c.checkout.discount]).toEqual([450, null]);
    expect((await confirm(third.token, c.paid)).status).toBe(201);
  });
});

describe('POST /api/cart/coupon says why a code does not apply', () => {
  it('unknown, expired, minimum not met, not for these products; DELETE takes it off', async () => {
    const productId = await listProduct(t, { price: 300, countInStock: 10 });
    const { token } = shopper(t);
    await addToCart(t, token, productId, 1);
    const expired = code('OLD');
    await createPromotion({ name: 'Old', type: 'flat', value: 10, code: expired, startsAt: '2020-01-01T00:00:00Z', endsAt: '2020-02-01T00:00:00Z' });
    const big = code('BIG');
    await createPromotion({ name: 'Big carts', type: 'flat', value: 10, code: big, minCart: 1000 });
    const other = code('OTHER');
    await createPromotion({ name: 'Other things', type: 'percent', value: 10, code: other, productIds: ['6745a1b2c3d4e5f6a7b8c9d2'] });
    const good = code('GOOD');
    await createPromotion({ name: 'Good one', type: 'percent', value: 10, code: good });
    expect((await applyCoupon(token, 'NOSUCHCODE')).body).toEqual({ status: false, msg: COUPON_MESSAGES.unknown });
    expect((await applyCoupon(token, expired)).body).toEqual({ status: false, msg: COUPON_MESSAGES.expired });
    expect((await applyCoupon(token, big)).body).toEqual({ status: false, msg: COUPON_MESSAGES.minimum(1000) });
    expect((await applyCoupon(token, other)).body).toEqual({ status: false, msg: COUPON_MESSAGES.products });
    const applied = await applyCoupon(token, good.toLowerCase());
    expect([applied.status, applied.body.discounts]).toEqual([200, [{ label: 'Good one', amount: 30, code: good }, { label: 'First order discount', amount: 20 }]]);
    const checkout = await api<{ discounts: unknown[]; total: number }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: billing });
    expect(checkout.body.discounts).toEqual([{ label: 'Good one', amount: 30 }, { label: 'First order discount', amount: 20 }]);
    const removed = await api<{ discounts: unknown[] }>(t.url, '/api/cart/coupon', { method: 'DELETE', token });
    expect(removed.body.discounts).toEqual([{ label: 'First order discount', amount: 20 }]);
  });
});
