import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import { CATALOG, type ProductDoc } from '@shop/contracts';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { catalogProjection } from '../catalog/projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { runnerWriters } from './live-writers.ts';
import { rebuildProjection } from './rebuild.ts';
import { verifyProjection } from './verify.ts';

/** Products listed on top of the small catalog: enough for a rebuild to take a while. */
const EXTRA_PRODUCTS = 6000;

/**
 * A rebuild of a catalog of some size, on the embedded stores, where the shadows are written and
 * indexed by the store's bulk-load thread.
 */
describe('rebuild through the bulk-load thread', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let docs: SqliteDocumentStore;
  let runner: ProjectionRunner;
  const catalog = smallCatalog();

  beforeAll(async () => {
    dir = tempDir('shop-rebuild-bulk-');
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    docs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    runner = new ProjectionRunner(events, docs, [catalogProjection]);
    await runner.start();
    const commands = new CatalogCommands(events);
    let head = await importCatalog(commands, catalog);
    for (let i = 0; i < EXTRA_PRODUCTS; i += 200) {
      const listed = await Promise.all(
        Array.from({ length: 200 }, (_, j) => {
          const { id: _id, dateCreated: _d, ...details } = catalog.products[(i + j) % catalog.products.length]!;
          return commands.saveProduct({ details: { ...details, name: `${details.name} ${i + j}` } });
        }),
      );
      for (const { position } of listed) if (position > head) head = position;
    }
    await runner.waitFor(head, ['catalog'], 60_000);
  }, 120_000);

  afterAll(async () => {
    await runner.stop();
    await events.close();
    await docs.close();
    dir.remove();
  });

  it('keeps the event loop turning while it replays and builds the indexes', async () => {
    // A 5 ms timer stands for the shop's requests: the longest gap between its ticks is the
    // longest a request would wait for the rebuild.
    let last = performance.now();
    let longestGap = 0;
    let phase = 'starting';
    const ticks = new Map<string, number>();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks.set(phase, (ticks.get(phase) ?? 0) + 1);
    }, 5);
    const started = performance.now();
    let rebuildMs = 0;
    try {
      await rebuildProjection(catalogProjection, {
        events,
        store: docs,
        writers: runnerWriters(runner),
        onProgress: (progress) => {
          phase = progress.phase;
        },
      });
      rebuildMs = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      clearInterval(timer);
    }
    // The loop turned while the log was replayed and while the indexes were built (a rebuild
    // that never yields holds it for the whole replay and index build: no tick in either).
    expect(ticks.get('replaying') ?? 0).toBeGreaterThan(0);
    expect(ticks.get('indexing') ?? 0).toBeGreaterThan(0);
    // Generous, as a busy machine may hold the process itself: one page of the log is decoded
    // and folded between two turns, a few tens of ms.
    expect(longestGap).toBeLessThan(Math.max(250, rebuildMs / 2));
    const report = await verifyProjection(catalogProjection, { events, store: docs, rounds: 1, waitMs: 100 });
    expect(report.differences).toEqual([]);
    expect(await docs.count(CATALOG.products, {}, { text: 'phone' })).toBeGreaterThan(0);
  }, 60_000);

  it('leaves the live projection as it was when the writer thread fails, and drops the shadows', async () => {
    const before = await docs.find<ProductDoc>(CATALOG.products, {}, { sort: [['_id', 1]] });
    const checkpoint = await docs.getCheckpoint('catalog');
    let refused = false;
    const rejected = rebuildProjection(catalogProjection, {
      events,
      store: docs,
      writers: runnerWriters(runner),
      onProgress: ({ phase, events: replayed }) => {
        if (phase !== 'replaying' || replayed === 0 || refused) return;
        refused = true;
        // From the first page on, the shadow's inserts fail on the writer thread, as on a full disk.
        const other = new Database(join(dir.path, 'docs.db'));
        // The shadow is named after the rebuild's attempt.
        const shadow = (other.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'c\\_products\\_\\_rebuild%' ESCAPE '\\' ORDER BY length(name)").pluck().get() as string);
        other.exec(`CREATE TRIGGER refuse BEFORE INSERT ON ${shadow} BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
        other.close();
      },
    });
    await expect(rejected).rejects.toThrow('database or disk is full');
    expect(refused).toBe(true);
    expect(await docs.find<ProductDoc>(CATALOG.products, {}, { sort: [['_id', 1]] })).toEqual(before);
    expect(await docs.getCheckpoint('catalog')).toBe(checkpoint);
    expect((await docs.listCollections()).filter((c) => c.includes('__'))).toEqual([]);
    // The live projection goes on.
    const { id: _id, dateCreated: _d, ...details } = catalog.products[0]!;
    const listed = await new CatalogCommands(events).saveProduct({ details: { ...details, name: 'After the failed rebuild' } });
    await runner.waitFor(listed.position, ['catalog'], 5000);
    expect(await docs.get(CATALOG.products, listed.productId)).not.toBeNull();
  }, 60_000);
});
