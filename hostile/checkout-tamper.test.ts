/**
 * Hostile clients between the checkout and the order: what the checkout checked (the address, and
 * with it the delivery fee and promised day; the prices and the promotions that made them) is
 * what the order is placed with, whatever the confirmation says, and a gift card's buyer is not
 * shown what its recipient bought with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '@shop/contracts';
import { startMailCatcher, type MailCatcher } from '../test-support/account-kit.ts';
import { addToCart, api, billing, checkoutAndPay, listProduct, shopper, startTestShop, SUCCESS_CARD, type TestShop } from '../test-support/shop-fixtures.ts';

let t: TestShop;
let mail: MailCatcher;
beforeAll(async () => {
  mail = await startMailCatcher();
  t = await startTestShop({ seed: true, env: { SMTP_URL: mail.url, GIFT_CARD_AMOUNTS: '500,1000,2000' } });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const confirm = (token: string, body: Record<string, unknown>) => api<OrderDoc & { error?: boolean; msg?: string }>(t.url, '/api/orders/create', { method: 'POST', token, body });

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
