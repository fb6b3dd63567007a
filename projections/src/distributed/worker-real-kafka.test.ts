/**
 * The relay and projector workers on a real Apache Kafka broker (test-support/kafka-broker.ts):
 * the embedded SQLite log relayed to Kafka, workers projecting into SQLite read models, checked
 * against the same projections run in-process. Two workers share the partitions; one leaves
 * and the other takes its partitions over with no event lost; worker processes (the real
 * `npm run projector`), one SIGKILLed mid-batch; the relay's command line putting personal
 * fields on the topic sealed; a poison event ends in the dead-letter topic while the other
 * partitions keep flowing. The broker is the run's (test-support/kafka-global-setup.ts); each test
 * has its own topic and groups. Skipped where Java or Maven is not. REAL_KAFKA_LOG=<file> writes
 * kafkajs's group events and the workers' logs there, with the test's phases (a stall's story).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogCommands, StreamCommands, importCatalog, receiveStock } from '@shop/command-api';
import { CATALOG, FORGOTTEN, accountStreams, cartStreams, newId, type ProductDoc } from '@shop/contracts';
import { SealingEventStore, UpcastingEventStore, type WriteBatch } from '@shop/platform';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { KafkaBus } from '@shop/platform/bus/kafka';
import { SqliteKeyStore } from '@shop/platform/privacy/sqlite-key-store';
import { pino } from 'pino';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { sharedLocalKafka } from '../../../test-support/kafka-broker.ts';
import { ROOT, serverEntry } from '../../../test-support/shop-process.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { accountsProjection } from '../account/projection.ts';
import { cartProjection } from '../cart/projection.ts';
import { catalogProjection } from '../catalog/projection.ts';
import type { Projection } from '../projection.ts';
import { canonical } from '../rebuild/verify.ts';
import { ProjectionRunner } from '../runner.ts';
import { CheckpointWatcher } from './checkpoint-watcher.ts';
import { decodeRecord, type BusRecord } from './codec.ts';
import { externalLayout } from './layout.ts';
import { Relay } from './relay.ts';
import { ProjectorWorker, type DeadLetter, type WorkerOptions } from './worker.ts';

const PARTITIONS = 4;
/** The projector worker's and the relay's command lines (`npm run projector`, `npm run relay`), run as processes of their own. */
const PROJECTOR_CLI = 'projector-worker';
const RELAY_CLI = 'relay';
const projections: Projection[] = [catalogProjection, cartProjection];
const broker = await sharedLocalKafka();
const started = Date.now();
/**
 * Diagnostics: kafkajs's group events and the workers' logs, with the test's phases, kept here
 * (the last of them are printed when a wait times out) and, with REAL_KAFKA_LOG=<file>, written there.
 */
const logFile = process.env.REAL_KAFKA_LOG;
const logLines: string[] = [];
const logger = pino(
  { level: 'info' },
  {
    write: (line: string) => {
      const stamped = `+${Date.now() - started}ms ${line}`;
      if (logLines.push(stamped) > 2000) logLines.shift();
      if (logFile) appendFileSync(logFile, stamped);
    },
  },
);
const phase = (what: string) => logger.info(`test: ${what}`);
const skipReason = typeof broker === 'string' ? broker : undefined;

