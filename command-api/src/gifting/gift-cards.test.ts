import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftCardDoc, GiftCardHoldDoc, OrderDoc, RefundDoc } from '@shop/contracts';
import { addToCart, api, billing, listProduct, shopper, startTestShop, SUCCESS_CARD, type TestShop } from '../../../test-support/shop-fixtures.ts';
import { GiftCardHoldDesk } from './hold-desk.ts';

let t: TestShop;
let admin: string;
beforeAll(async () => {
  t = await startTestShop({ env: { GIFT_WRAP_FEE: '50' } });
  admin = shopper(t, { isAdmin: true }).token;
});
afterAll(() => t?.close());

interface Checkout {
  orderId: string;
  amount: number;
  total: number;
  provider: string;
  paymentMethod: string;
  giftCard?: { code: string; applied: number; balance: number };
  gift?: { message?: string; wrap: boolean; wrapFee: number };
  order?: OrderDoc;
  error?: boolean;
  msg?: string;
}

async function issue(amount: number) {
  const issued = await api<{ id: string; code: string }>(t.url, '/api/admin/gift-cards', { method: 'POST', token: admin, body: { amount } });
  expect(issued.status).toBe(201);
  return issued.body;
}

const checkout = (token: string, extra: Record<string, unknown>) => api<Checkout>(t.url, '/api/orders/checkout', { method: 'POST', token, body: { ...billing, ...extra } });
const pay = (token: string, providerOrderId: string) => api<Record<string, string>>(t.url, '/api/payments/test/pay', { method: 'POST', token, body: { providerOrderId, card: SUCCESS_CARD } });
const confirm = (token: string, paid: Record<string, string>) => api<OrderDoc & { msg?: string }>(t.url, '/api/orders/create', { method: 'POST', token, body: paid });
const cardDoc = async (id: string) => {
  await t.shop.runner.catchUp();
  return t.shop.docs.get<GiftCardDoc>('giftCards', id);
};

/** A new shopper with one item in the cart (a first order: Rs 20 off; delivered free from Rs 299). */
async function shopperWithCart(price = 700, productId?: string) {
  const buyer = shopper(t);
  await addToCart(t, buyer.token, productId ?? (await listProduct(t, { price, countInStock: 50 })), 1);
  return buyer;
}

