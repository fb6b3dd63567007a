import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import { cartStreams, newId } from '@shop/contracts';
import { CheckpointConflictError, type DocumentStore, type EventStore, type WriteBatch } from '@shop/platform';
import { InMemoryBus, SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
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
import { ProjectorWorker, type DeadLetter, type WorkerOptions } from './worker.ts';

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

  async function startWorker(
    store: DocumentStore = distributed,
    { events: source = events, ...extra }: Partial<WorkerOptions> & { events?: EventStore } = {},
  ): Promise<ProjectorWorker> {
    const worker = new ProjectorWorker(source, store, bus, { topic: TOPIC, partitions: PARTITIONS, projections, idleMs: 50, pollMs: 10, ...extra });
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

  it('a backfill longer than the session keeps its partitions (heartbeats), and no checkpoint ever moves back', async () => {
    bus = new InMemoryBus({ mode: 'kafkajs', sessionTimeoutMs: 150, retryMs: 10 });
    startRelay();
    const watched = watchedStore(distributed);
    // A release that ran only the catalog consumed the whole topic...
    const catalogOnly = await startWorker(distributed, { projections: [catalogProjection] });
    const before = await cartAdds(Array.from({ length: 30 }, () => newId()));
    await new CheckpointWatcher(distributed, externalLayout(PARTITIONS), { pollMs: 5 }).waitFor(before, ['catalog'], 15_000);
    await waitFor(async () => ((await distributed.getCheckpoint('relay')) ?? 0n) >= before);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await catalogOnly.stop();
    workers = [];
    // ...so the next release catches the cart up from the log: slowly here (8 ms an event, the
    // whole catch-up well over the 150 ms session), next to a fast colleague.
    await startWorker(watched.store, { backfillPageSize: 5, events: slowReads(events, 8) });
    await startWorker(watched.store);
    const last = await cartAdds(Array.from({ length: 8 }, () => newId()));

    await caughtUp(last);
    // Stopping waits for every batch in flight: whatever a worker was still writing has landed.
    await Promise.all(workers.map((w) => w.stop()));
    expect(watched.regressions).toEqual([]);
    await expectSameAsEmbedded(['cart']);
  });

  it('stops the ordered projections when the consumer crashes, and a late commit of the old owner is refused', async () => {
    bus = new InMemoryBus({ mode: 'kafkajs', sessionTimeoutMs: 10_000, retryMs: 10 });
    startRelay();
    const oldOwner = watchedStore(distributed);
    const newOwner = watchedStore(distributed);
    // Joined first: range assignment gives it partition 0, so it runs the catalog.
    const first = await startWorker(oldOwner.store);
    await startWorker(newOwner.store);
    await caughtUp(await events.headPosition());
    expect(first.runningOrdered()).toEqual(['catalog']);

    // The old owner's next catalog commit stalls (a long GC pause, a slow disk)...
    const stalled = oldOwner.stall((batch) => batch.checkpoints?.some((c) => c.name === 'catalog') ?? false);
    let head = 0n;
    try {
      const commands = new CatalogCommands(events);
      await commands.createCategory({ name: 'Garden', color: '#e8f5e9', images: [] });
      await stalled.reached;
      // ...meanwhile its consumer fails for good: the group gives partition 0 to the other worker.
      await bus.crash('projectors');
      await waitFor(async () => first.runningOrdered().length === 0, 2000);
      await commands.createCategory({ name: 'Kitchen', color: '#fff3e0', images: [] });
      head = await events.headPosition();
      await waitFor(async () => ((await distributed.getCheckpoint('catalog')) ?? 0n) >= head);

      // The stalled commit lands late: refused, the new owner's work stands.
      stalled.release();
      await expect(stalled.outcome).rejects.toBeInstanceOf(CheckpointConflictError);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      // Whatever failed above, the stalled commit must not keep the worker from stopping.
      stalled.release();
    }
    expect(await distributed.getCheckpoint('catalog')).toBe(head);
    expect([...oldOwner.regressions, ...newOwner.regressions]).toEqual([]);
    await caughtUp(head);
    await expectSameAsEmbedded(['categories', 'products']);
  });

  it('reports a consumer that failed for good (the process exits to be restarted) and stops its ordered projections', async () => {
    bus = new InMemoryBus({ mode: 'kafkajs', sessionTimeoutMs: 10_000, retryMs: 10 });
    startRelay();
    const crashes: unknown[] = [];
    const worker = await startWorker(distributed, { onCrash: (error) => crashes.push(error) });
    await caughtUp(await events.headPosition());
    expect(worker.healthy()).toBe(true);
    await bus.crash('projectors', new Error('offsets commit failed for good'));
    expect(crashes).toEqual([new Error('offsets commit failed for good')]);
    expect(worker.healthy()).toBe(false);
    await waitFor(async () => worker.runningOrdered().length === 0, 2000);
  });

  it('turns unhealthy while every batch fails, and healthy again once one goes through', async () => {
    bus = new InMemoryBus({ mode: 'kafkajs', sessionTimeoutMs: 10_000, retryMs: 10 });
    startRelay();
    let failing = true;
    const flaky = new Proxy(distributed, {
      get(target, property, receiver) {
        if (property === 'commit') {
          return async (batch: WriteBatch) => {
            if (failing && batch.checkpoints?.some((c) => c.name.startsWith('cart@'))) throw new Error('read store unreachable');
            return target.commit(batch);
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const worker = await startWorker(flaky, { unhealthyAfterMs: 100 });
    const last = await cartAdds([newId()]);
    await waitFor(async () => !worker.healthy(), 3000);
    failing = false;
    await caughtUp(last);
    await waitFor(async () => worker.healthy(), 3000);
  });

  it('a poison event holds its partition alone, with backoff, and goes to the dead-letter topic once the store answers', async () => {
    bus = new InMemoryBus({ mode: 'kafkajs', sessionTimeoutMs: 10_000, retryMs: 10 });
    startRelay();
    // Three shoppers: the poison one, one on another partition, one behind the poison on its partition.
    const poison = newId();
    const partitionOf = (userId: string) => bus.partitionOf(cartStreams.cart(userId), PARTITIONS);
    let elsewhere = newId();
    while (partitionOf(elsewhere) === partitionOf(poison)) elsewhere = newId();
    let behind = newId();
    while (partitionOf(behind) !== partitionOf(poison)) behind = newId();
    let outage = true;
    // The cart projection fails on the poison shopper's documents; while `outage`, the store
    // does not answer the worker's probe either (so it cannot tell a poison event from an outage).
    const failing = new Proxy(distributed, {
      get(target, property, receiver) {
        if (property === 'commit') {
          return async (batch: WriteBatch) => {
            if (JSON.stringify(batch.writes ?? []).includes(poison)) throw new Error('cannot project this cart line');
            return target.commit(batch);
          };
        }
        if (property === 'getCheckpoint') {
          return async (name: string) => {
            if (outage && name.startsWith('probe')) throw new Error('read store unreachable');
            return target.getCheckpoint(name);
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const letters: DeadLetter[] = [];
    const crashes: unknown[] = [];
    const worker = await startWorker(failing, {
      retryBaseMs: 5,
      retryMaxMs: 40,
      deadLetterAfter: 3,
      unhealthyAfterMs: 100,
      onDeadLetter: (letter) => letters.push(letter),
      onCrash: (error) => crashes.push(error),
    });
    await caughtUp(await events.headPosition());
    await cartAdds([poison]);
    const elsewhereAt = await cartAdds([elsewhere]);

    // The other partitions go on while the poison one is retried; the worker says it is stuck.
    await new CheckpointWatcher(distributed, externalLayout(PARTITIONS), { pollMs: 5 }).waitFor(elsewhereAt, [`cart@${partitionOf(elsewhere)}`], 15_000);
    expect(await distributed.find('cart', { userId: elsewhere })).toHaveLength(1);
    await waitFor(async () => !worker.healthy(), 3000);
    expect(letters).toEqual([]);

    // The store answers: the event that keeps failing is set aside, and its partition goes on.
    outage = false;
    const last = await cartAdds([behind]);
    await waitFor(async () => (await distributed.find('cart', { userId: behind })).length === 1, 10_000);
    expect(letters).toMatchObject([{ topic: TOPIC, partition: partitionOf(poison), key: cartStreams.cart(poison), error: expect.stringContaining('cannot project this cart line') }]);
    expect(bus.messages(`${TOPIC}.dead-letter`, 0)).toHaveLength(1);
    expect(await distributed.find('cart', { userId: poison })).toEqual([]);
    await waitFor(async () => worker.healthy(), 3000);
    expect(crashes).toEqual([]);
    expect(await events.headPosition()).toBe(last);
  });

  it('sends an undecodable record to the dead-letter topic with an alert, and the partition goes on', async () => {
    bus = new InMemoryBus({ mode: 'kafkajs', sessionTimeoutMs: 10_000, retryMs: 10 });
    startRelay();
    const letters: DeadLetter[] = [];
    await startWorker(distributed, { onDeadLetter: (letter) => letters.push(letter) });
    await caughtUp(await events.headPosition());
    const userId = newId();
    const partition = bus.partitionOf(cartStreams.cart(userId), PARTITIONS);
    // A truncated record ahead of the user's cart add on the same partition.
    await bus.publish(TOPIC, [{ key: cartStreams.cart(userId), value: '{"kind":"event","event":{"id":"x","strea', partition }]);
    const last = await cartAdds([userId]);

    await caughtUp(last);
    await expectSameAsEmbedded(['cart']);
    expect(await distributed.find('cart', { userId })).toHaveLength(1);
    expect(letters).toMatchObject([{ topic: TOPIC, partition, key: cartStreams.cart(userId), error: expect.stringContaining('not JSON') }]);
    const dead = bus.messages(`${TOPIC}.dead-letter`, 0);
    expect(dead).toHaveLength(1);
    expect(dead[0]).toMatchObject({
      value: '{"kind":"event","event":{"id":"x","strea',
      headers: { 'x-source-topic': TOPIC, 'x-source-partition': String(partition), 'x-source-offset': letters[0]!.offset },
    });
  });

  it('read-your-writes holds on every API replica: each waits on the shared checkpoints, whichever replica took the command', async () => {
    bus = new InMemoryBus({ mode: 'kafkajs', sessionTimeoutMs: 10_000, retryMs: 10 });
    startRelay();
    // Two API replicas: their own connections to the read store, their own watchers.
    const replicas = [new SqliteDocumentStore(join(dir.path, 'distributed.db')), new SqliteDocumentStore(join(dir.path, 'distributed.db'))];
    try {
      for (const store of replicas) for (const spec of cartProjection.collections) await store.defineCollection(spec);
      const watchers = replicas.map((store) => new CheckpointWatcher(store, externalLayout(PARTITIONS), { pollMs: 5 }));
      // No worker yet: both replicas wait, and give up with ProjectionLagError at their deadline.
      const first = await cartAdds([newId()]);
      for (const watcher of watchers) await expect(watcher.waitFor(first, ['cart'], 100)).rejects.toMatchObject({ name: 'ProjectionLagError' });
      // A command "taken by replica 0" is waited for by both, and both see its line once released.
      const userId = newId();
      const position = await cartAdds([userId]);
      const waits = watchers.map((watcher) => watcher.waitFor(position, ['cart'], 10_000));
      await startWorker();
      await Promise.all(waits);
      for (const store of replicas) expect(await store.find('cart', { userId })).toHaveLength(1);
    } finally {
      for (const store of replicas) await store.close();
    }
  });
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The log with every `readAll` taking `ms` per event it returns (a far-away or busy event store). */
function slowReads(inner: EventStore, ms: number): EventStore {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'readAll') {
        return async (...args: Parameters<EventStore['readAll']>) => {
          const page = await target.readAll(...args);
          await new Promise((resolve) => setTimeout(resolve, ms * page.length));
          return page;
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * One worker's view of the shared read store: records every committed checkpoint that moved
 * back (any writer's), and can stall one commit until released.
 */
const highest = new WeakMap<DocumentStore, Map<string, bigint>>();
function watchedStore(inner: DocumentStore) {
  const regressions: string[] = [];
  if (!highest.has(inner)) highest.set(inner, new Map());
  const seen = highest.get(inner)!;
  let stall: { match: (batch: WriteBatch) => boolean; reach: () => void; gate: Promise<void>; settle: (p: Promise<void>) => void } | undefined;
  const store = new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'commit') {
        return async (batch: WriteBatch) => {
          let outcome: ((p: Promise<void>) => void) | undefined;
          if (stall?.match(batch)) {
            const current = stall;
            stall = undefined;
            current.reach();
            await current.gate;
            outcome = current.settle;
          }
          const committing = target.commit(batch);
          outcome?.(committing);
          await committing;
          for (const { name, position } of batch.checkpoints ?? []) {
            if (name.startsWith('rebuild:') || name === 'relay') continue;
            const high = seen.get(name) ?? 0n;
            if (position < high) regressions.push(`${name}: ${high} -> ${position}`);
            else seen.set(name, position);
          }
        };
      }
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    store,
    regressions,
    /** Holds the next commit that matches until `release`; `outcome` is that commit's result. */
    stall(match: (batch: WriteBatch) => boolean) {
      let reach!: () => void;
      let release!: () => void;
      let settle!: (p: Promise<void>) => void;
      const reached = new Promise<void>((resolve) => (reach = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      const outcome = new Promise<void>((resolve, reject) => (settle = (p) => void p.then(resolve, reject)));
      stall = { match, reach, gate, settle };
      return { reached, release, outcome };
    },
  };
}
