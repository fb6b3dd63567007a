import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatGiftCardCode, type GiftCardDoc, type OrderDoc, type PricedLine, type RefundDoc } from '@shop/contracts';
import { startMailCatcher, type MailCatcher } from '../../../test-support/account-kit.ts';
import { addToCart, api, billing, listProduct, shopper, startTestShop, SUCCESS_CARD, verifiedShopper, type TestShop } from '../../../test-support/shop-fixtures.ts';
import { issuePurchasedGiftCard } from './purchase.ts';
import { DEFERRED_ORDER_MAILS, OrderMailDesk } from '../ordering/mail/mail-desk.ts';

const silent = { info() {}, warn() {}, error() {} };
let t: TestShop;
let mail: MailCatcher;
let admin: string;
/** While false, `later.*` recipients get 450 (try later), as a greylisting server answers. */
let greylistOpen = false;
beforeAll(async () => {
  mail = await startMailCatcher({
    refuse: (address) => {
      if (address.startsWith('nobody.')) return { code: 550, message: '5.1.1 No such mailbox here' };
      if (address.startsWith('later.') && !greylistOpen) return { code: 450, message: '4.7.1 Greylisted, try again later' };
      return null;
    },
  });
  t = await startTestShop({ env: { SMTP_URL: mail.url, GIFT_CARD_AMOUNTS: '500,1000,2000' } });
  admin = shopper(t, { isAdmin: true }).token;
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

type Reply = Record<string, unknown> & { msg?: string; orderId?: string; total?: number; amount?: number };
const buyRequest = (token: string, body: Record<string, unknown>) => api<Reply>(t.url, '/api/gift-cards/checkout', { method: 'POST', token, body: { ...billing, ...body } });
const pay = (token: string, providerOrderId: string) => api<Record<string, string>>(t.url, '/api/payments/test/pay', { method: 'POST', token, body: { providerOrderId, card: SUCCESS_CARD } });
const confirm = (token: string, paid: Record<string, string>) => api<OrderDoc & { msg?: string }>(t.url, '/api/orders/create', { method: 'POST', token, body: paid });

/** A shopper buys a card for `recipientEmail` and pays it: the payment opened, its confirmation and the order. */
async function payForCard(amount: number, recipientEmail: string, message?: string) {
  const buyer = await verifiedShopper(t, 'Asha Rao', { mail });
  const opened = await buyRequest(buyer.token, { amount, recipientEmail, ...(message ? { message } : {}) });
  expect(opened.status).toBe(201);
  const paid = (await pay(buyer.token, opened.body.orderId!)).body;
  const placed = await confirm(buyer.token, paid);
  expect(placed.status).toBe(201);
  return { buyer, opened: opened.body as Reply & { products: PricedLine[] }, paid, order: placed.body };
}

const CODE_IN_MAIL = /Gift card code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/;

/** `payForCard`, then the recipient's mail and the code in it. */
async function buyCard(amount: number, recipientEmail: string, message?: string) {
  const bought = await payForCard(amount, recipientEmail, message);
  const received = await mail.next(recipientEmail);
  const code = CODE_IN_MAIL.exec(received.raw)?.[1];
  expect(code).toBeDefined();
  return { ...bought, mail: received, code: code! };
}

async function cardOf(orderId: string): Promise<GiftCardDoc> {
  await t.shop.runner.catchUp();
  const cards = await api<GiftCardDoc[]>(t.url, '/api/admin/gift-cards', { token: admin });
  const card = cards.body.find((c) => c.orderId === orderId);
  expect(card).toBeDefined();
  return card!;
}

async function issuedFor(orderId: string) {
  const events = await t.shop.events.readAll({ after: 0n, limit: 100_000 });
  return events.filter((e) => e.type === 'GiftCardIssued' && (e.data as { orderId?: string }).orderId === orderId);
}

/** Every file of the shop's data folder as text: the log, the key store, the read models, the limiters. */
function dataFolderText(dir: string): string {
  return readdirSync(dir)
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? dataFolderText(path) : readFileSync(path, 'latin1')))
    .join('\n');
}