describe('gift cards as part-payment at checkout', () => {
  it('pays part with a card and the rest by card, as a wrapped gift with a message; the card shows in My Account', async () => {
    const card = await issue(500);
    const buyer = await shopperWithCart();
    const gift = { message: 'Happy Diwali, Meera!', wrap: true, recipient: { name: 'Meera Iyer', phoneNumber: '9812345678', streetAddressLine1: '4 Park Street', streetAddressLine2: 'Flat 2', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001' } };
    const opened = await checkout(buyer.token, { giftCardCode: card.code.toLowerCase(), gift });
    expect(opened.status).toBe(201);
    // 700 − 20 first-order discount + 50 wrap = 730; the card pays 500, the provider is asked for 230.
    expect(opened.body).toMatchObject({ total: 730, amount: 23000, giftCard: { code: card.code, applied: 500, balance: 0 }, gift: { message: gift.message, wrap: true, wrapFee: 50 } });

    const placed = await confirm(buyer.token, (await pay(buyer.token, opened.body.orderId)).body);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ amount: 730, giftCard: { codeLast4: card.code.slice(-4), applied: 500 }, gift: { message: gift.message, wrap: true, wrapFee: 50, recipient: { name: 'Meera Iyer' } } });

    const mine = await api<GiftCardDoc[]>(t.url, '/api/gift-cards/mine', { token: buyer.token });
    expect(mine.body).toEqual([expect.objectContaining({ codeLast4: card.code.slice(-4), balance: 0, state: 'used', history: [expect.objectContaining({ kind: 'debit', amount: 500 })] })]);
    expect(mine.body[0]).not.toHaveProperty('id');
    const listed = await api<GiftCardDoc[]>(t.url, '/api/admin/gift-cards', { token: admin });
    expect(listed.body.find((c) => c.id === card.id)).toMatchObject({ amount: 500, balance: 0, state: 'used' });
  });

  it('a card that covers the whole amount places the order with nothing left to pay', async () => {
    const card = await issue(1000);
    const buyer = await shopperWithCart(400);
    const opened = await checkout(buyer.token, { giftCardCode: card.code });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({ provider: 'gift-card', paymentMethod: 'gift-card', total: 380, amount: 0, giftCard: { applied: 380, balance: 620 } });
    expect(opened.body.order).toMatchObject({ amount: 380, paymentMethod: 'gift-card', paymentState: 'paid', status: 'pending' });
    expect((await api(t.url, '/api/cart', { token: buyer.token })).body).toEqual([]);
  });

  it('refuses a card with cash on delivery, an unknown code and a voided card, taking nothing', async () => {
    const card = await issue(500);
    const buyer = await shopperWithCart();
    const cod = await checkout(buyer.token, { giftCardCode: card.code, paymentMethod: 'cod' });
    expect(cod.status).toBe(400);
    expect(cod.body.msg).toMatch(/only when paying online/);
    const unknown = await checkout(buyer.token, { giftCardCode: 'AAAA-BBBB-CCCC-DDDD' });
    expect(unknown).toMatchObject({ status: 400, body: { error: true, msg: 'This gift card code is not valid' } });
    expect((await api(t.url, `/api/admin/gift-cards/${card.id}/void`, { method: 'PUT', token: admin })).status).toBe(200);
    const voided = await checkout(buyer.token, { giftCardCode: card.code });
    expect(voided).toMatchObject({ status: 400, body: { msg: 'This gift card is no longer valid' } });
    expect(await cardDoc(card.id)).toMatchObject({ balance: 500, state: 'voided', history: [] });
  });

  it('a cancelled order gives the card part back to the card and refunds only the rest', async () => {
    const card = await issue(500);
    const buyer = await shopperWithCart();
    const opened = await checkout(buyer.token, { giftCardCode: card.code });
    const placed = await confirm(buyer.token, (await pay(buyer.token, opened.body.orderId)).body);
    expect(placed.status).toBe(201);
    expect(await cardDoc(card.id)).toMatchObject({ balance: 0 });

    const cancelled = await api(t.url, `/api/orders/${placed.body.id}/status`, { method: 'PUT', token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(await cardDoc(card.id)).toMatchObject({ balance: 500, state: 'active', history: [expect.objectContaining({ kind: 'debit', amount: 500 }), expect.objectContaining({ kind: 'credit', amount: 500, reason: 'order cancelled' })] });
    // The provider took 680 − 500 = 180: that, not the order's 680, is what is refunded.
    expect(await t.shop.docs.get<RefundDoc>('refunds', opened.body.orderId)).toMatchObject({ amount: 180, status: 'requested' });
    await t.shop.refunds.sweep();
    await t.shop.runner.catchUp();
    expect(await t.shop.docs.get<RefundDoc>('refunds', opened.body.orderId)).toMatchObject({ amount: 180, status: 'refunded' });
  });

  it('an unpaid payment gives its card part back after the hold; paying it later refunds it and keeps the card whole', async () => {
    const card = await issue(500);
    const buyer = await shopperWithCart();
    const opened = await checkout(buyer.token, { giftCardCode: card.code });
    expect(opened.body.giftCard).toMatchObject({ applied: 500, balance: 0 });
    await t.shop.runner.catchUp();
    // A desk whose hold is over at once stands for the sweep after GIFT_CARD_HOLD_MINUTES.
    const desk = new GiftCardHoldDesk(t.shop.streams, t.shop.docs, 0, t.shop.logger, () => new Date(Date.now() + 1000));
    expect(await desk.sweep()).toBe(1);
    expect(await cardDoc(card.id)).toMatchObject({ balance: 500 });

    const late = await confirm(buyer.token, (await pay(buyer.token, opened.body.orderId)).body);
    expect(late.status).toBe(409);
    expect(late.body.msg).toMatch(/given back to the card/);
    expect(await cardDoc(card.id)).toMatchObject({ balance: 500 });
    expect(await t.shop.docs.get<RefundDoc>('refunds', opened.body.orderId)).toMatchObject({ amount: 180, status: 'requested' });
  });
});

describe('one card, many checkouts at once', () => {
  it('never spends more than the card holds, and every debit ends spent or given back', async () => {
    const card = await issue(1000);
    const product = await listProduct(t, { price: 300, countInStock: 50 });
    const pricier = await listProduct(t, { price: 700, countInStock: 50 });
    // Some orders (280) the card can pay whole, some (680) only in part.
    const buyers = await Promise.all(Array.from({ length: 12 }, (_v, i) => shopperWithCart(0, i % 2 ? product : pricier)));
    const replies = await Promise.all(buyers.map((b) => checkout(b.token, { giftCardCode: card.code })));
    const took = replies.filter((r) => r.status === 201);
    for (const refused of replies.filter((r) => r.status !== 201)) expect(refused.body.msg).toMatch(/balance|no balance left/);
    const debited = took.reduce((sum, r) => sum + r.body.giftCard!.applied, 0);
    expect(debited).toBeLessThanOrEqual(1000);
    expect(took.map((r) => r.body.giftCard!.balance).sort((a, b) => a - b)[0]).toBeGreaterThanOrEqual(0);

    // A card that covered a whole order placed it at once; of the rest, every other shopper pays
    // and the others walk away, so the sweep gives their part back.
    let spent = 0;
    const spentIds: string[] = [];
    for (const [i, reply] of took.entries()) {
      if (!reply.body.order) {
        if (i % 2 === 1) continue;
        const placed = await confirm(buyers[replies.indexOf(reply)]!.token, (await pay(buyers[replies.indexOf(reply)]!.token, reply.body.orderId)).body);
        expect(placed.status).toBe(201);
      }
      spent += reply.body.giftCard!.applied;
      spentIds.push(reply.body.orderId);
    }
    await t.shop.runner.catchUp();
    await new GiftCardHoldDesk(t.shop.streams, t.shop.docs, 0, t.shop.logger, () => new Date(Date.now() + 1000)).sweep();
    const doc = await cardDoc(card.id);
    expect(doc!.balance).toBe(1000 - spent);
    const debits = doc!.history.filter((h) => h.kind === 'debit');
    const credits = doc!.history.filter((h) => h.kind === 'credit');
    expect(debits.reduce((s, h) => s + h.amount, 0) - credits.reduce((s, h) => s + h.amount, 0)).toBe(spent);
    const holds = await t.shop.docs.find<GiftCardHoldDoc>('giftCardHolds', { cardId: card.id });
    expect(holds).toHaveLength(took.length);
    for (const hold of holds) expect(hold.state).toBe(spentIds.includes(hold.id) ? 'spent' : 'returned');
  });
});