describe.skipIf(skipReason !== undefined)(`relay and projector workers on a real Kafka broker${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const kafka = broker as { brokers: string[] };
  const dir = tempDir('shop-real-kafka-');
  const events = new SqliteEventStore(join(dir.path, 'events.db'));
  const embedded = new SqliteDocumentStore(join(dir.path, 'embedded.db'));
  const runner = new ProjectionRunner(events, embedded, projections);
  const children: ChildProcess[] = [];
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    await runner.start();
    await importCatalog(new CatalogCommands(events), smallCatalog());
  });

  afterAll(async () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const stop of stops.reverse()) await stop();
    await runner.stop();
    await events.close();
    await embedded.close();
    dir.remove();
  });

  /** A topic, a group and a read store of their own per test, with the relay publishing the log to it. */
  async function cluster(given?: SqliteDocumentStore) {
    const topic = `shop.events.${randomUUID().slice(0, 8)}`;
    const store = given ?? new SqliteDocumentStore(join(dir.path, `${topic}.db`));
    const bus = new KafkaBus({ brokers: kafka.brokers, clientId: `test-${topic}`, concurrency: PARTITIONS, logger });
    const relayStop = new AbortController();
    const relayRun = new Relay(events, store, bus, { topic, partitions: PARTITIONS, lingerMs: 1, logger }).run(relayStop.signal);
    stops.push(async () => {
      relayStop.abort();
      await relayRun;
      await bus.close();
      await store.close();
    });
    const worker = async (readStore = store, options: Partial<WorkerOptions> = {}) => {
      const w = new ProjectorWorker(events, readStore, bus, { topic, partitions: PARTITIONS, groupId: `projectors-${topic}`, projections, idleMs: 50, pollMs: 10, logger, ...options });
      await w.start();
      stops.push(() => w.stop());
      return w;
    };
    const caughtUp = async (position: bigint, names = ['catalog', 'cart'], timeoutMs = 45_000) => {
      phase(`waiting for ${names.join(', ')} at ${position}`);
      // The longest a healthy group takes to hand partitions over is a member's session timeout
      // (30 s, should its leave be lost) and a rejoin; a loaded machine settles in seconds. A wait
      // past that is a stall, as was a stopped worker's consumer that kafkajs restarted after a
      // crash during its stop: it took partition 0 for a worker that no longer ran the ordered
      // projections (KafkaBus now keeps a stopped consumer stopped).
      await new CheckpointWatcher(store, externalLayout(PARTITIONS), { pollMs: 20 })
        .waitFor(position, names, timeoutMs)
        .catch((error: unknown) => {
          console.error(`the group's story (last lines):\n${logLines.slice(-60).join('')}`);
          throw error;
        });
      await runner.waitFor(position);
      phase(`caught up at ${position}`);
    };
    return { topic, store, bus, worker, caughtUp };
  }

  /**
   * A projector worker process (`npm run projector`) of `group` on `topic`, its DATA_DIR this
   * file's folder: it follows the log every test appends to and writes read-models.db there. A
   * short session lets the group notice a killed member within seconds instead of 30.
   */
  function workerProcess(topic: string, group: string, dataDir = dir.path, cli = PROJECTOR_CLI): ChildProcess {
    const child = spawn(process.execPath, serverEntry(cli), {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        KAFKA_BROKERS: kafka.brokers.join(','),
        KAFKA_TOPIC: topic,
        KAFKA_PARTITIONS: String(PARTITIONS),
        KAFKA_GROUP: group,
        KAFKA_SESSION_TIMEOUT_MS: '6000',
        PROJECTIONS: 'external',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(child);
    return child;
  }

  async function cartAdds(users: string[]): Promise<bigint> {
    let position = 0n;
    for (const userId of users) {
      const data = { lineId: newId(), productId: newId(), productTitle: 'P', image: '', rating: 4, price: 100, productRam: null, size: null, productWeight: null, userId, quantity: 1 };
      ({ position } = await events.append(cartStreams.cart(userId), [{ id: randomUUID(), type: 'CartItemAdded', data, metadata: { userId } }], 'any'));
    }
    return position;
  }

  async function sameAsEmbedded(store: SqliteDocumentStore, collection: string): Promise<void> {
    const left = await store.find(collection, {}, { sort: [['_id', 1]] });
    const right = await embedded.find(collection, {}, { sort: [['_id', 1]] });
    expect(canonical(left), collection).toBe(canonical(right));
  }

  it('two workers share the partitions; when one leaves, the other takes them over and no event is lost or applied twice', { timeout: 400_000 }, async () => {
    const { store, worker, caughtUp } = await cluster();
    phase('two workers: starting');
    const first = await worker();
    phase('two workers: first started');
    await worker();
    phase('two workers: second started');
    await caughtUp(await cartAdds(Array.from({ length: 12 }, () => newId())));
    await sameAsEmbedded(store, 'cart');

    await first.stop();
    phase('two workers: first stopped');
    await caughtUp(await cartAdds(Array.from({ length: 12 }, () => newId())));
    await sameAsEmbedded(store, 'cart');
    await sameAsEmbedded(store, 'products');
  });

  it('worker processes: one SIGKILLed mid-batch, the other takes its partitions over with no event lost or applied twice', { timeout: 180_000 }, async () => {
    // The processes' read store (DATA_DIR/read-models.db), which the relay keeps its checkpoint in too.
    const { topic, store, caughtUp } = await cluster(new SqliteDocumentStore(join(dir.path, 'read-models.db')));
    for (const spec of projections.flatMap((p) => p.collections)) await store.defineCollection(spec);
    const victim = workerProcess(topic, `projectors-${topic}`);
    workerProcess(topic, `projectors-${topic}`);
    // The command line runs the shop's projections, where the cart is part of the shopper group.
    const names = ['catalog', 'shopper'];
    // Two processes start first (tsx compiles the server as it loads it: 25 s at a load of 25 on two cores).
    await caughtUp(await events.headPosition(), names, 120_000);

    // A burst of cart lines (every partition) with stock receipts among them (the catalog, whose
    // stock-change feed numbers each receipt: one applied twice would number one more).
    const streams = new StreamCommands(events);
    const stocked = (await embedded.find<ProductDoc>(CATALOG.products, {}, { limit: 100 })).filter((p) => !p.variants?.length).slice(0, 4);
    const linesBefore = await store.count('cart');
    let appending = true;
    const burst = (async () => {
      for (let i = 0; i < 300; i++) {
        await cartAdds([newId()]);
        if (i % 10 === 0) await receiveStock(streams, { productId: stocked[(i / 10) % stocked.length]!.id, quantity: 1 }, {});
      }
      appending = false;
    })();
    // Killed while the workers are applying it.
    await expect.poll(() => store.count('cart'), { timeout: 60_000, interval: 20 }).toBeGreaterThan(linesBefore + 30);
    expect(appending).toBe(true);
    victim.kill('SIGKILL');
    await burst;
    await caughtUp(await events.headPosition(), names);
    expect(victim.signalCode).toBe('SIGKILL');
    await sameAsEmbedded(store, 'cart');
    await sameAsEmbedded(store, CATALOG.products);
    await sameAsEmbedded(store, CATALOG.stockChanges);
  });

  it('the relay (npm run relay) puts personal fields on the topic sealed; a projector process opens them with the key store; erased, the topic’s copies stay unreadable', { timeout: 180_000 }, async () => {
    // A shop of its own (its log, key store and read models), served by the two command lines.
    const shop = join(dir.path, 'sealed-shop');
    mkdirSync(shop);
    const log = new SqliteEventStore(join(shop, 'events.db'));
    const keys = () => new SqliteKeyStore(join(shop, 'person-keys.db'));
    const sealed = new SealingEventStore(log, keys());
    const readModels = new SqliteDocumentStore(join(shop, 'read-models.db'));
    stops.push(async () => {
      await sealed.close();
      await readModels.close();
    });
    const userId = newId();
    const person = { name: 'Ravi Sealedtopic', email: 'ravi.sealedtopic@example.in', phone: '9876501234' };
    const registeredAt = new Date().toISOString();
    const data = { userId, ...person, passwordHash: 'scrypt$x', method: 'password', images: [], isAdmin: false, registeredAt };
    const { position } = await new UpcastingEventStore(sealed).append(accountStreams.account(userId), [{ id: randomUUID(), type: 'AccountRegistered', data, metadata: { userId } }], 'no_stream');
    const topic = `shop.events.${randomUUID().slice(0, 8)}`;
    workerProcess(topic, `relay-${topic}`, shop, RELAY_CLI);
    workerProcess(topic, `projectors-${topic}`, shop);
    for (const spec of accountsProjection.collections) await readModels.defineCollection(spec);
    // Two processes start first (see the test above).
    await new CheckpointWatcher(readModels, externalLayout(PARTITIONS), { pollMs: 50 }).waitFor(position, ['accounts'], 120_000);
    expect(await readModels.find('users', { _id: userId })).toMatchObject([person]);

    // What the topic holds, read as any consumer of it would.
    const bus = new KafkaBus({ brokers: kafka.brokers, clientId: `reader-${topic}` });
    stops.push(() => bus.close());
    const records: string[] = [];
    await bus.consume({ topic, groupId: `reader-${topic}`, handle: async (batch) => void records.push(...batch.messages.map((m) => m.value)) });
    const registered = () => records.find((value) => value.includes('AccountRegistered'));
    await expect.poll(registered, { timeout: 30_000 }).toBeDefined();
    for (const value of Object.values(person)) expect(registered()).not.toContain(value);

    // Forgotten: the copy on the topic no longer opens, in any process.
    await sealed.forget([userId]);
    const { event } = decodeRecord(registered()!) as Extract<BusRecord, { kind: 'event' }>;
    const fresh = new SealingEventStore(new SqliteEventStore(join(shop, 'events.db')), keys());
    stops.push(() => fresh.close());
    expect((await fresh.asRead([event]))[0]!.data).toMatchObject({ name: FORGOTTEN.name, email: FORGOTTEN.email, phone: FORGOTTEN.text });
  });

  it('a poison event goes to the dead-letter topic after its retries while the other partitions keep flowing', { timeout: 180_000 }, async () => {
    const { topic, store, bus, worker, caughtUp } = await cluster();
    const poison = newId();
    const partitionOf = (userId: string) => bus.partitionOf(cartStreams.cart(userId), PARTITIONS);
    let elsewhere = newId();
    while (partitionOf(elsewhere) === partitionOf(poison)) elsewhere = newId();
    const failing = new Proxy(store, {
      get(target, property, receiver) {
        if (property === 'commit') {
          return async (batch: WriteBatch) => {
            if (JSON.stringify(batch.writes ?? []).includes(poison)) throw new Error('cannot project this cart line');
            return target.commit(batch);
          };
        }
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    const letters: DeadLetter[] = [];
    await worker(failing, { retryBaseMs: 20, retryMaxMs: 200, deadLetterAfter: 3, onDeadLetter: (letter) => letters.push(letter) });
    await caughtUp(await events.headPosition());
    await cartAdds([poison]);
    await caughtUp(await cartAdds([elsewhere]), [`cart@${partitionOf(elsewhere)}`]);
    expect(await store.find('cart', { userId: elsewhere })).toHaveLength(1);

    const deadline = Date.now() + 60_000;
    while (letters.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(letters).toMatchObject([{ topic, partition: partitionOf(poison), key: cartStreams.cart(poison), error: expect.stringContaining('cannot project this cart line') }]);
    await caughtUp(await events.headPosition());
    expect(await store.find('cart', { userId: poison })).toEqual([]);
  });
});
