/**
 * npm run fixtures:release -- <release checkout> <out.jsonl>
 *
 * Writes a release's data the way that release wrote it, for the upgrade test
 * (server/src/release-fixtures.test.ts): starts the server of another checkout (a git worktree of
 * the release, with its node_modules) on a fresh data folder, drives its API as a shop's people
 * would (accounts signed up and verified through mail, a profile, carts, orders in every state,
 * a refund, reviews, My List, the back office's catalog edits and a stock receipt), stops it, and
 * exports its log with THIS checkout's log:export code. Only the export is kept; the data folder
 * is deleted.
 *
 *   git worktree add --detach /work/wt-release-62549ed 62549ed   (and copy node_modules in)
 *   npm run fixtures:release -- /work/wt-release-62549ed fixtures/releases/2026-11-24-62549ed.jsonl
 *
 * Add a fixture when a release changes an event or a projection; never replace an old one.
 */
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { SqliteEventStore } from '@shop/platform/adapters';
import { exportLog } from '@shop/platform/event-store/log-file';
import { codeIn, startMailCatcher, type MailCatcher } from '../test-support/account-kit.ts';
import { billing as testBilling } from '../test-support/shop-fixtures.ts';
import { spawnShopProcess } from '../test-support/shop-process.ts';
import { api } from '../test-support/shop.ts';
import { tempDir } from '../test-support/temp-dir.ts';

const PASSWORD = 'Fixture-pass-2026';
/** The shopper's checkout form: the tests' one, with the shopper's own address. */
const billing = { ...testBilling, email: 'asha.rao@example.in' };

