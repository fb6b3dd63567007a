import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUPON_MESSAGES } from '@shop/contracts';
import { addToCart, api, listProduct, shopper, startTestShop, type TestShop } from '../test-support/shop-fixtures.ts';

/**
 * The promotion endpoints under attack: only an admin creates or changes a promotion, every field
 * is bounded and checked, and a shopper cannot guess coupon codes at speed (each try takes a point
 * of a per-user budget first, known code or not, so a burst gets no further than the budget).
 */
let t: TestShop;
let admin: string;
beforeAll(async () => {
  t = await startTestShop({ seed: true });
  admin = shopper(t, { isAdmin: true }).token;
});
afterAll(() => t?.close());

const create = (token: string | undefined, body: unknown) => api<{ id?: string; error?: boolean; msg?: string }>(t.url, '/api/admin/promotions', { method: 'POST', ...(token ? { token } : {}), body });
const valid = { name: 'Diwali ten', type: 'percent', value: 10 };

describe('POST and PUT /api/admin/promotions', () => {
  it('is for admins only: a visitor gets 401, a shopper 403, and nothing is created', async () => {
    expect((await create(undefined, valid)).status).toBe(401);
    expect((await create(shopper(t).token, valid)).status).toBe(403);
    const put = await api(t.url, '/api/admin/promotions/first-order', { method: 'PUT', token: shopper(t).token, body: { state: 'paused' } });
    expect(put.status).toBe(403);
    const listed = await api<{ name: string }[]>(t.url, '/api/admin/promotions', { token: admin });
    expect(listed.body.map((p) => p.name)).not.toContain('Diwali ten');
    expect((await api(t.url, '/api/admin/promotions', { token: shopper(t).token })).status).toBe(403);
  });

  it('refuses unknown fields, out-of-range values, unbounded lists and a backwards window with a 400 naming the field', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const reply = await create(admin, body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.error).toBe(true);
      return reply.body.msg ?? '';
    };
    expect(await refused({ ...valid, uses: 5 })).toMatch(/uses|Unrecognized/i);
    expect(await refused({ ...valid, value: 150 })).toMatch(/percentage/);
    expect(await refused({ ...valid, type: 'flat', value: -5 })).toMatch(/value/);
    expect(await refused({ ...valid, name: 'x'.repeat(81) })).toMatch(/name/);
    expect(await refused({ ...valid, code: 'a b;DROP' })).toMatch(/code/);
    expect(await refused({ ...valid, code: 'X'.repeat(10_000) })).toMatch(/code/);
    expect(await refused({ ...valid, categoryIds: Array.from({ length: 101 }, () => '6745a1b2c3d4e5f6a7b8c9d2') })).toMatch(/categoryIds/);
    expect(await refused({ ...valid, productIds: ['not-an-id'] })).toMatch(/productIds/);
    expect(await refused({ ...valid, startsAt: '2027-01-02T00:00:00Z', endsAt: '2027-01-01T00:00:00Z' })).toMatch(/endsAt/);
    expect(await refused({ ...valid, startsAt: 'tomorrow' })).toMatch(/startsAt/);
    expect(await refused({ ...valid, usageLimit: 1e308 })).toMatch(/usageLimit/);
  });

  it('keeps coupon codes unique, and an ended promotion stays ended', async () => {
    const code = `UNIQ${Date.now().toString(36).toUpperCase()}`;
    const first = await create(admin, { ...valid, code });
    expect(first.status).toBe(201);
    const again = await create(admin, { ...valid, name: 'Copycat', code: code.toLowerCase() });
    expect([again.status, again.body.msg]).toEqual([409, 'Another promotion already has this coupon code']);
    const change = (state: unknown, id = first.body.id!) => api<{ msg?: string; state?: string }>(t.url, `/api/admin/promotions/${id}`, { method: 'PUT', token: admin, body: { state } });
    expect((await change('bogus')).status).toBe(400);
    expect((await change('paused', '6745a1b2c3d4e5f6a7b8c9d2')).status).toBe(404);
    expect((await change('paused', '../../etc')).status).toBe(404);
    expect((await change('ended')).body.state).toBe('ended');
    const revived = await change('active');
    expect([revived.status, revived.body.msg]).toEqual([409, 'This promotion has ended and cannot be started again']);
  });
});

describe('POST /api/cart/coupon', () => {
  it('answers a malformed code with a 400 in the cart shape, and applies only to the caller\'s own cart', async () => {
    const { token } = shopper(t);
    for (const code of ['x'.repeat(10_000), { $gt: '' }, ['A'], null, 'ab']) {
      const reply = await api<{ status: boolean; msg: string }>(t.url, '/api/cart/coupon', { method: 'POST', token, body: { code } });
      expect(reply.status).toBe(400);
      expect(reply.body.status).toBe(false);
    }
    const someoneElse = await api(t.url, '/api/cart/coupon', { method: 'POST', token, body: { code: 'WHATEVER', userId: shopper(t).userId } });
    expect(someoneElse.status).toBe(403);
    expect((await api(t.url, '/api/cart/coupon', { method: 'POST', body: { code: 'WHATEVER' } })).status).toBe(401);
  });

  it('does not let a shopper enumerate codes: after ten tries a minute even a real code is refused with 429 and Retry-After', async () => {
    const code = `REAL${Date.now().toString(36).toUpperCase()}`;
    expect((await create(admin, { name: 'Real one', type: 'flat', value: 10, code })).status).toBe(201);
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t, { price: 400, countInStock: 5 }), 1);
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => api<{ msg: string }>(t.url, '/api/cart/coupon', { method: 'POST', token, body: { code: `GUESS${i}XYZ` } })));
    expect(guesses.map((g) => [g.status, g.body.msg])).toEqual(Array.from({ length: 10 }, () => [404, COUPON_MESSAGES.unknown]));
    const real = await fetch(`${t.url}/api/cart/coupon`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ code }) });
    expect(real.status).toBe(429);
    expect(Number(real.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await real.json()).toMatchObject({ status: false, msg: expect.stringContaining('Too many coupon codes tried') });
  });
});
