import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { newId, type CartLineDoc, type ProductDoc } from '@shop/contracts';
import { verifyProjection } from '@shop/projections';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { api, startTestShop, type TestShop } from '../../../test-support/shop.ts';
import { ROOT, serverEntry } from '../../../test-support/shop-process.ts';

let t: TestShop;
const catalog = smallCatalog();
const { ids } = catalog;
let admin: string;

beforeAll(async () => {
  // A load test: a few shoppers make more cart changes a minute than a person does, so the
  // per-user write budgets are scaled up as the benches scale them.
  t = await startTestShop({ env: { WRITE_BUDGET_SCALE: '1000' } });
  await t.shop.awaitProjections(await importCatalog(t.shop.catalog, catalog), ['catalog']);
  admin = t.shop.tokens.sign({ userId: newId(), email: 'ops@example.in', isAdmin: true });
});
afterAll(() => t?.close());

/** Every request the load makes, and the ones that did not get the answer they should have. */
interface Tally {
  requests: number;
  failures: string[];
}

/** Shoppers reading the catalog: listings and product pages, all of which must answer 200. */
async function reading(tally: Tally, running: () => boolean): Promise<void> {
  const paths = ['/api/products?page=1&perPage=20', `/api/products/${ids.phone}`, `/api/products/catId?catId=${ids.fashion}`, '/api/search?q=watch'];
  for (let i = 0; running(); i++) {
    const path = paths[i % paths.length]!;
    const { status } = await api(t.url, path);
    tally.requests += 1;
    if (status !== 200) tally.failures.push(`GET ${path} → ${status}`);
  }
}

/** The catalog's owner listing and revising products; each listing must be readable at once (read-your-writes). */
async function merchandising(tally: Tally, running: () => boolean, listed: string[]): Promise<void> {
  const { id: _id, dateCreated: _d, ...details } = catalog.products.find((p) => p.id === ids.shirt)!;
  for (let i = 0; running(); i++) {
    const { productId, position } = await t.shop.catalog.saveProduct({ details: { ...details, name: `Festive Kurta ${i}`, price: 500 + i } });
    await t.shop.catalog.saveProduct({ productId: ids.shirt, details: { ...details, price: 700 + i } });
    await t.shop.awaitProjections(position, ['catalog']);
    const { status, body } = await api<ProductDoc>(t.url, `/api/products/${productId}`);
    tally.requests += 1;
    if (status !== 200 || body.name !== `Festive Kurta ${i}`) tally.failures.push(`new product ${productId} → ${status}`);
    listed.push(productId);
  }
}

/** A shopper filling and emptying a cart; every command and the cart read after it must be right. */
async function shopping(tally: Tally, running: () => boolean): Promise<void> {
  const userId = newId();
  const token = t.shop.tokens.sign({ userId, email: `${userId}@example.in`, isAdmin: false });
  for (let i = 0; running(); i++) {
    const added = await api<CartLineDoc>(t.url, '/api/cart/add', { method: 'POST', token, body: { productId: ids.shirt, quantity: 1 } });
    const changed = await api(t.url, `/api/cart/${added.body.id}`, { method: 'PUT', token, body: { quantity: 1 + (i % 3) } });
    const cart = await api<CartLineDoc[]>(t.url, '/api/cart', { token });
    const removed = await api(t.url, `/api/cart/${added.body.id}`, { method: 'DELETE', token });
    const empty = await api<CartLineDoc[]>(t.url, '/api/cart', { token });
    tally.requests += 5;
    if (added.status !== 201) tally.failures.push(`add → ${added.status}`);
    if (changed.status !== 200) tally.failures.push(`change → ${changed.status}`);
    if (cart.body.length !== 1 || cart.body[0]?.quantity !== 1 + (i % 3)) tally.failures.push(`cart after change: ${JSON.stringify(cart.body)}`);
    if (removed.status !== 200) tally.failures.push(`remove → ${removed.status}`);
    if (empty.body.length !== 0) tally.failures.push(`cart after remove: ${JSON.stringify(empty.body)}`);
  }
}