/** One API call that must succeed: the fixture is worthless if a step silently failed. */
async function call<T = Record<string, unknown>>(url: string, path: string, init: Parameters<typeof api>[2] = {}): Promise<T> {
  const reply = await api<T>(url, path, init);
  if (reply.status >= 300) throw new Error(`${init.method ?? 'GET'} ${path} → ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

async function account(url: string, mail: MailCatcher, name: string, email: string) {
  await call(url, '/api/user/signup', { method: 'POST', body: { name, email, phone: '9876543210', password: PASSWORD } });
  await call(url, '/api/user/verifyemail', { method: 'POST', body: { otp: codeIn(await mail.next(email)), email } });
  return signIn(url, email);
}

async function signIn(url: string, email: string) {
  const reply = await call<{ token: string; user: { id: string } }>(url, '/api/user/signin', { method: 'POST', body: { email, password: PASSWORD } });
  return { token: reply.token, userId: reply.user.id };
}

/** A cart line to add: the product, how many, and the options chosen on its page (e.g. `{ size: 'Large' }`). */
type FixtureLine = [productId: string, quantity: number, options?: Record<string, string>];

/**
 * Cart → checkout → test card → order; returns the order's id. `checkout` adds fields to the
 * checkout request (a payment method), which releases that do not know them ignore.
 */
async function order(url: string, shopper: { token: string; userId: string }, lines: FixtureLine[], checkoutFields: Record<string, string> = {}) {
  for (const [productId, quantity, options] of lines) {
    await call(url, '/api/cart/add', { method: 'POST', token: shopper.token, body: { productId, quantity, ...options } });
  }
  const checkout = await call<{ orderId: string; total: number }>(url, '/api/orders/checkout', {
    method: 'POST',
    token: shopper.token,
    body: { ...billing, ...checkoutFields },
  });
  const paid = await call<Record<string, string>>(url, '/api/payments/test/pay', {
    method: 'POST',
    token: shopper.token,
    body: { providerOrderId: checkout.orderId, card: '4111 1111 1111 1111' },
  });
  const placed = await call<{ id: string }>(url, '/api/orders/create', {
    method: 'POST',
    token: shopper.token,
    body: { ...paid, amount: checkout.total, userid: shopper.userId },
  });
  return placed.id;
}

/** The cash-on-delivery confirmation code in the order's e-mail, once the mail desk has sent it. */
async function confirmationCode(mail: MailCatcher, orderId: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const placed = mail.messages.find((m) => m.raw.includes(`order ${orderId} is placed`));
    const code = placed && /confirm-cod\?code=3?D?([A-Z2-9]{8})/.exec(placed.raw)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no confirmation code in the e-mail of ${orderId}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
}

async function main(): Promise<void> {
  const [rootArg, outArg] = process.argv.slice(2);
  if (!rootArg || !outArg) throw new Error('Usage: npm run fixtures:release -- <release checkout> <out.jsonl>');
  const root = resolve(rootArg);
  const out = resolve(outArg);
  if (!existsSync(join(root, 'server/src/main.ts'))) throw new Error(`${root} is not a checkout of the shop`);
  if (existsSync(out)) throw new Error(`${out} exists: fixtures of past releases are kept, not rewritten`);
  const dir = tempDir('shop-release-fixture-');
  const mail = await startMailCatcher();
  const env = {
    DATA_DIR: dir.path,
    SMTP_URL: mail.url,
    SEED_CATALOG: 'false',
    UI_DIST: join(dir.path, 'no-ui'),
    NODE_ENV: 'test',
    REFUND_SWEEP_MS: '200',
  };
  const { url, child } = await spawnShopProcess(env, 120_000, root);
  const stopped = new Promise((resolveExit) => child.once('exit', resolveExit));
  try {
    // The back office: an owner made admin by the release's own CLI, then signed in again.
    const ownerEmail = 'owner@example.in';
    await account(url, mail, 'Shop Owner', ownerEmail);
    // Not spawnSync: a blocked event loop would miss the server closing idle keep-alive
    // connections, and the next request would go out on a closed one.
    await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/cli/grant-admin.ts', ownerEmail], {
      cwd: root,
      env: { ...process.env, ...env },
    });
    const admin = (await signIn(url, ownerEmail)).token;

    const lights = await call<{ id: string }>(url, '/api/admin/categories', { method: 'POST', token: admin, body: { name: 'Festive Lights', color: '#fde68a', images: [] } });
    const diyas = await call<{ id: string }>(url, `/api/admin/categories/${lights.id}/subcategories`, { method: 'POST', token: admin, body: { name: 'Diyas' } });
    await call(url, `/api/admin/categories/${lights.id}`, { method: 'PUT', token: admin, body: { name: 'Festive Lights & Lamps' } });
    const product = (name: string, price: number, countInStock: number) =>
      call<{ id: string }>(url, '/api/admin/products', {
        method: 'POST',
        token: admin,
        body: {
          name,
          brand: 'Kalakriti',
          description: `${name}, hand-made.`,
          images: ['/images/test/diya.svg'],
          price,
          oldPrice: price + 100,
          countInStock,
          isFeatured: price > 300,
          catId: lights.id,
          subCatId: diyas.id,
          productRam: [],
          size: [],
          productWeight: [],
          location: [{ value: 'All', label: 'All' }],
        },
      });
    const brass = (await product('Brass Diya Set', 499, 20)).id;
    const clay = (await product('Clay Lamp', 120, 30)).id;
    const lantern = (await product('Paper Lantern', 350, 10)).id;
    await call(url, `/api/admin/products/${lantern}`, {
      method: 'PUT',
      token: admin,
      body: {
        name: 'Paper Lantern (large)',
        brand: 'Kalakriti',
        description: 'A large folding paper lantern.',
        images: ['/images/test/diya.svg'],
        price: 399,
        oldPrice: 450,
        countInStock: 10,
        isFeatured: true,
        catId: lights.id,
        subCatId: diyas.id,
        productRam: [],
        size: ['Large'],
        productWeight: [],
        location: [{ value: 'All', label: 'All' }],
      },
    });
    await call(url, `/api/admin/products/${clay}/stock`, { method: 'POST', token: admin, body: { quantity: 15 } });
    // A product sold in variants: each size its own SKU, price and stock.
    const kurta = (
      await call<{ id: string }>(url, '/api/admin/products', {
        method: 'POST',
        token: admin,
        body: {
          name: 'Festive Kurta',
          brand: 'Kalakriti',
          description: 'Cotton kurta for Diwali.',
          images: ['/images/test/diya.svg'],
          price: 899,
          oldPrice: 999,
          countInStock: 12,
          isFeatured: false,
          catId: lights.id,
          subCatId: diyas.id,
          productRam: [],
          size: ['M', 'L'],
          productWeight: [],
          location: [{ value: 'All', label: 'All' }],
          variants: [
            { sku: 'KURTA-M', options: { size: 'M' }, price: 899, oldPrice: 999, countInStock: 5 },
            { sku: 'KURTA-L', options: { size: 'L' }, price: 949, oldPrice: 999, countInStock: 7 },
          ],
        },
      })
    ).id;

    // A shopper with a history: profile, orders in every state, reviews, My List, a cart left full.
    const asha = await account(url, mail, 'Asha Rao', billing.email);
    await call(url, `/api/user/${asha.userId}`, { method: 'PUT', token: asha.token, body: { name: 'Asha R. Rao', phone: '9876543211', images: [] } });
    const pending = await order(url, asha, [[brass, 2], [clay, 1]]);
    const shipped = await order(url, asha, [[lantern, 1, { size: 'Large' }]]);
    const delivered = await order(url, asha, [[clay, 3]], { paymentMethod: 'upi' });
    const cancelled = await order(url, asha, [[brass, 1]]);
    const move = (orderId: string, status: string, extra: Record<string, string> = {}) =>
      call(url, `/api/orders/${orderId}/status`, { method: 'PUT', token: admin, body: { status, ...extra } });
    await move(shipped, 'confirmed');
    await move(shipped, 'shipped', { trackingNumber: 'DL123456789IN' });
    await move(delivered, 'confirmed');
    await move(delivered, 'shipped', { trackingNumber: 'DL987654321IN' });
    await move(delivered, 'delivered');
    await move(cancelled, 'cancelled');
    // Cash on delivery: confirmed from the code in its e-mail, delivered, the cash collected.
    await call(url, '/api/cart/add', { method: 'POST', token: asha.token, body: { productId: kurta, quantity: 1, size: 'L' } });
    const cod = await call<{ order: { id: string } }>(url, '/api/orders/checkout', { method: 'POST', token: asha.token, body: { ...billing, paymentMethod: 'cod' } });
    const codCode = await confirmationCode(mail, cod.order.id);
    await call(url, `/api/orders/${cod.order.id}/confirm-cod`, { method: 'POST', body: { code: codCode } });
    for (const status of ['confirmed', 'shipped', 'delivered']) await move(cod.order.id, status, status === 'shipped' ? { trackingNumber: 'DL555666777IN' } : {});
    await call(url, `/api/orders/${cod.order.id}/cash-collected`, { method: 'POST', token: admin });
    console.log(`orders: pending ${pending}, shipped ${shipped}, delivered ${delivered}, cancelled (refunded) ${cancelled}, cash on delivery ${cod.order.id}`);

    await call(url, '/api/productReviews/add', { method: 'POST', token: asha.token, body: { productId: clay, review: 'Lovely warm glow.', customerRating: 5 } });
    await call(url, '/api/productReviews/add', { method: 'POST', token: asha.token, body: { productId: clay, review: 'Lovely warm glow; one arrived chipped.', customerRating: 4 } });
    await call(url, '/api/my-list/add', { method: 'POST', token: asha.token, body: { productId: lantern } });
    const listed = await call<{ id: string }>(url, '/api/my-list/add', { method: 'POST', token: asha.token, body: { productId: brass } });
    await call(url, `/api/my-list/${listed.id}`, { method: 'DELETE', token: asha.token });
    const line = await call<{ id: string }>(url, '/api/cart/add', { method: 'POST', token: asha.token, body: { productId: lantern, quantity: 1, size: 'Large' } });
    await call(url, `/api/cart/${line.id}`, { method: 'PUT', token: asha.token, body: { quantity: 2 } });

    // A second shopper: a review, and a cart added to and emptied.
    const ravi = await account(url, mail, 'Ravi Kumar', 'ravi.kumar@example.in');
    await call(url, '/api/productReviews/add', { method: 'POST', token: ravi.token, body: { productId: brass, review: 'Heavy and well made.', customerRating: 4.5 } });
    const raviLine = await call<{ id: string }>(url, '/api/cart/add', { method: 'POST', token: ravi.token, body: { productId: clay, quantity: 1 } });
    await call(url, `/api/cart/${raviLine.id}`, { method: 'DELETE', token: ravi.token });

    // The cancelled order's refund is made by the release's background sweep.
    await new Promise((resolveWait) => setTimeout(resolveWait, 2000));
  } finally {
    child.kill('SIGTERM');
    await stopped;
    await mail.close();
  }
  mkdirSync(dirname(out), { recursive: true });
  const log = new SqliteEventStore(join(dir.path, 'events.db'));
  try {
    const file = createWriteStream(out, { flags: 'wx' });
    const count = await exportLog(log, file);
    file.end();
    await finished(file);
    console.log(`Wrote ${count} events to ${out}`);
  } finally {
    await log.close();
    dir.remove();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
