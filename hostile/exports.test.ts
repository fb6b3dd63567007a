/**
 * Hostile clients against the data export (`GET /api/user/:id/export`): it read the whole event
 * log per request and was not throttled, so thirty at once from one account were all served while
 * `/healthz` waited seconds. Now each account gets one export a minute (five a day), counted
 * before any reading, and an export reads only the person's own events through an index.
 */
import { newEventId } from '@shop/platform';
import { myListStreams, newId } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthWatch } from './routes.ts';
import { addToCart, api, listProduct, namedShopper, startTestShop, type TestShop } from '../test-support/shop-fixtures.ts';

/** Like the reported log (1,650 events): many shoppers' My List changes, none of them the person's. */
const OTHER_SHOPPERS = 80;
const EVENTS_EACH = 20;
const BOUND_MS = 1000;

let t: TestShop;
let productId: string;
beforeAll(async () => {
  t = await startTestShop();
  productId = await listProduct(t, { price: 300, countInStock: 50 });
  for (let shopper = 0; shopper < OTHER_SHOPPERS; shopper += 1) {
    const userId = newId();
    const added = Array.from({ length: EVENTS_EACH }, () => ({
      id: newEventId(),
      type: 'MyListItemAdded',
      data: { userId, entryId: newId(), productId, productTitle: 'Brass lamp', image: '', rating: 4, price: 300 },
    }));
    await t.shop.events.append(myListStreams.list(userId), added, 'no_stream');
  }
  await t.shop.catchUp();
}, 120_000);
afterAll(() => t?.close());

type ExportReply = { userId?: string; events?: { type: string; data: Record<string, unknown> }[]; error?: boolean; msg?: string };
const exportOf = (userId: string, token: string) => api<ExportReply>(t.url, `/api/user/${userId}/export`, { token });

describe('data exports from one account', () => {
  it('serves one of 30 concurrent exports, refuses the rest with 429 and Retry-After, while /healthz stays fast', async () => {
    const person = await namedShopper(t, 'Ishani');
    await addToCart(t, person.token, productId, 2);
    const watch = healthWatch(t.url);
    const replies = await Promise.all(Array.from({ length: 30 }, () => exportOf(person.userId, person.token)));
    const health = await watch.stop();

    const served = replies.filter((reply) => reply.status === 200);
    const refused = replies.filter((reply) => reply.status === 429);
    expect(served).toHaveLength(1);
    expect(refused).toHaveLength(29);
    for (const reply of refused) {
      expect(Number(reply.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(reply.body).toMatchObject({ error: true, msg: expect.stringMatching(/Too many data exports/) });
    }
    // The one served is the person's whole copy, and only theirs.
    const copy = served[0]!.body;
    expect(served[0]!.headers.get('content-type')).toMatch(/application\/json/);
    expect(copy.userId).toBe(person.userId);
    expect(copy.events!.map((event) => event.type)).toEqual(expect.arrayContaining(['AccountRegistered', 'CartItemAdded']));
    expect(copy.events!.every((event) => event.type !== 'MyListItemAdded')).toBe(true);
    expect(health.worstMs).toBeLessThan(BOUND_MS);
  });

  it('counts per account: another person is served while the first waits, and a second export within the minute is refused', async () => {
    const first = await namedShopper(t, 'Farhan');
    const second = await namedShopper(t, 'Gauri');
    expect((await exportOf(first.userId, first.token)).status).toBe(200);
    const again = await exportOf(first.userId, first.token);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await exportOf(second.userId, second.token)).status).toBe(200);
  });

  it('takes nothing from the budget for someone else’s export: only the verified caller may ask, for their own data', async () => {
    const owner = await namedShopper(t, 'Harini');
    const intruder = await namedShopper(t, 'Imran');
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await exportOf(owner.userId, intruder.token)).status).toBe(403);
    expect((await api(t.url, `/api/user/${owner.userId}/export`)).status).toBe(401);
    expect((await exportOf(owner.userId, owner.token)).status).toBe(200);
  });
});
