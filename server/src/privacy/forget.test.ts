/**
 * The right to erasure, end to end on a real shop (real HTTP, real SQLite files in its DATA_DIR,
 * real SMTP): a shopper with an account, an order, a review, My List and a newsletter subscription
 * is forgotten, and afterwards no byte of their e-mail, phone, name or street is anywhere in the
 * data folder, also after a rebuild, and after restoring a backup taken before the erasure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gstRecordsKeptUntil, newId, type OrderDoc } from '@shop/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeIn, signUpVerified, startAccountShop, type AccountShop } from '../../../test-support/account-kit.ts';
import { addToCart, checkoutAndPay, listProduct, startTestShop, api, type TestShop } from '../../../test-support/shop-fixtures.ts';
import { downloadDocument } from '../../../test-support/pdf-text.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { takeBackup } from '../backup/backup.ts';
import { restoreBackup } from '../backup/restore.ts';
import { DATA_FOLDER } from '../data-folder.ts';

/** Distinctive, so a hit in the data folder can only be this person. */
const PERSON = {
  name: 'Zeenat Quorvalis',
  email: `zeenat.quorvalis.${Date.now().toString(36)}@example.in`,
  phone: '9123456780',
  street: '77 Quorvalisbagh Lane',
  password: 'Quorvalis-pass-42',
};
const NEEDLES = [PERSON.name, PERSON.email, PERSON.phone, PERSON.street];

/** Every needle found in any file under `dir` (relative path → needles), as bytes (UTF-8). */
function bytesOfThePerson(dir: string): Record<string, string[]> {
  const hits: Record<string, string[]> = {};
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        const found = NEEDLES.filter((needle) => bytes.includes(Buffer.from(needle, 'utf8')));
        if (found.length) hits[path.slice(dir.length + 1)] = found;
      }
    }
  };
  walk(dir);
  return hits;
}

