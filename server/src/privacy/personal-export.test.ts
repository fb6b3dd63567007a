/**
 * A person's data export reads their events through the `personal-data` index, never the whole
 * log: on a real shop (real SQLite files, real HTTP) with a person who ordered, paid, reviewed a
 * product another shopper also reviewed, kept My List and asked for the newsletter, the export
 * holds exactly the events a scan of the whole log finds about them, in log order, and reads no
 * page of the log.
 */
import type { OrderDoc } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart, api, checkoutAndPay, listProduct, namedShopper, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';
import { scanLogForPerson } from '../../../test-support/personal-data-scan.ts';
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
    const expected = await scanLogForPerson(t.shop.events, person.userId, own);
    expect(copy.events.map((event) => `${event.stream} ${event.type}`)).toEqual(expected.map((event) => `${event.streamId} ${event.type}`));
    const types = copy.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['AccountRegistered', 'CartItemAdded', 'PaymentOpened', 'OrderPlaced', 'ProductReviewed', 'MyListItemAdded', 'NewsletterConsentRequested']));
    // The other shopper's review of the same product (the same stream) is not theirs to see.
    expect(JSON.stringify(copy)).not.toContain(other.userId);
  });

  it('is the same JSON over HTTP, streamed, and names no secret', async () => {
    const reply = await api<{ userId: string; summary: { inWords: string[] }; events: { type: string; data: Record<string, unknown> }[] }>(t.url, `/api/user/${person.userId}/export`, { token: person.token });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-disposition')).toContain('my-data.json');
    expect(reply.body.userId).toBe(person.userId);
    expect(reply.body.events.some((event) => event.type === 'OrderPlaced')).toBe(true);
    expect(reply.body.summary.inWords[0]).toContain('Your account: Jyoti');
    expect(JSON.stringify(reply.body)).not.toMatch(/scrypt\$\d/);
  });

  it('says in plain words what the events amount to, beside them: the profile, an address, the order and the review', async () => {
    const copy = await personalExport({ events: t.shop.events, docs: t.shop.docs, newsletterStreamsOf: (email) => t.shop.accounts.newsletter.streamsOf(email) }, person.userId);
    expect(copy.summary.profile).toMatchObject({ name: 'Jyoti', email: person.email });
    expect(copy.summary.orders).toHaveLength(1);
    expect(copy.summary.reviews).toEqual([expect.objectContaining({ review: 'Sturdy and bright', rating: 4 })]);
    expect(copy.summary.addresses).toHaveLength(1);
    expect(copy.summary.consents).toEqual([expect.objectContaining({ state: 'asked, not confirmed' })]);
    expect(copy.summary.inWords.join(' ')).toMatch(/You placed 1 order\..*You wrote 1 review\./);
  });
});
