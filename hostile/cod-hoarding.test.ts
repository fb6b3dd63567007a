/**
 * Hostile clients against cash on delivery (issue #41): an order paid in cash holds stock nobody
 * paid for, and its mail carries the shop's name. So one account cannot hold more than a few
 * unconfirmed orders, nor many accounts more than a few at one delivery address (in bursts too),
 * nor one order more than a few units of an item; only a verified account pays in cash; the
 * delivery pincode decides where cash is taken; and the order's mail, with its confirmation code,
 * goes to the account's verified e-mail under the shop's own words, never to a typed address. The
 * mails that must go to a typed address (a bought gift card's, a sign-up code) are fixed texts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '@shop/contracts';
import { SUCCESS_CARD, addToCart, api, billing, listProduct, shopper, startTestShop, verifiedShopper, type TestShop } from '../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop();
});
afterAll(() => t?.close());

type Reply = { order?: OrderDoc; msg?: string };
const stockOf = async (productId: string) => (await api<{ countInStock: number }>(t.url, `/api/products/${productId}`)).body.countInStock;
const codCheckout = (token: string, billed: Partial<typeof billing> = {}, extra: Record<string, unknown> = {}) =>
  api<Reply>(t.url, '/api/orders/checkout', { method: 'POST', token, body: { ...billing, ...billed, paymentMethod: 'cod', ...extra } });

describe('hoarding stock with cash on delivery', () => {
  it('one account placing order after order as fast as it can holds 2 unconfirmed orders; the rest are refused and the stock stays free', async () => {
    const attacker = await verifiedShopper(t, 'Mallory');
    const productId = await listProduct(t, { price: 100, countInStock: 20 });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      // A placed order empties the cart; a refused one leaves its 5 there for the next try.
      if (statuses.at(-1) !== 409) await addToCart(t, attacker.token, productId, 5);
      statuses.push((await codCheckout(attacker.token, { streetAddressLine1: `${i + 1} Hoarders Lane` })).status);
    }
    expect(statuses).toEqual([201, 201, 409, 409, 409, 409, 409, 409]);
    expect(await stockOf(productId)).toBe(10);
    // Another shopper can still buy what is left.
    const other = shopper(t);
    expect((await addToCart(t, other.token, productId, 10)).status).toBe(201);
  });

  it('many accounts of one mailbox (plus-addresses) hold 2 unconfirmed orders between them', async () => {
    const mailbox = `mallory${Date.now().toString(36)}`;
    const productId = await listProduct(t, { price: 100, countInStock: 10 });
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const account = await verifiedShopper(t, 'Mallory', { email: `${mailbox}+${i}@example.in` });
      await addToCart(t, account.token, productId, 1);
      statuses.push((await codCheckout(account.token, { streetAddressLine1: `${i} Plus Street` })).status);
    }
    expect(statuses).toEqual([201, 201, 409, 409]);
    expect(await stockOf(productId)).toBe(8);
  });

  it('one order cannot take a product\'s whole stock', async () => {
    const attacker = await verifiedShopper(t, 'Mallory');
    const productId = await listProduct(t, { price: 100, countInStock: 30 });
    await addToCart(t, attacker.token, productId, 30);
    const reply = await codCheckout(attacker.token, { streetAddressLine1: '1 Whole Stock Street' });
    expect([reply.status, reply.body.msg]).toEqual([400, 'Cash on delivery takes at most 5 of each item; please lower the quantity, or pay by UPI, net banking or card']);
    expect(await stockOf(productId)).toBe(30);
  });

  it('many accounts ordering to one address at the same moment, spelt many ways, hold 3 orders there; the others are refused', async () => {
    const productId = await listProduct(t, { price: 100, countInStock: 8 });
    const spellings = ['9 Depot Road', '9, Depot Road', '9 DEPOT ROAD', '9 depot-road', '9 Depot Road.', '#9 Depot Road', '9 Depot  Road', '9,DEPOT,ROAD'];
    const accounts = await Promise.all(spellings.map(() => verifiedShopper(t, 'Mallory')));
    for (const account of accounts) await addToCart(t, account.token, productId, 1);
    const replies = await Promise.all(accounts.map((account, i) => codCheckout(account.token, { streetAddressLine1: spellings[i]! })));
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect(replies.find((r) => r.status === 409)!.body.msg).toBe(
      'This delivery address already has 3 cash-on-delivery orders waiting for confirmation; please pay by UPI, net banking or card',
    );
    expect(await stockOf(productId)).toBe(5);
  });

  it('an account that never proved its e-mail, or a token for no account, cannot pay in cash', async () => {
    const productId = await listProduct(t, { price: 100, countInStock: 5 });
    const stranger = shopper(t);
    await addToCart(t, stranger.token, productId, 5);
    const reply = await codCheckout(stranger.token, { streetAddressLine1: '3 Nobody Street' });
    expect(reply.status).toBe(403);
    expect(await stockOf(productId)).toBe(5);
  });

  it('a gift sent to a pincode that takes no cash is refused, whatever the billing pincode', async () => {
    const buyer = await verifiedShopper(t);
    const productId = await listProduct(t, { price: 100, countInStock: 5 });
    await addToCart(t, buyer.token, productId, 1);
    const recipient = { name: 'Tana Tado', phoneNumber: '9876543210', streetAddressLine1: '4 Ganga Market', city: 'Itanagar', state: 'Arunachal Pradesh', zipCode: '791001' };
    const reply = await codCheckout(buyer.token, { streetAddressLine1: '5 Gift Street' }, { gift: { recipient } });
    expect([reply.status, reply.body.msg]).toEqual([400, 'Cash on delivery is not available for pincode 791001; please pay by UPI, net banking or card']);
    expect(await stockOf(productId)).toBe(5);
  });
});

describe('making the shop mail attacker-chosen text', () => {
  it('a cash-on-delivery checkout with somebody else\'s billing e-mail and a lure for a name mails nothing to them; the buyer\'s own verified address gets the order and its code', async () => {
    const buyer = await verifiedShopper(t, 'Mallory');
    const productId = await listProduct(t, { price: 100, countInStock: 5 });
    await addToCart(t, buyer.token, productId, 1);
    const victim = `victim.${Date.now().toString(36)}@example.in`;
    const lure = 'URGENT KYC pending: call 1800 000 0000 or your bank account is blocked';
    const reply = await codCheckout(buyer.token, { email: victim, fullName: lure, streetAddressLine1: '6 Lure Street' });
    expect(reply.status).toBe(201);
    await t.shop.orderMail.drain();
    const folder = join(t.dataDir, 'outbox');
    const mails = readdirSync(folder)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(join(folder, file), 'utf8').replace(/=\r?\n/g, ''));
    expect(mails.filter((mail) => mail.includes(victim))).toEqual([]);
    const placed = mails.filter((mail) => mail.includes(`order ${reply.body.order!.id} is placed`));
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatch(new RegExp(`^To: ${buyer.email.replace(/\./g, '\\.')}$`, 'm'));
    expect(placed[0]).toMatch(/confirm-cod\?code=3D[A-Z2-9]{8}/);
    // The subject is the shop's; the lure appears only as whom the parcel goes to.
    const subject = /^Subject: (.*)$/m.exec(placed[0]!)?.[1];
    expect(subject).toBe(`Your Gift & Gear Shop order ${reply.body.order!.id} is placed`);
    expect(/Content-Type: text\/plain[^]*?\r?\n\r?\n([^\r\n]*)/.exec(placed[0]!)?.[1]).toBe(`Thank you for your order ${reply.body.order!.id} at Gift & Gear Shop.`);
  });
  it('a gift card bought for somebody, by an account named like a lure, reaches them under the shop\'s own subject and first line, the name quoted on one short line', async () => {
    const lure = 'URGENT KYC pending: call 1800 000 0000 or your bank account is blocked';
    const buyer = await verifiedShopper(t, lure);
    const victim = `card.victim.${Date.now().toString(36)}@example.in`;
    const opened = await api<{ orderId: string }>(t.url, '/api/gift-cards/checkout', {
      method: 'POST',
      token: buyer.token,
      body: { ...billing, fullName: 'Your bank: verify your KYC today', amount: 500, recipientEmail: victim, message: 'Call 1800 000 0000 now' },
    });
    expect(opened.status).toBe(201);
    const paid = await api<Record<string, string>>(t.url, '/api/payments/test/pay', { method: 'POST', token: buyer.token, body: { providerOrderId: opened.body.orderId, card: SUCCESS_CARD } });
    expect((await api(t.url, '/api/orders/create', { method: 'POST', token: buyer.token, body: paid.body })).status).toBe(201);
    await t.shop.orderMail.drain();
    const folder = join(t.dataDir, 'outbox');
    const toVictim = readdirSync(folder)
      .map((file) => readFileSync(join(folder, file), 'utf8').replace(/=\r?\n/g, ''))
      // Quoted-printable undone, so the text reads as the recipient's mail program shows it.
      .map((raw) => Buffer.from(raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'))
      .filter((mail) => new RegExp(`^To: ${victim.replace(/\./g, '\\.')}$`, 'm').test(mail));
    expect(toVictim).toHaveLength(1);
    const [mail] = toVictim;
    expect(/^Subject: (.*)$/m.exec(mail!)?.[1]).toBe('A Gift & Gear Shop gift card of Rs 500 for you');
    const lines = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n\r?\n/.exec(mail!)?.[1]?.split(/\r?\n/);
    expect(lines).toEqual([
      'You have received a gift card of Rs 500 for Gift & Gear Shop.',
      'It was bought for you by a Gift & Gear Shop customer named "URGENT KYC pending: call 1800 000 0000 or your bank account…".',
    ]);
    expect(mail).not.toContain('Your bank: verify your KYC today');
    expect(mail).toContain('Their message:');
  });
  it('signing up somebody else\'s address under a lure for a name sends them the shop\'s words only: no name in the code mail', async () => {
    const victim = `signup.victim.${Date.now().toString(36)}@example.in`;
    const lure = 'URGENT KYC pending: call 1800 000 0000';
    const signUp = await api(t.url, '/api/user/signup', { method: 'POST', body: { name: lure, email: victim, phone: '9876543210', password: 'Correct-horse-42' } });
    expect(signUp.status).toBe(201);
    const folder = join(t.dataDir, 'outbox');
    const mails = readdirSync(folder)
      .map((file) => readFileSync(join(folder, file), 'utf8').replace(/=\r?\n/g, ''))
      .filter((mail) => mail.includes(`To: ${victim}`));
    expect(mails).toHaveLength(1);
    expect(/^Subject: (.*)$/m.exec(mails[0]!)?.[1]).toBe('Verify your e-mail for Gift & Gear Shop');
    expect(/Content-Type: text\/plain[^]*?\r?\n\r?\n([^\r\n]*)/.exec(mails[0]!)?.[1]).toBe('Hello,');
    expect(mails[0]).not.toContain('KYC');
  });
});
