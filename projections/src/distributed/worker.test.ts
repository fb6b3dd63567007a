import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import { cartStreams, newId, type CartEventMap } from '@shop/contracts';
import { type DocumentStore } from '@shop/platform';
import { InMemoryBus, SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { cartProjection } from '../cart/projection.ts';
import { catalogProjection } from '../catalog/projection.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { BusWriters } from '../rebuild/bus-writers.ts';
import { rebuildLease } from '../rebuild/rebuild.ts';
import { canonical } from '../rebuild/verify.ts';
import { CheckpointWatcher } from './checkpoint-watcher.ts';
import { externalLayout } from './layout.ts';
import { partitionCheckpoint, pauseCheckpoint } from './partitioning.ts';
import { Relay } from './relay.ts';
import { ProjectorWorker } from './worker.ts';

const TOPIC = 'shop.events';
const PARTITIONS = 4;
const projections: Projection[] = [catalogProjection, cartProjection];

/**
 * The distributed path in one process: SQLite log → relay → in-memory bus → two projector
 * workers → a read store, checked against the embedded runner's read models of the same log.
 */
describe('projector workers', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let distributed: SqliteDocumentStore;
  let embedded: SqliteDocumentStore;
  let bus: InMemoryBus;
  let relayStop: AbortController;
  let relayRun: Promise<void>;
  let workers: ProjectorWorker[];
  let runner: ProjectionRunner;
  let catalog: ReturnType<typeof smallCatalog>;
  /** What the workers warned about. */
  let warnings: Record<string, unknown>[];

  beforeEach(async () => {
    warnings = [];
    dir = tempDir('shop-workers-');
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    distributed = new SqliteDocumentStore(join(dir.path, 'distributed.db'));
    embedded = new SqliteDocumentStore(join(dir.path, 'embedded.db'));
    bus = new InMemoryBus({ maxBatch: 7 });
    relayStop = new AbortController();
    relayRun = new Relay(events, distributed, bus, { topic: TOPIC, partitions: PARTITIONS, lingerMs: 1 }).run(relayStop.signal);
    workers = [worker(), worker()];
    for (const w of workers) await w.start();
    runner = new ProjectionRunner(events, embedded, projections);
    await runner.start();
    catalog = smallCatalog();
    await importCatalog(new CatalogCommands(events), catalog);
  });

  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    relayStop.abort();
    await relayRun;
    await runner.stop();
    await bus.close();
    await events.close();
    await distributed.close();
    await embedded.close();
    dir.remove();
  });

  function worker(groupId = 'projectors', only: Projection[] = projections): ProjectorWorker {
    const logger = { warn: (fields: Record<string, unknown>) => warnings.push(fields), error: () => {}, info: () => {}, debug: () => {} };
    return new ProjectorWorker(events, distributed, bus, { topic: TOPIC, partitions: PARTITIONS, groupId, projections: only, idleMs: 50, pollMs: 10, logger: logger as never });
  }

  const watcher = () => new CheckpointWatcher(distributed, externalLayout(PARTITIONS), { pollMs: 5 });

  async function shopping(users: string[]): Promise<bigint> {
    let position = 0n;
    const products = [catalog.ids.shirt, catalog.ids.phone, catalog.ids.watch];
    for (const [u, userId] of users.entries()) {
      const lines = products.slice(0, 1 + (u % 3)).map((productId) => ({ lineId: newId(), productId }));
      const cart: { type: keyof CartEventMap; data: CartEventMap[keyof CartEventMap] }[] = lines.map(({ lineId, productId }, i) => ({
        type: 'CartItemAdded',
        data: { lineId, productId, productTitle: `P${i}`, image: '', rating: 4, price: 100 * (i + 1), productRam: null, size: null, productWeight: null, userId, quantity: 1 },
      }));
      cart.push({ type: 'CartItemQuantityChanged', data: { userId, lineId: lines[0]!.lineId, productId: lines[0]!.productId, quantity: 3 + u } });
      if (lines.length > 1) cart.push({ type: 'CartItemRemoved', data: { userId, lineId: lines[1]!.lineId, productId: lines[1]!.productId } });
      for (const event of cart) {
        const stream = cartStreams.cart(userId);
        const head = (await events.readStream(stream)).length;
        ({ position } = await events.append(stream, [{ id: randomUUID(), ...event, metadata: { userId } }], head ? BigInt(head - 1) : 'no_stream'));
      }
    }
    return position;
  }

  it('builds the same read models as the embedded runner, through a rebalance, and read-your-writes waits for them', async () => {
    const users = Array.from({ length: 12 }, () => newId());
    await shopping(users.slice(0, 6));
    // One worker leaves mid-way: its partitions (and maybe the ordered catalog) move to the other.
    await workers[0]!.stop();
    const last = await shopping(users.slice(6));

    await watcher().waitFor(last, ['catalog', 'cart'], 10_000);
    await runner.waitFor(last);
    await expectSameDocuments(distributed, embedded, ['products', 'categories', 'banners', 'cart']);
    const lines = await distributed.find('cart', { userId: users[7]! });
    expect(lines.length).toBeGreaterThan(0);
    // The ordered projection runs in exactly one worker: the owner of partition 0.
    expect(workers[1]!.runningOrdered()).toEqual(['catalog']);
  });

  it('changes nothing when the whole topic is delivered again', async () => {
    const last = await shopping([newId(), newId(), newId()]);
    await watcher().waitFor(last, ['catalog', 'cart'], 10_000);
    const before = await snapshot(distributed, ['products', 'cart']);
    const checkpoints = await Promise.all(Array.from({ length: PARTITIONS }, (_, k) => distributed.getCheckpoint(partitionCheckpoint('cart', k))));

    // A new group starts at the beginning of every partition: everything is a redelivery.
    const replayer = worker('replay-everything');
    workers.push(replayer);
    await replayer.start();
    await until(async () => {
      const total = Array.from({ length: PARTITIONS }, (_, k) => bus.messages(TOPIC, k).length).reduce((a, b) => a + b);
      return total > 0 && (await snapshot(distributed, ['products', 'cart'])) === before;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await snapshot(distributed, ['products', 'cart'])).toBe(before);
    expect(await Promise.all(Array.from({ length: PARTITIONS }, (_, k) => distributed.getCheckpoint(partitionCheckpoint('cart', k))))).toEqual(checkpoints);
  });

  it('catches a projection up from the log when a release runs it again after the group consumed on without it', async () => {
    // The first release ran the cart too: its checkpoints stand at the catalog import.
    await watcher().waitFor(await events.headPosition(), ['catalog', 'cart'], 10_000);
    // Then the group consumes everything while its workers know only the catalog.
    await Promise.all(workers.map((w) => w.stop()));
    workers = [worker('catalog-only', [catalogProjection])];
    await workers[0]!.start();
    const last = await shopping([newId(), newId(), newId(), newId()]);
    await watcher().waitFor(last, ['catalog'], 10_000);
    await until(async () => {
      const total = Array.from({ length: PARTITIONS }, (_, k) => bus.messages(TOPIC, k).length).reduce((a, b) => a + b);
      return total > 0;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await workers[0]!.stop();

    // A new release of the worker also runs the cart: its offsets are past every cart event.
    workers = [worker('catalog-only', [catalogProjection, cartProjection])];
    await workers[0]!.start();
    const more = await shopping([newId()]);
    await watcher().waitFor(more, ['cart'], 10_000);
    await runner.waitFor(more);
    await expectSameDocuments(distributed, embedded, ['cart']);
  });

  /** A change each projection shows: a product listed (the ordered catalog), a cart line (partitioned per cart). */
  const changes: Record<'catalog' | 'cart', () => Promise<{ position: bigint; shows: () => Promise<boolean> }>> = {
    catalog: async () => {
      const { id: _id, dateCreated: _listed, ...details } = catalog.products[0]!;
      const { productId, position } = await new CatalogCommands(events).saveProduct({ details: { ...details, name: 'Listed after the rebuild died' } });
      return { position, shows: async () => (await distributed.get('products', productId)) !== null };
    },
    cart: async () => {
      const userId = newId();
      await shopping([userId]);
      const position = await events.headPosition();
      return { position, shows: async () => (await distributed.find('cart', { userId })).length > 0 };
    },
  };

  it.each(['catalog', 'cart'] as const)('goes on with %s once the rebuild holding it died and its lease ran out', async (projection) => {
    await watcher().waitFor(await events.headPosition(), ['catalog', 'cart'], 10_000);
    // A rebuild's first steps: it takes its lease (short here) and renews it while it holds the
    // workers; then its process dies: no more renewals, and nobody resumes the workers.
    const lease = rebuildLease(projection);
    const holder = 'rebuild-that-died';
    expect(await distributed.acquireLease(lease, holder, 300)).not.toBeNull();
    const heartbeat = setInterval(() => void distributed.acquireLease(lease, holder, 300), 100);
    try {
      await new BusWriters(bus, distributed, { topic: TOPIC, partitions: PARTITIONS, timeoutMs: 5000, pollMs: 5 }).pause(projection);
    } finally {
      clearInterval(heartbeat);
    }

    const change = await changes[projection]();
    // Bounded well below the test's own timeout: a projection still held fails here, quickly.
    await watcher().waitFor(change.position, [projection], 5000);
    expect(await change.shows()).toBe(true);
    // It went on because the lease ran out, not because anyone resumed it, and it said so.
    expect(await distributed.getCheckpoint(pauseCheckpoint(projection))).not.toBe(0n);
    expect(warnings).toContainEqual(expect.objectContaining({ projection, rebuiltBy: holder }));
  });

  it('times out read-your-writes with ProjectionLagError when no worker runs', async () => {
    await Promise.all(workers.map((w) => w.stop()));
    const last = await shopping([newId()]);
    await expect(watcher().waitFor(last, ['cart'], 200)).rejects.toMatchObject({ name: 'ProjectionLagError', projections: ['cart'] });
  });
});

async function snapshot(store: DocumentStore, collections: string[]): Promise<string> {
  const all = await Promise.all(collections.map((c) => store.find(c, {}, { sort: [['_id', 1]] })));
  return canonical(all);
}

async function expectSameDocuments(a: DocumentStore, b: DocumentStore, collections: string[]): Promise<void> {
  for (const collection of collections) {
    const left = await a.find(collection, {}, { sort: [['_id', 1]] });
    const right = await b.find(collection, {}, { sort: [['_id', 1]] });
    expect(left.length, collection).toBeGreaterThan(0);
    expect(canonical(left), collection).toBe(canonical(right));
  }
}

async function until(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
