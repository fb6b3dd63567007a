/**
 * Hostile clients against gift cards: only an admin issues, lists or voids; amounts, e-mails,
 * messages and codes are bounded and checked before anything is stored; a code cannot be guessed
 * (tries are counted per shopper before any lookup, and a wrong code says nothing about cards);
 * the client cannot set how much a card pays or what the wrap costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftCardDoc } from '@shop/contracts';
import { addToCart, api, billing, listProduct, shopper, startTestShop, type TestShop } from '../test-support/shop-fixtures.ts';

let t: TestShop;
let admin: string;
beforeAll(async () => {
  t = await startTestShop();
  admin = shopper(t, { isAdmin: true }).token;
});
afterAll(() => t?.close());

const issue = (token: string | undefined, body: unknown) => api<{ id?: string; code?: string; msg?: string; error?: boolean }>(t.url, '/api/admin/gift-cards', { method: 'POST', token, body });

describe('issuing, listing and voiding gift cards', () => {
  it('is for admins only', async () => {
    const customer = shopper(t).token;
    expect((await issue(undefined, { amount: 500 })).status).toBe(401);
    expect((await issue(customer, { amount: 500 })).status).toBe(403);
    expect((await api(t.url, '/api/admin/gift-cards', { token: customer })).status).toBe(403);
    const card = await issue(admin, { amount: 500 });
    expect((await api(t.url, `/api/admin/gift-cards/${card.body.id}/void`, { method: 'PUT', token: customer })).status).toBe(403);
    expect((await api(t.url, `/api/admin/gift-cards/${'z'.repeat(5000)}/void`, { method: 'PUT', token: admin })).status).toBe(404);
    expect((await api(t.url, `/api/admin/gift-cards/${'0'.repeat(32)}/void`, { method: 'PUT', token: admin })).status).toBe(404);
  });

  it('refuses amounts outside the shop range, non-integers, strings, long messages, bad e-mails and unknown fields', async () => {
    for (const body of [
      { amount: 499 },
      { amount: 10_001 },
      { amount: 500.5 },
      { amount: '500' },
      { amount: -500 },
      { amount: 1e308 },
      { amount: 500, message: 'x'.repeat(301) },
      { amount: 500, recipientEmail: 'a@b.in, c@d.in' },
      { amount: 500, recipientEmail: 'x'.repeat(300) },
      { amount: 500, balance: 1_000_000 },
      [500],
    ]) {
      const reply = await issue(admin, body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(typeof reply.body.msg).toBe('string');
      expect(JSON.stringify(reply.body)).not.toMatch(/at \w+ \(|node_modules/);
    }
    const listed = await api<GiftCardDoc[]>(t.url, '/api/admin/gift-cards', { token: admin });
    expect(listed.body.every((card) => card.amount >= 500 && card.amount <= 10_000)).toBe(true);
  });

  it('never lists or returns a code after issuing it', async () => {
    const card = await issue(admin, { amount: 600 });
    const listed = await api(t.url, '/api/admin/gift-cards', { token: admin });
    expect(JSON.stringify(listed.body)).not.toContain(card.body.code!.replace(/-/g, ''));
    expect(JSON.stringify(listed.body)).not.toContain(card.body.code!);
    const events = await t.shop.events.readStream(`gift-card-${card.body.id}`);
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(card.body.code!.replace(/-/g, ''));
  });
});

describe('guessing gift card codes', () => {
  it('counts every try per shopper before the lookup: the 11th in an hour is 429, a real code included', async () => {
    const card = await issue(admin, { amount: 500 });
    const { token } = shopper(t);
    for (let i = 0; i < 10; i += 1) {
      const guess = await api<{ msg: string }>(t.url, '/api/gift-cards/balance', { method: 'POST', token, body: { code: `ABCD-EFGH-JKLM-NP${String(i).padStart(2, '2').replace(/[01]/g, '2')}` } });
      expect(guess.status).toBe(400);
      expect(guess.body.msg).toBe('This gift card code is not valid');
    }
    const blocked = await api(t.url, '/api/gift-cards/balance', { method: 'POST', token, body: { code: card.body.code } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another shopper is not locked out by the guesser.
    const owner = shopper(t).token;
    expect((await api(t.url, '/api/gift-cards/balance', { method: 'POST', token: owner, body: { code: card.body.code } })).body).toMatchObject({ balance: 500, state: 'active' });
  });

  it('refuses oversized or malformed codes and gift fields at checkout before any work', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t, { price: 700, countInStock: 5 }), 1);
    const checkout = (extra: Record<string, unknown>) => api<{ msg: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: { ...billing, ...extra } });
    expect((await checkout({ giftCardCode: 'x'.repeat(10_000) })).status).toBe(400);
    expect((await checkout({ giftCardCode: { $gt: '' } })).status).toBe(400);
    expect((await checkout({ gift: { message: 'x'.repeat(301) } })).status).toBe(400);
    expect((await checkout({ gift: { message: 'bell\u0007' } })).status).toBe(400);
    expect((await checkout({ gift: { wrap: 'yes' } })).status).toBe(400);
    expect((await checkout({ gift: { wrap: true, wrapFee: 0 } })).status).toBe(400);
    expect((await checkout({ gift: { recipient: { name: 'M', phoneNumber: '98', streetAddressLine1: 'x', city: 'y', state: 'Atlantis', zipCode: '560001' } } })).status).toBe(400);
  });

  it('counts tries at checkout in the same budget as balance checks', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t, { price: 700, countInStock: 5 }), 1);
    for (let i = 0; i < 5; i += 1) expect((await api(t.url, '/api/gift-cards/balance', { method: 'POST', token, body: { code: `QQQQ-QQQQ-QQQQ-QQQ${'ABCDE'[i]}` } })).status).toBe(400);
    const checkout = (giftCardCode: string) => api<{ msg: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: { ...billing, giftCardCode } });
    for (let i = 0; i < 5; i += 1) expect((await checkout(`QQQQ-QQQQ-QQQQ-QQQ${'FGHJK'[i]}`)).status).toBe(400);
    const blocked = await checkout('QQQQ-QQQQ-QQQQ-QQQZ');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(/Too many gift card code attempts/);
  });
});