describe('gift cards bought by shoppers', () => {
  it('a paid purchase issues one card, mails its code to the recipient only, and the code pays part of another order', async () => {
    const amounts = await api<{ amounts: number[] }>(t.url, '/api/gift-cards/amounts');
    expect(amounts.body.amounts).toEqual([500, 1000, 2000]);

    const bought = await buyCard(1000, 'meera@example.in', 'Happy birthday, Meera!');
    // Priced on the server: one line, the card, nothing for delivery.
    expect(bought.opened).toMatchObject({ total: 1000, amount: 100_000, deliveryFee: 0, discounts: [], products: [expect.objectContaining({ productTitle: 'Gift card Rs 1,000', quantity: 1, subTotal: 1000 })] });
    expect(bought.order).toMatchObject({ amount: 1000, paymentState: 'paid' });
    // The shop's own words open it; the buyer (their account's name) and their message are quoted as theirs.
    expect(bought.mail.subject).toBe('A Gift & Gear Shop gift card of Rs 1,000 for you');
    expect(bought.mail.raw).toContain('You have received a gift card of Rs 1,000 for Gift & Gear Shop.\r\nIt was bought for you by a Gift & Gear Shop customer named "Asha Rao".');
    expect(bought.mail.raw).toContain('Their message:\r\n> Happy birthday, Meera!');

    // The same confirmation again, and the checkout run again (a webhook, the recovery): no second card.
    const again = await confirm(bought.buyer.token, bought.paid);
    expect(again.status).toBe(200);
    await t.shop.checkout.run({ providerOrderId: bought.opened.orderId!, paymentId: bought.paid.razorpay_payment_id! });
    // A run that stopped after the card was issued and before the checkout completed issues it again: the same card, nothing new.
    const purchase = { recipientEmail: 'meera@example.in', message: 'Happy birthday, Meera!' };
    const order = { orderId: bought.order.id, userId: bought.buyer.userId, lines: bought.opened.products };
    expect(await issuePurchasedGiftCard(t.shop.streams, t.shop.gifting.cards.codes, order, purchase, {})).toBe(0n);
    await t.shop.orderMail.drain();
    expect(await issuedFor(bought.order.id)).toHaveLength(1);
    const card = await cardOf(bought.order.id);
    expect(card).toMatchObject({ amount: 1000, balance: 1000, state: 'active', source: 'purchase', codeLast4: bought.code.slice(-4) });

    // The code is in that one mail, to the recipient; no reply, record or file of the shop holds it.
    const withCode = mail.messages.filter((m) => m.raw.includes(bought.code));
    expect(withCode.map((m) => m.to)).toEqual([['meera@example.in']]);
    const stored = dataFolderText(t.dataDir);
    expect(stored).not.toContain(bought.code);
    expect(stored).not.toContain(bought.code.replaceAll('-', ''));
    expect(JSON.stringify([bought.opened, bought.order, again.body])).not.toContain(bought.code.slice(0, 9));
    // The recipient and message are the buyer's personal data: sealed in the log.
    const log = readFileSync(join(t.dataDir, 'events.db'), 'latin1');
    expect(log).not.toContain('meera@example.in');
    expect(log).not.toContain('Happy birthday, Meera!');

    // The buyer sees the card in My Account; the recipient spends it on an order of their own.
    const mine = await api<GiftCardDoc[]>(t.url, '/api/gift-cards/mine', { token: bought.buyer.token });
    expect(mine.body).toEqual([expect.objectContaining({ amount: 1000, source: 'purchase' })]);
    const recipient = shopper(t);
    await addToCart(t, recipient.token, await listProduct(t, { price: 1500, countInStock: 5 }), 1);
    const spent = await api<Reply & { giftCard?: { applied: number; balance: number } }>(t.url, '/api/orders/checkout', { method: 'POST', token: recipient.token, body: { ...billing, giftCardCode: bought.code } });
    expect(spent.status).toBe(201);
    // 1500 − 20 first-order discount = 1480: the card pays 1000, the provider is asked for 480.
    expect(spent.body).toMatchObject({ total: 1480, amount: 48_000, giftCard: { applied: 1000, balance: 0 } });

    // The buyer's own first order of goods still gets the first-order discount: a card bought for someone else is not one.
    await addToCart(t, bought.buyer.token, await listProduct(t, { price: 700, countInStock: 5 }), 1);
    const firstGoods = await api<Reply>(t.url, '/api/orders/checkout', { method: 'POST', token: bought.buyer.token, body: billing });
    expect(firstGoods.status).toBe(201);
    expect(firstGoods.body).toMatchObject({ total: 680 });
  });

  it('refuses an amount the shop does not sell, a hostile recipient or message and cash on delivery, recording nothing', async () => {
    const head = await t.shop.events.headPosition();
    const refusals: [Record<string, unknown>, RegExp][] = [
      [{ amount: 777, recipientEmail: 'meera@example.in' }, /choose a gift card amount: Rs 500, Rs 1000, Rs 2000/],
      [{ amount: '1000', recipientEmail: 'meera@example.in' }, /choose a gift card amount/],
      [{ amount: 1000.5, recipientEmail: 'meera@example.in' }, /choose a gift card amount/],
      [{ amount: -500, recipientEmail: 'meera@example.in' }, /choose a gift card amount/],
      [{ amount: 1e21, recipientEmail: 'meera@example.in' }, /choose a gift card amount/],
      [{ recipientEmail: 'meera@example.in' }, /choose a gift card amount/],
      [{ amount: 500 }, /fill the recipient e-mail/],
      [{ amount: 500, recipientEmail: 'meera@example.in\r\nBcc: everyone@example.in' }, /valid recipient e-mail/],
      [{ amount: 500, recipientEmail: 'meera@example.in, raj@example.in' }, /valid recipient e-mail/],
      [{ amount: 500, recipientEmail: `${'m'.repeat(2_000)}@example.in` }, /valid recipient e-mail/],
      [{ amount: 500, recipientEmail: ['meera@example.in'] }, /recipient e-mail/],
      [{ amount: 500, recipientEmail: 'meera@example.in', message: 'x'.repeat(301) }, /at most 300 characters/],
      [{ amount: 500, recipientEmail: 'meera@example.in', message: 'Hi\u0007' }, /cannot be printed/],
      [{ amount: 500, recipientEmail: 'meera@example.in', paymentMethod: 'cod' }, /must be paid online/],
    ];
    for (const [body, msg] of refusals) {
      // A fresh shopper each time: the refusals are the validation's, not the checkout budget's.
      const reply = await buyRequest(shopper(t).token, body);
      expect(reply.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(reply.body.msg).toMatch(msg);
      expect(JSON.stringify(reply.body)).not.toMatch(/at .+\.ts:\d+/);
    }
    const unsigned = await api<Reply>(t.url, '/api/gift-cards/checkout', { method: 'POST', body: { ...billing, amount: 500, recipientEmail: 'meera@example.in' } });
    expect(unsigned.status).toBe(401);
    expect(await t.shop.events.headPosition()).toBe(head);
  });

  it('a cancelled order voids its unspent card and refunds it; once the card is spent the order cannot be cancelled', async () => {
    const unspent = await buyCard(500, 'raj@example.in');
    const cancelled = await api<OrderDoc>(t.url, `/api/orders/${unspent.order.id}/status`, { method: 'PUT', token: admin, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    expect(await cardOf(unspent.order.id)).toMatchObject({ state: 'voided' });
    expect(await t.shop.docs.get<RefundDoc>('refunds', unspent.opened.orderId!)).toMatchObject({ amount: 500, status: 'requested' });
    const recipient = shopper(t);
    await addToCart(t, recipient.token, await listProduct(t, { price: 400, countInStock: 5 }), 1);
    const refused = await api<Reply>(t.url, '/api/orders/checkout', { method: 'POST', token: recipient.token, body: { ...billing, giftCardCode: unspent.code } });
    expect(refused).toMatchObject({ status: 400, body: { msg: 'This gift card is no longer valid' } });

    const used = await buyCard(2000, 'lata@example.in');
    const spender = shopper(t);
    await addToCart(t, spender.token, await listProduct(t, { price: 400, countInStock: 5 }), 1);
    const spent = await api<Reply>(t.url, '/api/orders/checkout', { method: 'POST', token: spender.token, body: { ...billing, giftCardCode: used.code } });
    expect(spent.status).toBe(201);
    const kept = await api<OrderDoc & { msg?: string }>(t.url, `/api/orders/${used.order.id}/status`, { method: 'PUT', token: admin, body: { status: 'cancelled' } });
    expect(kept).toMatchObject({ status: 409, body: { msg: 'The gift card bought in this order has been used, so the order can no longer be cancelled' } });
    expect(await cardOf(used.order.id)).toMatchObject({ state: 'active', balance: 2000 - 380 });
    expect(await t.shop.docs.get<RefundDoc>('refunds', used.opened.orderId!)).toBeNull();
  });

  it('a mail put off by the recipient\'s server is kept without the code and sent with it later; one refused for good shows on the order', async () => {
    // This test drives a desk of its own with a clock it moves; the shop's desk stands down.
    await t.shop.orderMail.stop();
    let now = Date.now();
    const desk = new OrderMailDesk(t.shop.events, t.shop.docs, t.shop.streams, t.shop.mailer, silent, t.url, { now: () => now, idleMs: 3_600_000, giftCardCodes: t.shop.gifting.cards.codes });
    await desk.start();
    try {
      const later = `later.${Date.now().toString(36)}@example.in`;
      const putOff = await payForCard(500, later);
      await desk.drain();
      expect(await t.shop.docs.find(DEFERRED_ORDER_MAILS, {})).toMatchObject([{ orderId: putOff.order.id, mail: 'gift-card', tries: 1, message: { to: later, text: '' } }]);
      // The code the mail will carry (derived here as the desk derives it) is in no file of the shop meanwhile.
      const code = formatGiftCardCode(t.shop.gifting.cards.codes.forPurchase(putOff.order.id, putOff.opened.products[0]!.lineId).code);
      expect(dataFolderText(t.dataDir)).not.toContain(code);

      greylistOpen = true;
      now += 60_000;
      await desk.drain();
      expect(CODE_IN_MAIL.exec((await mail.next(later)).raw)?.[1]).toBe(code);
      expect(await t.shop.docs.find(DEFERRED_ORDER_MAILS, {})).toEqual([]);

      const refused = await payForCard(500, `nobody.${Date.now().toString(36)}@example.in`);
      await desk.drain();
      await t.shop.runner.catchUp();
      const office = await api<{ refusedMails?: { mail: string; reason: string }[] }>(t.url, `/api/admin/orders/${refused.order.id}`, { token: admin });
      expect(office.body.refusedMails).toEqual([expect.objectContaining({ mail: 'gift-card', reason: expect.stringMatching(/^550 /) })]);
    } finally {
      await desk.stop();
    }
  }, 30_000);
});
