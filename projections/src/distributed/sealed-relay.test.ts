import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORGOTTEN, accountStreams, newId } from '@shop/contracts';
import { SealingEventStore, UpcastingEventStore } from '@shop/platform';
import { InMemoryBus, SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { SqliteKeyStore } from '@shop/platform/privacy/sqlite-key-store';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { accountsProjection } from '../account/projection.ts';
import { CheckpointWatcher } from './checkpoint-watcher.ts';
import { externalLayout } from './layout.ts';
import { Relay } from './relay.ts';
import { ProjectorWorker } from './worker.ts';

const TOPIC = 'shop.events';
const PARTITIONS = 4;

/**
 * Personal data on the bus (the Kafka relay's topic keeps what it is sent for its retention, out
 * of reach of an erasure): the relay publishes the log as stored, personal fields sealed with
 * their person's key; projector workers open them through the key store. Once the key is
 * destroyed, what the topic still holds reads as forgotten, even for a worker that never saw it.
 */
describe('the relay publishes sealed events; workers open them through the key store', () => {
  let dir: ReturnType<typeof tempDir>;
  let log: SqliteEventStore;
  let sealed: SealingEventStore;
  let bus: InMemoryBus;
  const stops: (() => Promise<void>)[] = [];

  beforeEach(() => {
    dir = tempDir('shop-sealed-relay-');
    log = new SqliteEventStore(join(dir.path, 'events.db'));
    sealed = new SealingEventStore(log, new SqliteKeyStore(join(dir.path, 'person-keys.db')));
    bus = new InMemoryBus({ maxBatch: 5 });
  });

  afterEach(async () => {
    for (const stop of stops.splice(0).reverse()) await stop();
    await bus.close();
    await sealed.close();
    dir.remove();
  });

  /** A projector worker of its own group, as a process of its own opens the log: its own key cache over the shared key store. */
  async function projectorWorker(name: string): Promise<SqliteDocumentStore> {
    const store = new SqliteDocumentStore(join(dir.path, `${name}.db`));
    const keys = new SqliteKeyStore(join(dir.path, 'person-keys.db'));
    const events = new UpcastingEventStore(new SealingEventStore(new SqliteEventStore(join(dir.path, 'events.db')), keys));
    const worker = new ProjectorWorker(events, store, bus, { topic: TOPIC, partitions: PARTITIONS, groupId: name, projections: [accountsProjection], idleMs: 20 });
    await worker.start();
    stops.push(async () => {
      await worker.stop();
      await events.close();
      await store.close();
    });
    await new CheckpointWatcher(store, externalLayout(PARTITIONS), { pollMs: 5 }).waitFor(await log.headPosition(), ['accounts'], 10_000);
    return store;
  }

  it('no personal field crosses the bus in clear, the worker reads them, and after an erasure the topic’s copies read as forgotten', async () => {
    const userId = newId();
    const person = { name: 'Asha Sealedrelay', email: 'asha.sealedrelay@example.in', phone: '9812345670' };
    await new UpcastingEventStore(sealed).append(
      accountStreams.account(userId),
      [
        {
          id: randomUUID(),
          type: 'AccountRegistered',
          data: { userId, ...person, passwordHash: 'scrypt$x', method: 'password', images: [], isAdmin: false, registeredAt: new Date().toISOString() },
          metadata: { userId },
        },
      ],
      'no_stream',
    );
    const relayStore = new SqliteDocumentStore(join(dir.path, 'relay.db'));
    const relayStop = new AbortController();
    // The relay reads the log as stored (server/src/cli/relay.ts), not through the key store.
    const relayRun = new Relay(log, relayStore, bus, { topic: TOPIC, partitions: PARTITIONS, lingerMs: 1 }).run(relayStop.signal);
    stops.push(async () => {
      relayStop.abort();
      await relayRun;
      await relayStore.close();
    });

    const before = await projectorWorker('projectors');
    expect(await before.find('users', { _id: userId })).toMatchObject([person]);
    const onTheBus = Array.from({ length: PARTITIONS }, (_, partition) => bus.messages(TOPIC, partition).map((message) => message.value)).flat().join('\n');
    expect(onTheBus).toContain(userId);
    for (const value of Object.values(person)) expect(onTheBus).not.toContain(value);

    // Forgotten: the key is destroyed. A worker that reads the topic afresh (a new group, a
    // restarted process: no key in its cache) finds only what the sealed copies still say.
    await sealed.forget([userId]);
    const after = await projectorWorker('projectors-after-erasure');
    expect(await after.find('users', { _id: userId })).toMatchObject([{ name: FORGOTTEN.name, email: FORGOTTEN.email, phone: FORGOTTEN.text }]);
  });
});
