import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import type { ProductDoc } from '@shop/contracts';
import { InMemoryBus, SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { CATALOG } from '@shop/contracts';
import { catalogProjection } from '../catalog/projection.ts';
import { externalLayout } from '../distributed/layout.ts';
import { partitionCheckpoint, pauseCheckpoint } from '../distributed/partitioning.ts';
import { Relay } from '../distributed/relay.ts';
import { ProjectorWorker } from '../distributed/worker.ts';
import { cartProjection } from '../cart/projection.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { BusWriters } from './bus-writers.ts';
import { runnerWriters } from './live-writers.ts';
import { rebuildProjection } from './rebuild.ts';
import { verifyProjection } from './verify.ts';

/**
 * Keeps changing the catalog until stopped, the load a rebuild must not lose: each round revises
 * a product (a new price) and lists a new one (a lost listing would stay missing for good).
 */
function shopkeeper(commands: CatalogCommands, catalog: ReturnType<typeof smallCatalog>) {
  let stop = false;
  let rounds = 0;
  let last = 0n;
  const listed: string[] = [];
  const done = (async () => {
    while (!stop) {
      const product = catalog.products[rounds % catalog.products.length]!;
      const { id, dateCreated: _d, ...details } = product;
      await commands.saveProduct({ productId: id, details: { ...details, price: 1000 + rounds } });
      const added = await commands.saveProduct({ details: { ...details, name: `Extra ${rounds}` } });
      listed.push(added.productId);
      last = added.position;
      rounds += 1;
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  })();
  return {
    async stop() {
      stop = true;
      await done;
      return { rounds, last, listed };
    },
  };
}

/**
 * The worst moment for a swap: a product is listed after the tail was applied and just before
 * the swap, and the live writers get every chance (`applied`) to write it into the collection
 * that is about to be replaced. Returns the late product's id once the swap happened.
 */
function listAtTheSwap(docs: SqliteDocumentStore, commands: CatalogCommands, catalog: ReturnType<typeof smallCatalog>, applied: (position: bigint) => Promise<void>) {
  const swap = docs.swapCollections.bind(docs);
  let late = '';
  docs.swapCollections = async (pairs, checkpoints) => {
    if (!late) {
      const { id: _id, dateCreated: _d, ...details } = catalog.products[0]!;
      const listed = await commands.saveProduct({ details: { ...details, name: 'Listed at the swap' } });
      late = listed.productId;
      await Promise.race([applied(listed.position), new Promise((resolve) => setTimeout(resolve, 300))]).catch(() => undefined);
    }
    return swap(pairs, checkpoints);
  };
  return () => {
    docs.swapCollections = swap;
    return late;
  };
}

describe('rebuild with the embedded runner', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let docs: SqliteDocumentStore;
  let runner: ProjectionRunner;
  const catalog = smallCatalog();

  beforeEach(async () => {
    dir = tempDir('shop-rebuild-');
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    docs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    runner = new ProjectionRunner(events, docs, [catalogProjection]);
    await runner.start();
    await runner.waitFor(await importCatalog(new CatalogCommands(events), catalog), ['catalog']);
  });

  afterEach(async () => {
    await runner.stop();
    await events.close();
    await docs.close();
    dir.remove();
  });

  it('swaps a rebuilt catalog in while products keep changing, losing none of the changes', async () => {
    const commands = new CatalogCommands(events);
    const load = shopkeeper(commands, catalog);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const lateListing = listAtTheSwap(docs, commands, catalog, (position) => runner.waitFor(position, ['catalog'], 300));
    const phases = new Set<string>();
    const result = await rebuildProjection(catalogProjection, {
      events,
      store: docs,
      writers: runnerWriters(runner),
      batchSize: 5,
      onProgress: (p) => phases.add(p.phase),
    });
    const lateProduct = lateListing();
    const { rounds, last, listed } = await load.stop();
    await runner.waitFor(await events.headPosition(), ['catalog']);

    expect(rounds).toBeGreaterThan(0);
    expect(last).toBeGreaterThan(0n);
    expect([...phases]).toEqual(['replaying', 'indexing', 'holding', 'swapping', 'done']);
    expect(result.position).toBeGreaterThan(0n);
    expect((await docs.listCollections()).filter((name) => name.includes('__rebuild'))).toEqual([]);
    // Every listing made during the rebuild, the one at the swap included, is in the live collection.
    for (const id of [...listed, lateProduct]) expect(await docs.get<ProductDoc>(CATALOG.products, id), id).not.toBeNull();
    const lastRevised = catalog.products[(rounds - 1) % catalog.products.length]!;
    expect((await docs.get<ProductDoc>(CATALOG.products, lastRevised.id))?.price).toBe(1000 + rounds - 1);
    const report = await verifyProjection(catalogProjection, { events, store: docs });
    expect(report.differences).toEqual([]);
    expect(report.documents).toBeGreaterThan(catalog.products.length);
  });

  it('reports a document the live projection got wrong, and leaves no shadow behind', async () => {
    const product = (await docs.get<ProductDoc>(CATALOG.products, catalog.ids.phone))!;
    const wrong: ProductDoc = { ...product, price: 1 };
    await docs.commit({ writes: [{ kind: 'put', collection: CATALOG.products, doc: wrong }] });
    const report = await verifyProjection(catalogProjection, { events, store: docs, rounds: 1, waitMs: 100 });
    expect(report.differences.map((d) => [d.collection, d.id])).toEqual([[CATALOG.products, catalog.ids.phone]]);
    expect((report.differences[0]!.rebuilt as ProductDoc).price).toBe(product.price);
    expect((await docs.listCollections()).filter((c) => c.includes('__'))).toEqual([]);
  });

  it('leaves the live projection untouched when the rebuild fails', async () => {
    const before = await docs.find(CATALOG.products, {}, { sort: [['_id', 1]] });
    const broken: Projection = {
      ...catalogProjection,
      apply: (event, view) => {
        if (event.type === 'ProductListed') throw new Error('handler bug');
        return catalogProjection.apply(event, view);
      },
    };
    await expect(rebuildProjection(broken, { events, store: docs, writers: runnerWriters(runner) })).rejects.toThrow('handler bug');
    expect(await docs.find(CATALOG.products, {}, { sort: [['_id', 1]] })).toEqual(before);
    expect((await docs.listCollections()).filter((c) => c.includes('__'))).toEqual([]);
  });
});

describe('rebuild with projector workers', () => {
  const TOPIC = 'shop.events';
  const PARTITIONS = 3;
  const projections = [catalogProjection, cartProjection];
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let docs: SqliteDocumentStore;
  let bus: InMemoryBus;
  let relay: AbortController;
  let relayRun: Promise<void>;
  let workers: ProjectorWorker[];
  const catalog = smallCatalog();
  const layout = externalLayout(PARTITIONS);

  beforeEach(async () => {
    dir = tempDir('shop-rebuild-workers-');
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    docs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    bus = new InMemoryBus();
    relay = new AbortController();
    relayRun = new Relay(events, docs, bus, { topic: TOPIC, partitions: PARTITIONS, lingerMs: 1 }).run(relay.signal);
    workers = [0, 1].map(
      () => new ProjectorWorker(events, docs, bus, { topic: TOPIC, partitions: PARTITIONS, projections, idleMs: 50, pollMs: 5 }),
    );
    for (const worker of workers) await worker.start();
    await importCatalog(new CatalogCommands(events), catalog);
  });

  afterEach(async () => {
    await Promise.all(workers.map((w) => w.stop()));
    relay.abort();
    await relayRun;
    await bus.close();
    await events.close();
    await docs.close();
    dir.remove();
  });

  it('holds the workers around the swap of an ordered and a partitioned projection, under load', async () => {
    const writers = new BusWriters(bus, docs, { topic: TOPIC, partitions: PARTITIONS, pollMs: 5 });
    const commands = new CatalogCommands(events);
    const load = shopkeeper(commands, catalog);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const lateListing = listAtTheSwap(docs, commands, catalog, async (position) => {
      while ((await layout.position(docs, 'catalog')) < position) await new Promise((resolve) => setTimeout(resolve, 5));
    });
    for (const projection of projections) {
      await rebuildProjection(projection, { events, store: docs, writers, layout, batchSize: 4 });
      expect(await docs.getCheckpoint(pauseCheckpoint(projection.name))).toBe(0n);
    }
    const lateProduct = lateListing();
    const { last, listed } = await load.stop();
    await until(async () => (await layout.position(docs, 'catalog')) >= last && (await layout.position(docs, 'cart')) >= last);
    for (const projection of projections) {
      const report = await verifyProjection(projection, { events, store: docs, layout });
      expect(report.differences, projection.name).toEqual([]);
    }
    for (const id of [...listed, lateProduct]) expect(await docs.get(CATALOG.products, id), id).not.toBeNull();
    // The partitioned projection's swap set every partition's checkpoint.
    for (let k = 0; k < PARTITIONS; k++) expect(await docs.getCheckpoint(partitionCheckpoint('cart', k))).not.toBeNull();
  });

  it('refuses to swap when a partition has no worker to hold it', async () => {
    await Promise.all(workers.map((w) => w.stop()));
    const writers = new BusWriters(bus, docs, { topic: TOPIC, partitions: PARTITIONS, timeoutMs: 200, pollMs: 5 });
    const before = await docs.find(CATALOG.products, {}, { sort: [['_id', 1]] });
    await expect(rebuildProjection(catalogProjection, { events, store: docs, writers, layout })).rejects.toThrow(/did not hold catalog/);
    expect(await docs.find(CATALOG.products, {}, { sort: [['_id', 1]] })).toEqual(before);
    expect(await docs.getCheckpoint(pauseCheckpoint('catalog'))).toBe(0n);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
