import { execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type CartLineDoc, type OrderDoc, type ProductDoc } from '@shop/contracts';
import { TokenService, createLogger, loadConfig } from '@shop/platform';
import { catalogProjection, rebuildLease, versionCheckpoint } from '@shop/projections';
import { billing, productDetails } from '../../../test-support/shop-fixtures.ts';
import { serverEntry, spawnShopProcess } from '../../../test-support/shop-process.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { composeShop } from '../compose.ts';
import { DATA_FOLDER } from '../data-folder.ts';

/**
 * Two API processes on one port and one data folder (WORKERS=2), as `WORKERS=2 npm start` runs on a
 * machine with two cores: what one process wrote, the other serves at once; each order is mailed
 * once; an admin's rebuild, a person's erasure (their tokens too) and a revoked admin right hold
 * whichever process is asked; and when the process holding the projections and the desks is
 * killed, the other takes them over within seconds and the primary starts a new process.
 *
 * Every request here goes on a connection of its own: the primary deals connections to the two
 * processes in turn, so a command and the read after it are served by different processes.
 */

const LEASE_MS = 1500;

/** One request on a connection of its own (no keep-alive pool, which would stick to one process). */
function call<T>(base: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      new URL(path, base),
      {
        method: init.method ?? 'GET',
        agent: false,
        headers: { ...(body ? { 'Content-Type': 'application/json' } : {}), ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: (text ? JSON.parse(text) : undefined) as T }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

interface Person {
  userId: string;
  email: string;
  name: string;
}

describe('WORKERS=2: two API processes on one data folder', () => {
  const dir = tempDir('shop-cluster-');
  const jwtSecret = randomBytes(48).toString('base64url');
  const signer = new TokenService(jwtSecret);
  let shop: { url: string; child: ChildProcess };
  let productId: string;
  /** People with accounts (verified through Google) to forget, and two admins, one to revoke the other. */
  let people: Person[];
  let admins: Person[];
  /** Verified accounts that buy (cash on delivery is for them only, and their order mails go to them), one per order. */
  let buyers: Person[];

  const shopper = () => {
    const userId = newId();
    return { userId, token: signer.sign({ userId, email: `${userId}@cluster.example`, isAdmin: false }) };
  };
  /** A token of an admin the log knows nothing of (a token's own claim counts until a role event says otherwise). */
  const ownerToken = () => signer.sign({ userId: newId(), email: 'owner@cluster.example', isAdmin: true });
  const readModels = () => new Database(join(dir.path, DATA_FOLDER.readModels), { readonly: true });
  const holderPid = () => {
    const db = readModels();
    try {
      const row = db.prepare("SELECT owner FROM leases WHERE name = 'role:projector' AND expires_at > ?").get(Date.now()) as { owner: string } | undefined;
      return row ? Number(row.owner.split(':')[1]) : undefined;
    } finally {
      db.close();
    }
  };
  /** The primary's worker processes (its other children, such as tsx's esbuild service, left out). */
  const workerPids = () => {
    try {
      return execFileSync('pgrep', ['-P', String(shop.child.pid), '-f', serverEntry('main').at(-1)!], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
    } catch {
      return [];
    }
  };
  const placedMails = (orderId: string) =>
    readdirSync(join(dir.path, 'outbox'))
      .filter((file) => file.endsWith('.eml'))
      .filter((file) => readFileSync(join(dir.path, 'outbox', file), 'utf8').includes(`order ${orderId} is placed`)).length;
  let bought = 0;
  /** The next buyer's token, and an address of its own (a delivery address holds few unconfirmed cash orders). */
  const nextBuyer = () => {
    const buyer = buyers[bought++]!;
    return { userId: buyer.userId, token: signer.sign({ userId: buyer.userId, email: buyer.email, isAdmin: false }) };
  };
  /** A cash-on-delivery order of one unit, every step on a connection of its own. */
  const placeOrder = async (who = nextBuyer(), billedTo = { ...billing, email: `${who.userId}@cluster.example`, streetAddressLine1: `${bought} Cluster Road` }) => {
    expect((await call(shop.url, '/api/cart/add', { method: 'POST', token: who.token, body: { productId, quantity: 1 } })).status).toBe(201);
    const placed = await call<{ order: OrderDoc }>(shop.url, '/api/orders/checkout', {
      method: 'POST',
      token: who.token,
      body: { ...billedTo, paymentMethod: 'cod' },
    });
    expect(placed.status).toBe(201);
    return { who, orderId: placed.body.order.id };
  };

  beforeAll(async () => {
    const config = loadConfig({ DATA_DIR: dir.path, LOG_LEVEL: 'silent', SEED_CATALOG: 'false', JWT_SECRET: jwtSecret, UI_DIST: `${dir.path}/no-ui` });
    const prepare = await composeShop(config, createLogger('silent'));
    try {
      const { categoryId } = await prepare.catalog.createCategory({ name: 'Cluster', color: '#000000', images: [] });
      const { subcategoryId } = await prepare.catalog.addSubcategory({ categoryId, name: 'Cluster goods' });
      productId = (await prepare.catalog.saveProduct({ details: productDetails(categoryId, subcategoryId, { countInStock: 1000 }) })).productId;
      const account = async (name: string): Promise<Person> => {
        const email = `${newId()}@cluster.example`;
        const { user } = await prepare.accounts.signInWithGoogle({ subject: newId(), email, name, picture: null });
        return { userId: user.id, email, name };
      };
      people = [await account('Zorawar Quillfeather'), await account('Ishbel Marrowstone')];
      admins = [await account('Owner Revoked'), await account('Owner Revoking')];
      buyers = [];
      for (let i = 0; i < 8; i++) buyers.push(await account(`Buyer ${i}`));
      for (const admin of admins) await prepare.accounts.roles.set(admin.userId, true, { by: 'cluster test' });
      await prepare.runner.catchUp();
      // The catalog read model as an older release built it: rebuilt at start-up by the holder
      // of the projections, once the rebuild lease this test holds for now is let go.
      await prepare.docs.commit({ writes: [], checkpoints: [{ name: versionCheckpoint(catalogProjection.name), position: BigInt(catalogProjection.version - 1) }] });
      expect(await prepare.docs.acquireLease(rebuildLease(catalogProjection.name), 'cluster test', 600_000)).toBeTruthy();
    } finally {
      await prepare.close();
    }
    shop = await spawnShopProcess(
      { DATA_DIR: dir.path, JWT_SECRET: jwtSecret, SEED_CATALOG: 'false', UI_DIST: `${dir.path}/no-ui`, NODE_ENV: 'test', WORKERS: '2', WORKER_LEASE_MS: String(LEASE_MS) },
      90_000,
    );
  });

  afterAll(async () => {
    if (shop?.child.exitCode === null) {
      const exited = new Promise((resolve) => shop.child.once('exit', resolve));
      shop.child.kill('SIGTERM');
      await exited;
    }
    dir.remove();
  });

  it('says ready from every process once the holder of the projections has rebuilt a read model of an older release', async () => {
    const readiness = async () => [await call(shop.url, '/readyz'), await call(shop.url, '/readyz')].map((reply) => reply.status);
    // Both processes started while the catalog read model was an older release's.
    expect(await readiness()).toEqual([503, 503]);
    const db = new Database(join(dir.path, DATA_FOLDER.readModels));
    try {
      db.prepare('DELETE FROM leases WHERE name = ?').run(rebuildLease(catalogProjection.name));
    } finally {
      db.close();
    }
    await expect.poll(readiness, { timeout: 30_000, interval: 200 }).toEqual([200, 200]);
  }, 60_000);

  it('serves what one process wrote from the other: the cart line a command added, the stock an order took', async () => {
    const who = shopper();
    for (let round = 0; round < 6; round++) {
      const added = await call<CartLineDoc>(shop.url, '/api/cart/add', { method: 'POST', token: who.token, body: { productId, quantity: 1 } });
      expect(added.status).toBe(201);
      const cart = await call<CartLineDoc[]>(shop.url, '/api/cart', { token: who.token });
      expect(cart.body.map((line) => line.id)).toContain(added.body.id);
    }
    // Both processes have the product's reply cached; an order on one moves the stock both serve.
    const before = (await call<ProductDoc>(shop.url, `/api/products/${productId}`)).body.countInStock;
    expect((await call<ProductDoc>(shop.url, `/api/products/${productId}`)).body.countInStock).toBe(before);
    await placeOrder();
    for (let i = 0; i < 2; i++) expect((await call<ProductDoc>(shop.url, `/api/products/${productId}`)).body.countInStock).toBe(before - 1);
  });

  it('counts a shopper\'s checkouts against one budget, whichever process serves them', async () => {
    const who = shopper();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const reply = await call(shop.url, '/api/orders/checkout', { method: 'POST', token: who.token, body: { ...billing, email: 'budget@cluster.example', paymentMethod: 'cod' } });
      statuses.push(reply.status);
    }
    // Ten checkouts per ten minutes (an empty cart still spends one); the eleventh is refused.
    expect(statuses).toEqual([...Array<number>(10).fill(400), 429]);
  });

  it("runs an admin's rebuild in the process holding the projections, whichever process is asked, and shows its job from either", async () => {
    const admin = ownerToken();
    for (const target of ['catalog', 'accounts']) {
      // Two connections at once: the primary deals one to each process.
      const asked = await Promise.all(
        [0, 1].map(() => call<{ id: string; job?: { id: string } }>(shop.url, `/api/admin/projections/${target}/rebuild`, { method: 'POST', token: admin })),
      );
      // One job, in the holder: the second request starts it too, or is told it runs (its id).
      const started = asked.filter((reply) => reply.status === 202);
      expect(started.length).toBeGreaterThan(0);
      for (const busy of asked.filter((reply) => reply.status !== 202)) {
        expect(busy.status).toBe(409);
        expect(started.map((reply) => reply.body.id)).toContain(busy.body.job?.id);
      }
      for (const { body: job } of started) {
        const state = async () => (await call<{ state: string; error: string | null }>(shop.url, `/api/admin/projections/rebuilds/${job.id}`, { token: admin })).body;
        await expect.poll(state, { timeout: 30_000, interval: 100 }).toMatchObject({ state: 'done', error: null });
        // Found from the other process too.
        expect(await state()).toMatchObject({ state: 'done' });
      }
    }
  }, 90_000);

  it('forgets a person in every process: erasures asked of either process leave no process showing them again', async () => {
    const admin = ownerToken();
    const streetOf = (person: Person) => `${person.name.split(' ')[1]} Lane`;
    const needles = (person: Person) => [person.name, person.email, streetOf(person)];
    /** Each person's token, taken before the erasure (it lives for days). */
    const tokens = new Map<string, string>();
    for (const person of people) {
      const who = { userId: person.userId, token: signer.sign({ userId: person.userId, email: person.email, isAdmin: false }) };
      tokens.set(person.userId, who.token);
      await placeOrder(who, { ...billing, fullName: person.name, email: person.email, streetAddressLine1: streetOf(person) });
    }
    const seen = async (person: Person) => {
      const reply = await call(shop.url, `/api/admin/customers/${person.userId}`, { token: admin });
      expect(reply.status).toBe(200);
      const text = JSON.stringify(reply.body);
      return needles(person).filter((needle) => text.includes(needle));
    };
    /** The back office's customer search: its page count is remembered per process until the store changes. */
    const found = async (person: Person) => {
      const reply = await call<{ customers: unknown[]; totalPages: number }>(shop.url, `/api/admin/customers?q=${encodeURIComponent(person.name.split(' ')[1]!)}`, { token: admin });
      return { customers: reply.body.customers.length, totalPages: reply.body.totalPages };
    };
    // Shown by both processes, which have opened the people's events (their keys are in memory).
    for (const person of people) {
      for (let i = 0; i < 2; i++) {
        expect(await seen(person)).toEqual(needles(person));
        expect(await found(person)).toEqual({ customers: 1, totalPages: 1 });
      }
    }
    // Two erasures at once: one asked of each process.
    const erased = await Promise.all(people.map((person) => call(shop.url, `/api/admin/customers/${person.userId}/forget`, { method: 'POST', token: admin })));
    expect(erased.map((reply) => reply.status)).toEqual([200, 200]);
    // The read models were rebuilt from a log whose fields no process opens any more.
    for (const person of people) {
      for (let i = 0; i < 4; i++) {
        expect(await seen(person)).toEqual([]);
        expect(await found(person)).toEqual({ customers: 0, totalPages: 0 });
      }
    }
    // Their tokens died with them, in both processes: no cart line, no order, no profile.
    for (const person of people) {
      const token = tokens.get(person.userId)!;
      for (let i = 0; i < 4; i++) {
        const replies = [
          await call(shop.url, '/api/cart/add', { method: 'POST', token, body: { productId, quantity: 1 } }),
          await call(shop.url, '/api/orders/checkout', { method: 'POST', token, body: { ...billing, email: person.email, paymentMethod: 'cod' } }),
          await call(shop.url, `/api/user/${person.userId}`, { token }),
        ];
        expect(replies.map((reply) => reply.status)).toEqual([401, 401, 401]);
      }
    }
  }, 120_000);

  it("takes a revoked admin's rights away in every process at once", async () => {
    const [revoked, revoking] = admins.map((admin) => signer.sign({ userId: admin.userId, email: admin.email, isAdmin: true }));
    // Both processes have let the admin in (and remember the account's standing).
    for (let i = 0; i < 4; i++) expect((await call(shop.url, '/api/admin/customers', { token: revoked })).status).toBe(200);
    const revocation = await call(shop.url, `/api/admin/customers/${admins[0]!.userId}/admin`, { method: 'PUT', token: revoking, body: { isAdmin: false } });
    expect(revocation.status).toBe(200);
    const after = [];
    for (let i = 0; i < 4; i++) after.push((await call(shop.url, '/api/admin/customers', { token: revoked })).status);
    expect(after.every((status) => status === 401 || status === 403), `statuses ${after.join(', ')}`).toBe(true);
  });

  it('mails each order once, and moves the projections, the desks and the rebuilds to the other process when their holder is killed', async () => {
    const before = await Promise.all([placeOrder(), placeOrder(), placeOrder()]);
    await expect.poll(() => before.map(({ orderId }) => placedMails(orderId)), { timeout: 10_000 }).toEqual([1, 1, 1]);

    const holder = holderPid();
    expect(holder).toBeDefined();
    process.kill(holder!, 'SIGKILL');
    // Another process holds the lease within its time, and commands read their writes again.
    const tookOver = () => {
      const now = holderPid();
      return now !== undefined && now !== holder;
    };
    await expect.poll(tookOver, { timeout: LEASE_MS * 4, interval: 100 }).toBe(true);
    const after = await Promise.all([placeOrder(), placeOrder()]);
    for (const { who, orderId } of after) {
      const order = await call<OrderDoc>(shop.url, `/api/orders/${orderId}`, { token: who.token });
      expect(order.status).toBe(200);
    }
    await expect.poll(() => after.map(({ orderId }) => placedMails(orderId)), { timeout: 10_000 }).toEqual([1, 1]);
    // Sent once: nothing mailed again by the new holder of the desk.
    expect(before.map(({ orderId }) => placedMails(orderId))).toEqual([1, 1, 1]);
    // The primary started a process in place of the killed one.
    await expect.poll(() => workerPids().filter((pid) => pid !== holder).length, { timeout: 20_000 }).toBe(2);
    // Rebuilds go to the new holder, from the new process too.
    const admin = ownerToken();
    for (let i = 0; i < 2; i++) {
      const started = await call<{ id: string }>(shop.url, '/api/admin/projections/catalog/rebuild', { method: 'POST', token: admin });
      expect(started.status).toBe(202);
      const state = async () => (await call<{ state: string }>(shop.url, `/api/admin/projections/rebuilds/${started.body.id}`, { token: admin })).body.state;
      await expect.poll(state, { timeout: 30_000, interval: 100 }).toBe('done');
    }
  }, 90_000);
});
