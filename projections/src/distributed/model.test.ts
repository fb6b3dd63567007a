import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import { cartStreams, newId } from '@shop/contracts';
import { type BusMessage, type DocumentStore, type MessageBus, type WriteBatch } from '@shop/platform';
import { InMemoryBus, SqliteDocumentStore, SqliteEventStore, type InMemoryBusOptions } from '@shop/platform/adapters';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { cartProjection } from '../cart/projection.ts';
import { catalogProjection } from '../catalog/projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { BusWriters } from '../rebuild/bus-writers.ts';
import { rebuildProjection } from '../rebuild/rebuild.ts';
import { canonical } from '../rebuild/verify.ts';
import { CheckpointWatcher } from './checkpoint-watcher.ts';
import { externalLayout } from './layout.ts';
import { Relay } from './relay.ts';
import { ProjectorWorker } from './worker.ts';

const TOPIC = 'shop.events';
const PARTITIONS = 3;
const projections = [catalogProjection, cartProjection];

type Fault = 'duplicate' | 'partial';

/** A read store whose first `count` commits through this handle take `ms` longer (a GC pause, a slow disk). */
function slowCommits(inner: SqliteDocumentStore, count: number, ms: number): DocumentStore {
  let left = count;
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'commit') {
        return async (batch: WriteBatch) => {
          if (left > 0) {
            left -= 1;
            await new Promise((resolve) => setTimeout(resolve, ms));
          }
          return target.commit(batch);
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The in-memory bus with scheduled publish faults: a batch delivered twice, or only its first part before the broker "goes away". */
class FaultyBus extends InMemoryBus {
  readonly faults: Fault[] = [];
  constructor(options: InMemoryBusOptions) {
    super(options);
  }
  override async publish(topic: string, messages: BusMessage[]): Promise<void> {
    const fault = topic === TOPIC ? this.faults.shift() : undefined;
    if (fault === 'partial') {
      await super.publish(topic, messages.slice(0, Math.max(1, Math.floor(messages.length / 2))));
      throw new Error('broker went away mid-batch');
    }
    await super.publish(topic, messages);
    if (fault === 'duplicate') await super.publish(topic, messages);
  }
}

type Step =
  | { kind: 'add'; user: number }
  | { kind: 'remove'; user: number }
  | { kind: 'category' }
  | { kind: 'fault'; fault: Fault }
  | { kind: 'restartRelay' }
  | { kind: 'join' }
  | { kind: 'slowJoin' }
  | { kind: 'rebuild'; projection: 'cart' | 'catalog' }
  | { kind: 'leave'; which: number }
  | { kind: 'settle'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('add' as const), user: fc.nat(4) }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('remove' as const), user: fc.nat(4) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('category' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('fault' as const), fault: fc.constantFrom<Fault>('duplicate', 'partial') }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('restartRelay' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('join' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('slowJoin' as const) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('rebuild' as const), projection: fc.constantFrom<'cart' | 'catalog'>('cart', 'catalog') }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('leave' as const), which: fc.nat(3) }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('settle' as const), ms: fc.integer({ min: 1, max: 20 }) }), weight: 2 },
);

/**
 * A model test of the whole distributed path: whatever happens on the way (duplicate and partial
 * publishes, relay restarts, workers joining and leaving, each rebalance moving partitions and
 * the ordered catalog, slow workers dropped from the group whose commits land late, rebuilds
 * holding the workers through the bus), the read models end equal to the embedded runner's over the same log.
 */