/** Runs a CLI of server/src/cli (`serverEntry`: compiled in `npm test`) against this test's data folder. */
function cli(script: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...serverEntry(script), ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', SEED_CATALOG: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('rebuilding projections while the shop serves', () => {
  it('loses no request and ends with verify reporting no difference', { timeout: 120_000 }, async () => {
    const tally: Tally = { requests: 0, failures: [] };
    const listed: string[] = [];
    let running = true;
    const load = Promise.all([
      reading(tally, () => running),
      reading(tally, () => running),
      merchandising(tally, () => running, listed),
      shopping(tally, () => running),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Every projection, through the admin route; the server holds its own runner for each swap.
    const started = await api<{ id: string; state: string }>(t.url, '/api/admin/projections/all/rebuild', { method: 'POST', token: admin });
    expect(started.status).toBe(202);
    let job = started.body as { id: string; state: string; error: string | null; results: { projection: string }[] };
    while (job.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      job = (await api<typeof job>(t.url, `/api/admin/projections/rebuilds/${started.body.id}`, { token: admin })).body;
    }
    expect([job.state, job.error]).toEqual(['done', null]);
    expect(job.results.map((r) => r.projection)).toEqual(t.shop.projections.map((p) => p.name));

    // And the catalog again from the command line, which hands the rebuild to this running server.
    const rebuilt = await cli('rebuild', ['catalog', '--server', t.url]);
    expect(rebuilt.output).toContain('Rebuilt catalog.');
    expect(rebuilt.code).toBe(0);

    running = false;
    await load;
    expect(tally.failures).toEqual([]);
    expect(tally.requests).toBeGreaterThan(50);
    expect(listed.length).toBeGreaterThan(0);

    await t.shop.runner.catchUp();
    for (const projection of t.shop.projections) {
      const report = await verifyProjection(projection, { events: t.shop.events, store: t.shop.docs });
      expect(report.differences, projection.name).toEqual([]);
    }
    const verified = await cli('verify', ['all']);
    expect(verified.output).toContain('✓ catalog');
    expect(verified.code).toBe(0);
    expect((await t.shop.docs.listCollections()).filter((name) => name.includes('__rebuild'))).toEqual([]);
  });

  it('refuses a second rebuild while one runs, and an unknown projection', async () => {
    // Hold the first rebuild at its swap so the second certainly finds it running.
    const swap = t.shop.docs.swapCollections.bind(t.shop.docs);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t.shop.docs.swapCollections = async (pairs, checkpoints) => {
      await held;
      return swap(pairs, checkpoints);
    };
    try {
      const first = await api<{ id: string }>(t.url, '/api/admin/projections/catalog/rebuild', { method: 'POST', token: admin });
      const other = t.shop.projections.find((p) => p.name !== 'catalog')!.name;
      const second = await api<{ msg: string }>(t.url, `/api/admin/projections/${other}/rebuild`, { method: 'POST', token: admin });
      expect(first.status).toBe(202);
      expect([second.status, second.body.msg]).toEqual([409, `A rebuild of catalog is running (job ${first.body.id})`]);
      expect((await api(t.url, '/api/admin/projections/wishlist/rebuild', { method: 'POST', token: admin })).status).toBe(404);
      release();
      for (let state = 'running'; state === 'running'; ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        state = (await api<{ state: string }>(t.url, `/api/admin/projections/rebuilds/${first.body.id}`, { token: admin })).body.state;
      }
    } finally {
      release();
      t.shop.docs.swapCollections = swap;
    }
    const positions = await api<{ head: string; projections: { name: string; position: string }[] }>(t.url, '/api/admin/projections', { token: admin });
    expect(positions.body.projections.find((p) => p.name === 'catalog')?.position).toBe(positions.body.head);
  });

  it('reports a difference from the command line with exit code 1', { timeout: 60_000 }, async () => {
    const phone = (await t.shop.docs.get<ProductDoc>('products', ids.phone))!;
    const tampered: ProductDoc = { ...phone, price: 1 };
    await t.shop.docs.commit({ writes: [{ kind: 'put', collection: 'products', doc: tampered }] });
    const verified = await cli('verify', ['catalog']);
    expect(verified.code).toBe(1);
    expect(verified.output).toContain(`products/${ids.phone}: different`);
    expect(verified.output).toContain('price: 1 (live)');
    await t.shop.docs.commit({ writes: [{ kind: 'put', collection: 'products', doc: phone }] });
  });
});
