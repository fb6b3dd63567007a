/**
 * A person's data export reads their events through the `personal-data` index, never the whole
 * log: on a real shop (real SQLite files, real HTTP) with a person who ordered, paid, reviewed a
 * product another shopper also reviewed, kept My List and asked for the newsletter, the export
 * holds exactly the events a scan of the whole log finds about them, in log order, and reads no
 * page of the log.
 */
import type { OrderDoc } from '@shop/contracts';
import type { EventStore, RecordedEvent } from '@shop/platform';
import { USER_FIELDS } from '@shop/projections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, api, checkoutAndPay, listProduct, namedShopper, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';
import { personalExport } from './personal-export.ts';

let t: TestShop;
let person: Awaited<ReturnType<typeof namedShopper>>;
let other: Awaited<ReturnType<typeof namedShopper>>;

async function orderAndReview(shopper: typeof person, productId: string, review: string): Promise<void> {
  await addToCart(t, shopper.token, productId, 1);
  const { paid } = await checkoutAndPay(t, shopper.token);
  const created = await api<OrderDoc>(t.url, '/api/orders/create', { method: 'POST', token: shopper.token, body: { ...paid, userid: shopper.userId } });
  expect(created.status).toBe(201);
  expect((await api(t.url, '/api/productReviews/add', { method: 'POST', token: shopper.token, body: { productId, review, customerRating: 4 } })).status).toBe(201);
}

beforeAll(async () => {
  t = await startTestShop();
  person = await namedShopper(t, 'Jyoti');
  other = await namedShopper(t, 'Kunal');
  const productId = await listProduct(t, { price: 400, countInStock: 20 });
  await orderAndReview(other, productId, 'Bright enough');
  await orderAndReview(person, productId, 'Sturdy and bright');
  await orderAndReview(other, await listProduct(t, { price: 250, countInStock: 20 }), 'Fine');
  expect((await api(t.url, '/api/my-list/add', { method: 'POST', token: person.token, body: { productId } })).status).toBe(201);
  expect((await api(t.url, '/api/newsletter', { method: 'POST', body: { email: person.email } })).status).toBeLessThan(300);
  await t.shop.catchUp();
}, 120_000);
afterAll(() => t?.close());

/** What the export promises, found the slow way: every event of the log about the person, in log order. */
async function scanFor(events: EventStore, userId: string, ownStreams: Set<string>): Promise<RecordedEvent[]> {
  const about: RecordedEvent[] = [];
  const orderIds = new Set<string>();
  for (let after = 0n; ; ) {
    const page = await events.readAll({ after, limit: 1000 });
    if (page.length === 0) return about;
    for (const event of page) {
      const data = event.data as Record<string, unknown>;
      const orderId = typeof data.orderId === 'string' ? data.orderId : null;
      if (ownStreams.has(event.streamId) || USER_FIELDS.some((field) => data[field] === userId)) {
        about.push(event);
        if (orderId) orderIds.add(orderId);
      } else if (orderId && orderIds.has(orderId)) about.push(event);
    }
    after = page.at(-1)!.position;
  }
}

describe('a personal data export', () => {
  it('holds exactly the events a scan of the whole log finds about the person, in log order, without reading the log', async () => {
    let pagesOfTheLog = 0;
    const counted = new Proxy(t.shop.events, {
      get(target, property) {
        if (property === 'readAll') pagesOfTheLog += 1;
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const newsletterStreamsOf = (email: string) => t.shop.accounts.newsletter.streamsOf(email);
    const copy = await personalExport({ events: counted, docs: t.shop.docs, newsletterStreamsOf }, person.userId);
    expect(pagesOfTheLog).toBe(0);

    const own = new Set([`account-${person.userId}`, `cart-${person.userId}`, `mylist-${person.userId}`, ...newsletterStreamsOf(person.email)]);
    const expected = await scanFor(t.shop.events, person.userId, own);
    expect(copy.events.map((event) => `${event.stream} ${event.type}`)).toEqual(expected.map((event) => `${event.streamId} ${event.type}`));
    const types = copy.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['AccountRegistered', 'CartItemAdded', 'PaymentOpened', 'OrderPlaced', 'ProductReviewed', 'MyListItemAdded', 'NewsletterConsentRequested']));
    // The other shopper's review of the same product (the same stream) is not theirs to see.
    expect(JSON.stringify(copy)).not.toContain(other.userId);
  });

  it('is the same JSON over HTTP, streamed, and names no secret', async () => {
    const reply = await api<{ userId: string; events: { type: string; data: Record<string, unknown> }[] }>(t.url, `/api/user/${person.userId}/export`, { token: person.token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toContain('my-data.json');
    expect(reply.body.userId).toBe(person.userId);
    expect(reply.body.events.some((event) => event.type === 'OrderPlaced')).toBe(true);
    expect(JSON.stringify(reply.body)).not.toMatch(/scrypt\$\d/);
  });
});