describe('forget me', () => {
  let shop: AccountShop;
  let userId: string;
  let token: string;
  let admin: string;
  let other: { token: string; userId: string };
  let order: OrderDoc;
  /** Over Rs 50,000 of taxable value: its invoice must name its recipient for the law's years. */
  let largeOrder: OrderDoc;
  let productId: string;
  let dashboardBefore: unknown;
  const backupRoot = tempDir('forget-backup-');
  const backupDir = join(backupRoot.path, 'before');

  const call = <T = Record<string, unknown>>(path: string, init?: { method?: string; body?: unknown; token?: string }) => shop.call<T>(path, init);

  beforeAll(async () => {
    shop = await startAccountShop();
    const signUp = await call('/api/user/signup', { method: 'POST', body: { name: PERSON.name, email: PERSON.email, phone: PERSON.phone, password: PERSON.password } });
    expect(signUp.status).toBe(201);
    expect((await call('/api/user/verifyemail', { method: 'POST', body: { otp: codeIn(await shop.mail.next(PERSON.email)), email: PERSON.email } })).status).toBe(200);
    const signIn = await call<{ token: string; user: { id: string } }>('/api/user/signin', { method: 'POST', body: { email: PERSON.email, password: PERSON.password } });
    ({ token } = signIn.body);
    userId = signIn.body.user.id;
    const otherId = newId();
    other = { userId: otherId, token: shop.t.shop.tokens.sign({ userId: otherId, email: 'other@example.in', isAdmin: false }) };
    admin = shop.t.shop.tokens.sign({ userId: newId(), email: 'owner@example.in', isAdmin: true });

    productId = await listProduct(shop.t, { price: 400, countInStock: 20 });
    await addToCart(shop.t, token, productId, 2);
    const billing = { fullName: PERSON.name, country: 'India', streetAddressLine1: PERSON.street, streetAddressLine2: 'Koramangala', city: 'Bengaluru', state: 'Karnataka', zipCode: '560034', phoneNumber: PERSON.phone, email: PERSON.email };
    const { paid } = await checkoutAndPay(shop.t, token, billing);
    const created = await call<OrderDoc>('/api/orders/create', { method: 'POST', token, body: { ...paid, userid: userId } });
    expect(created.status).toBe(201);
    order = created.body;
    const laptopId = await listProduct(shop.t, { price: 60_000, countInStock: 2 });
    await addToCart(shop.t, token, laptopId, 1);
    const large = await checkoutAndPay(shop.t, token, billing);
    const createdLarge = await call<OrderDoc>('/api/orders/create', { method: 'POST', token, body: { ...large.paid, userid: userId } });
    expect(createdLarge.status).toBe(201);
    largeOrder = createdLarge.body;
    expect((await call('/api/my-list/add', { method: 'POST', token, body: { productId } })).status).toBe(201);
    expect((await call('/api/productReviews/add', { method: 'POST', token, body: { productId, review: 'Sturdy and bright', customerRating: 4 } })).status).toBe(201);
    expect((await call('/api/newsletter', { method: 'POST', body: { email: PERSON.email } })).status).toBeLessThan(300);
    // Confirmed opt-in: the subscription counts once the mailed link is followed.
    let mail = await shop.mail.next(PERSON.email);
    while (!mail.subject.includes('newsletter')) mail = await shop.mail.next(PERSON.email); // order mails come first
    const confirmLink = /https?:\/\/\S+?(\/api\/newsletter\/confirm\?token=[\w.-]+)/.exec(mail.raw.replace(/=3D/gi, '='))![1]!;
    expect((await fetch(new URL(confirmLink, shop.t.url))).status).toBe(200);
    dashboardBefore = (await call('/api/admin/dashboard', { token: admin })).body;

    // Before: the person is all over the data folder (the read models show them).
    expect(Object.keys(bytesOfThePerson(shop.t.dataDir)).length).toBeGreaterThan(0);
    await takeBackup(shop.t.dataDir, backupDir);
  }, 120_000);

  afterAll(async () => {
    await shop?.close();
    backupRoot.remove();
  });

  it('keeps the personal fields out of the event log: sealed with the person key, in clear nowhere', async () => {
    // The read models hold them (until the erasure); the log and its WAL do not.
    const log = [DATA_FOLDER.eventLog, `${DATA_FOLDER.eventLog}-wal`].map((file) => join(shop.t.dataDir, file));
    for (const file of log) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      for (const needle of NEEDLES) expect(bytes.includes(Buffer.from(needle, 'utf8')), `${needle} in ${file}`).toBe(false);
    }
    // ...while the shop reads them back whole.
    const user = await call<{ name: string; email: string }>(`/api/user/${userId}`, { token });
    expect(user.body).toMatchObject({ name: PERSON.name, email: PERSON.email });
  });

  it('gives the person everything the shop holds about them, and no one else', async () => {
    const mine = await call<{ userId: string; events: { type: string; data: Record<string, unknown> }[] }>(`/api/user/${userId}/export`, { token });
    expect(mine.status).toBe(200);
    const types = mine.body.events.map((event) => event.type);
    expect(types).toEqual(expect.arrayContaining(['AccountRegistered', 'OrderPlaced', 'ProductReviewed', 'MyListItemAdded', 'NewsletterConsentRequested', 'NewsletterConsentGiven']));
    expect(JSON.stringify(mine.body)).toContain(PERSON.street);
    expect(JSON.stringify(mine.body)).not.toMatch(/scrypt\$\d/);
    expect((await call(`/api/user/${userId}/export`, { token: other.token })).status).toBe(403);
    expect((await call(`/api/user/${userId}/export`)).status).toBe(401);
  });

  it('refuses an erasure by anyone but the person with their password, or an admin', async () => {
    expect((await call(`/api/user/${userId}`, { method: 'DELETE', body: { password: PERSON.password } })).status).toBe(401);
    expect((await call(`/api/user/${userId}`, { method: 'DELETE', token: other.token, body: { password: PERSON.password } })).status).toBe(403);
    const wrong = await call<{ error: boolean; msg: string }>(`/api/user/${userId}`, { method: 'DELETE', token, body: { password: 'not-the-password' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ error: true, msg: 'The password is wrong' });
    expect((await call(`/api/user/${userId}`, { method: 'DELETE', token, body: { password: 'x'.repeat(10_000) } })).status).toBe(400);
    expect((await call(`/api/admin/customers/${userId}/forget`, { method: 'POST', token: other.token })).status).toBe(403);
    expect((await call(`/api/admin/customers/not-an-id/forget`, { method: 'POST', token: admin })).status).toBe(400);
    expect((await call(`/api/admin/customers/${newId()}/forget`, { method: 'POST', token: admin })).status).toBe(404);
    // Still there after all of them.
    expect((await call('/api/user/signin', { method: 'POST', body: { email: PERSON.email, password: PERSON.password } })).status).toBe(200);
  }, 60_000);

  it('forgets the person: no byte of them in the data folder, no sign-in, no customer, same figures', async () => {
    const forgotten = await call(`/api/user/${userId}`, { method: 'DELETE', token, body: { password: PERSON.password } });
    expect(forgotten.status).toBe(200);
    expect(bytesOfThePerson(shop.t.dataDir)).toEqual({});
    const signIn = await call('/api/user/signin', { method: 'POST', body: { email: PERSON.email, password: PERSON.password } });
    expect(signIn.status).not.toBe(200);
    // Its e-mail does not open the forgotten account again (its key is gone): a sign-up is refused.
    const again = await call('/api/user/signup', { method: 'POST', body: { name: 'Someone', email: PERSON.email, phone: '9000000000', password: 'Another-pass-42' } });
    expect(again.status).toBe(409);
    const found = await call<{ customers?: unknown[]; data?: unknown[] }>(`/api/admin/customers?q=${encodeURIComponent(PERSON.email)}`, { token: admin });
    expect(JSON.stringify(found.body)).not.toContain(PERSON.email);
    expect(JSON.stringify(found.body)).not.toContain(userId);
    expect((await call('/api/admin/dashboard', { token: admin })).body).toEqual(dashboardBefore);
    // The order is still the shop's (amount, lines), its buyer forgotten.
    const kept = await call<OrderDoc>(`/api/admin/orders/${order.id}`, { token: admin });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ id: order.id, amount: order.amount, name: 'Forgotten customer' });
    const reviews = await call<{ customerName: string; review: string; customerRating: number }[]>(`/api/productReviews?productId=${productId}`);
    expect(reviews.body).toEqual([expect.objectContaining({ customerName: 'Forgotten customer', review: 'Sturdy and bright', customerRating: 4 })]);
  }, 120_000);

  it("keeps what the GST law keeps: a large invoice names its recipient after the erasure, until its year's records may go", async () => {
    const invoice = (id: string) => downloadDocument(`${shop.t.url}/api/admin/orders/${id}/invoice`, admin);
    const large = await invoice(largeOrder.id);
    expect(large.status).toBe(200);
    expect(large.text).toContain(PERSON.name);
    expect(large.text).toContain(PERSON.street);
    // A small invoice needs no name: the erasure took it.
    const small = (await invoice(order.id)).text;
    expect(small).toContain('Forgotten customer');
    expect(small).not.toContain(PERSON.name);

    // The day after the year's records may go: its retention key is destroyed, the name goes too.
    const year = /Invoice No\.: \w+\/(\d{2}-\d{2})\//.exec(large.text)![1]!;
    const [y, m, d] = gstRecordsKeptUntil(year).split('-').map(Number) as [number, number, number];
    await shop.t.shop.gst.retention.endRetentionAsOf(new Date(Date.UTC(y, m - 1, d, 6))); // the earlier years' keys only
    expect((await invoice(largeOrder.id)).text).toContain(PERSON.name);
    expect(await shop.t.shop.gst.retention.endRetentionAsOf(new Date(Date.UTC(y, m - 1, d + 1, 6)))).toBe(1);
    const expired = (await invoice(largeOrder.id)).text;
    expect(expired).toContain('Forgotten customer');
    expect(expired).not.toContain(PERSON.name);
    expect(expired).toContain(largeOrder.id); // the invoice itself stays: amounts, lines, place of supply
  }, 60_000);

  it('lets an admin forget a customer who asked elsewhere', async () => {
    const someone = await signUpVerified(shop);
    const forgotten = await call(`/api/admin/customers/${someone.userId}/forget`, { method: 'POST', token: admin });
    expect(forgotten.status).toBe(200);
    expect((await call('/api/user/signin', { method: 'POST', body: { email: someone.email, password: someone.password } })).status).not.toBe(200);
    expect(JSON.stringify((await call(`/api/admin/customers?q=${encodeURIComponent(someone.email)}`, { token: admin })).body)).not.toContain(someone.email);
  }, 120_000);

  it('stays forgotten after a rebuild of every read model', async () => {
    const job = await shop.t.shop.rebuilds.run('all');
    expect(job.state).toBe('done');
    expect(bytesOfThePerson(shop.t.dataDir)).toEqual({});
    expect((await call('/api/user/signin', { method: 'POST', body: { email: PERSON.email, password: PERSON.password } })).status).not.toBe(200);
  }, 120_000);

  it('stays forgotten when a backup taken before the erasure is restored', async () => {
    const restoredDir = tempDir('forget-restored-');
    let restored: TestShop | undefined;
    try {
      const outcome = await restoreBackup(backupDir, restoredDir.path, undefined, { erasureLedgers: [join(shop.t.dataDir, DATA_FOLDER.erasures)] });
      expect(outcome.erasuresReapplied).toBeGreaterThan(0);
      expect(outcome.readModelsRestored).toBe(false);
      restored = await startTestShop({ dataDir: restoredDir.path, env: { JWT_SECRET: 'test-secret-for-account-suites-0123456789abcdef' } });
      await restored.shop.upgrades.whenCurrent('accounts');
      const signIn = await api(restored.url, '/api/user/signin', { method: 'POST', body: { email: PERSON.email, password: PERSON.password } });
      expect(signIn.status).not.toBe(200);
      const found = await api(restored.url, `/api/admin/customers?q=${encodeURIComponent(PERSON.email)}`, { token: restored.shop.tokens.sign({ userId: newId(), email: 'owner@example.in', isAdmin: true }) });
      expect(JSON.stringify(found.body)).not.toContain(PERSON.email);
      await restored.close();
      restored = undefined;
      expect(bytesOfThePerson(restoredDir.path)).toEqual({});
    } finally {
      await restored?.close();
      restoredDir.remove();
    }
  }, 120_000);
});