describe('distributed projections (model)', () => {
  it('end with the embedded runner’s read models through duplicates, partial publishes, restarts and rebalances', async () => {
    const users = Array.from({ length: 5 }, () => newId());
    await fc.assert(
      fc.asyncProperty(fc.constantFrom<InMemoryBusOptions['mode']>('per-partition', 'kafkajs'), fc.array(step, { minLength: 5, maxLength: 25 }), async (mode, steps) => {
        const dir = tempDir('shop-model-');
        const events = new SqliteEventStore(join(dir.path, 'events.db'));
        const distributed = new SqliteDocumentStore(join(dir.path, 'distributed.db'));
        const embedded = new SqliteDocumentStore(join(dir.path, 'embedded.db'));
        const bus = new FaultyBus({ mode, maxBatch: 4, retryMs: 5, sessionTimeoutMs: 40 });
        const runner = new ProjectionRunner(events, embedded, projections);
        const workers: ProjectorWorker[] = [];
        let relayStop = new AbortController();
        const relays: Promise<void>[] = [];
        const startRelay = () => relays.push(new Relay(events, distributed, bus, { topic: TOPIC, partitions: PARTITIONS, lingerMs: 1, maxBackoffMs: 5 }).run(relayStop.signal));
        const addWorker = async (slow = false) => {
          const worker = new ProjectorWorker(events, slow ? slowCommits(distributed, 3, 60) : distributed, bus, {
            topic: TOPIC,
            partitions: PARTITIONS,
            projections,
            idleMs: 20,
            pollMs: 5,
          });
          workers.push(worker);
          await worker.start();
        };
        const lines = new Map<string, { lineId: string; productId: string }[]>();
        try {
          await runner.start();
          const catalog = smallCatalog();
          await importCatalog(new CatalogCommands(events), catalog);
          startRelay();
          await addWorker();
          for (const s of steps) {
            switch (s.kind) {
              case 'add': {
                const userId = users[s.user]!;
                const line = { lineId: newId(), productId: catalog.ids.shirt };
                lines.set(userId, [...(lines.get(userId) ?? []), line]);
                const data = { ...line, productTitle: 'Shirt', image: '', rating: 4, price: 799, productRam: null, size: null, productWeight: null, userId, quantity: 1 };
                await events.append(cartStreams.cart(userId), [{ id: randomUUID(), type: 'CartItemAdded', data, metadata: { userId } }], 'any');
                break;
              }
              case 'remove': {
                const userId = users[s.user]!;
                const line = lines.get(userId)?.pop();
                if (line) await events.append(cartStreams.cart(userId), [{ id: randomUUID(), type: 'CartItemRemoved', data: { userId, ...line }, metadata: { userId } }], 'any');
                break;
              }
              case 'category':
                await new CatalogCommands(events).createCategory({ name: `C${randomUUID().slice(0, 6)}`, color: '#ffffff', images: [] });
                break;
              case 'fault':
                bus.faults.push(s.fault);
                break;
              case 'restartRelay':
                relayStop.abort();
                await Promise.all(relays);
                relayStop = new AbortController();
                startRelay();
                break;
              case 'join':
                if (workers.length < 3) await addWorker();
                break;
              case 'slowJoin':
                // Its first commits outlast the session (kafkajs mode): the group drops it and
                // the partitions move on while its commits are still on the way (late commits).
                if (workers.length < 3) await addWorker(true);
                break;
              case 'leave': {
                const worker = workers[s.which % Math.max(workers.length, 1)];
                if (worker) {
                  workers.splice(workers.indexOf(worker), 1);
                  await worker.stop();
                }
                break;
              }
              case 'rebuild': {
                if (workers.length === 0) break;
                // The pause records go out without faults (the rebuild is not what is under test here).
                const clean = { ensureTopic: bus.ensureTopic.bind(bus), publish: (topic: string, messages: BusMessage[]) => InMemoryBus.prototype.publish.call(bus, topic, messages) };
                const writers = new BusWriters(clean as unknown as MessageBus, distributed, { topic: TOPIC, partitions: PARTITIONS, timeoutMs: 5000, pollMs: 5 });
                const projection = s.projection === 'cart' ? cartProjection : catalogProjection;
                await rebuildProjection(projection, { events, store: distributed, writers, layout: externalLayout(PARTITIONS), batchSize: 7 });
                break;
              }
              case 'settle':
                await new Promise((resolve) => setTimeout(resolve, s.ms));
                break;
            }
          }
          if (workers.length === 0) await addWorker();
          const head = await events.headPosition();
          await new CheckpointWatcher(distributed, externalLayout(PARTITIONS), { pollMs: 5 }).waitFor(head, ['catalog', 'cart'], 20_000);
          await runner.waitFor(head);
          // Every commit still under way lands (stopping waits for batches in flight): none may undo the catch-up.
          await Promise.all(workers.splice(0).map((w) => w.stop()));
          for (const name of ['catalog', 'cart']) expect(await externalLayout(PARTITIONS).position(distributed, name), name).toBeGreaterThanOrEqual(head);
          for (const collection of ['cart', 'products', 'categories']) {
            const left = await distributed.find(collection, {}, { sort: [['_id', 1]] });
            const right = await embedded.find(collection, {}, { sort: [['_id', 1]] });
            expect(canonical(left), collection).toBe(canonical(right));
          }
        } finally {
          await Promise.all(workers.map((w) => w.stop()));
          relayStop.abort();
          await Promise.all(relays);
          await runner.stop();
          await bus.close();
          await events.close();
          await distributed.close();
          await embedded.close();
          dir.remove();
        }
      }),
      { numRuns: 20 },
    );
  }, 120_000);
});
