import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import { cartStreams, newId } from '@shop/contracts';
import { InMemoryBus, SqliteDocumentStore, SqliteEventStore, type DocumentStore } from '@shop/platform';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { cartProjection } from '../cart/projection.ts';
import { catalogProjection } from '../catalog/projection.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { BusWriters } from '../rebuild/bus-writers.ts';
import { canonical } from '../rebuild/verify.ts';
import { CheckpointWatcher } from './checkpoint-watcher.ts';
import { externalLayout } from './layout.ts';
import { Relay } from './relay.ts';
import { ProjectorWorker, type WorkerOptions } from './worker.ts';

const TOPIC = 'shop.events';
const PARTITIONS = 4;
const projections: Projection[] = [catalogProjection, cartProjection];

/**
 * Projector workers on the in-memory bus in its kafkajs mode (rounds of batches, session timeout
 * without heartbeat, stale members' commits refused): the scale-out defects a real Kafka group
 * shows and the default bus hides.
 */
describe('projector workers on a kafkajs-like bus', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let distributed: SqliteDocumentStore;
  let embedded: SqliteDocumentStore;
  let bus: InMemoryBus;
  let relayStop: AbortController;
  let relayRun: Promise<void> | undefined;
  let workers: ProjectorWorker[];
  let runner: ProjectionRunner;

  beforeEach(async () => {
    dir = tempDir('shop-workers-kafkajs-');
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    distributed = new SqliteDocumentStore(join(dir.path, 'distributed.db'));
    embedded = new SqliteDocumentStore(join(dir.path, 'embedded.db'));
    relayStop = new AbortController();
    relayRun = undefined;
    workers = [];
    runner = new ProjectionRunner(events, embedded, projections);
    await runner.start();
    await importCatalog(new CatalogCommands(events), smallCatalog());
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

  function startRelay(): void {
    relayRun = new Relay(events, distributed, bus, { topic: TOPIC, partitions: PARTITIONS, lingerMs: 1 }).run(relayStop.signal);
  }

  async function startWorker(store: DocumentStore = distributed, extra: Partial<WorkerOptions> = {}): Promise<ProjectorWorker> {
    const worker = new ProjectorWorker(events, store, bus, { topic: TOPIC, partitions: PARTITIONS, projections, idleMs: 50, pollMs: 10, ...extra });
    workers.push(worker);
    await worker.start();
    return worker;
  }

  /** Cart adds for these users, one command (append) each; returns the last position. */
  async function cartAdds(users: string[], perUser = 1): Promise<bigint> {
    let position = 0n;
    for (const userId of users) {
      for (let i = 0; i < perUser; i++) {
        const data = { lineId: newId(), productId: newId(), productTitle: 'P', image: '', rating: 4, price: 100, productRam: null, size: null, productWeight: null, userId, quantity: 1 };
        ({ position } = await events.append(cartStreams.cart(userId), [{ id: randomUUID(), type: 'CartItemAdded', data, metadata: { userId } }], 'any'));
      }
    }
    return position;
  }

  async function caughtUp(position: bigint): Promise<void> {
    await new CheckpointWatcher(distributed, externalLayout(PARTITIONS), { pollMs: 5 }).waitFor(position, ['catalog', 'cart'], 15_000);
    await runner.waitFor(position);
  }

  async function expectSameAsEmbedded(collections: string[]): Promise<void> {
    for (const collection of collections) {
      const left = await distributed.find(collection, {}, { sort: [['_id', 1]] });
      const right = await embedded.find(collection, {}, { sort: [['_id', 1]] });
      expect(canonical(left), collection).toBe(canonical(right));
    }
  }

  it('a rebuild pause reaches every partition even when one lies behind a full fetch', async () => {
    bus = new InMemoryBus({ mode: 'kafkajs', maxBatch: 3, sessionTimeoutMs: 10_000, retryMs: 10 });
    startRelay();
    // A backlog on every partition, several fetches deep, before any worker runs.
    const users = Array.from({ length: 12 }, () => newId());
    const backlog = await cartAdds(users, 2);
    await waitFor(async () => ((await distributed.getCheckpoint('relay')) ?? 0n) >= backlog);

    const writers = new BusWriters(bus, distributed, { topic: TOPIC, partitions: PARTITIONS, timeoutMs: 5000, pollMs: 5 });
    const paused = writers.pause('cart');
    // One worker owns every partition: a partition that reaches its pause record first must not
    // keep the others from reaching theirs (kafkajs fetches the next round only when all settled).
    await startWorker();
    await expect(paused).resolves.toBeUndefined();
    // Held: nothing after the pause records is applied while the rebuild holds the projection.
    const during = await cartAdds([users[0]!]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await externalLayout(PARTITIONS).position(distributed, 'cart')).toBeLessThan(during);
    await writers.resume('cart');

    await caughtUp(during);
    await expectSameAsEmbedded(['cart', 'products']);
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
