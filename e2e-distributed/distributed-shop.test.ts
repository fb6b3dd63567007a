import { randomUUID } from 'node:crypto';
import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { newId, type CartLineDoc, type ProductDoc } from '@shop/contracts';
import { createLogger, loadConfig, type Config, type DocumentStore, type EventStore, type MessageBus } from '@shop/platform';
import { KafkaBus } from '@shop/platform/bus/kafka';
import { startKafka } from '@shop/platform/bus/kafka-container';
import { ProjectorWorker, Relay, externalLayout, verifyProjection } from '@shop/projections';
import { allProjections, openDocumentStore, openEventStore } from '@shop/server';
import { smallCatalog } from '../test-support/catalog-fixture.ts';
import { containerRuntimeUnavailable } from '../test-support/containers.ts';
import { api, startTestShop, type TestShop } from '../test-support/shop.ts';

/**
 * The distributed path end to end, with the images docker-compose.yml runs: a command appends
 * to EventStoreDB → the relay publishes to Kafka → projector workers (two members of one group)
 * write MongoDB → the read API answers, and the command's reply has waited for it (the API runs
 * with PROJECTIONS=external and only watches the workers' checkpoints).
 */
const skipReason = await containerRuntimeUnavailable();
if (skipReason) console.log(`skipped the distributed end-to-end test: ${skipReason}`);

const PARTITIONS = 3;

async function startEventStore(): Promise<StartedTestContainer> {
  return new GenericContainer('eventstore/eventstore:24.10')
    .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113))
    .withStartupTimeout(120_000)
    .start();
}

async function startMongo(): Promise<StartedTestContainer> {
  const container = await new GenericContainer('mongo:7.0')
    .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
    .withExposedPorts(27017)
    .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
    .withStartupTimeout(120_000)
    .start();
  const script = [
    "try { rs.status() } catch (e) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:27017' }] }) }",
    'let tries = 0',
    'while (!db.hello().isWritablePrimary) { if (++tries > 600) throw new Error("no primary"); sleep(100) }',
  ].join('; ');
  const result = await container.exec(['mongosh', '--quiet', '--eval', script]);
  if (result.exitCode !== 0) throw new Error(`rs.initiate failed: ${result.output}`);
  return container;
}

/** A process of its own in production: its own stores and bus client. */
interface Member {
  events: EventStore;
  docs: DocumentStore;
  bus: MessageBus;
}

describe.skipIf(skipReason !== null)(`distributed shop${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  const containers: StartedTestContainer[] = [];
  const members: Member[] = [];
  const workers: ProjectorWorker[] = [];
  const relayStop = new AbortController();
  let relayRun: Promise<void> | undefined;
  let config: Config;
  let t: TestShop;
  const catalog = smallCatalog();

  async function member(): Promise<Member> {
    const m = { events: await openEventStore(config), docs: await openDocumentStore(config), bus: new KafkaBus({ brokers: config.KAFKA_BROKERS, clientId: `e2e-${randomUUID()}`, concurrency: PARTITIONS }) };
    members.push(m);
    return m;
  }

  beforeAll(async () => {
    const [eventstore, mongo, kafka] = await Promise.all([startEventStore(), startMongo(), startKafka()]);
    containers.push(eventstore, mongo, kafka.container);
    const env = {
      EVENT_STORE: 'eventstoredb',
      EVENTSTORE_URL: `esdb://${eventstore.getHost()}:${eventstore.getMappedPort(2113)}?tls=false`,
      READ_STORE: 'mongodb',
      MONGODB_URL: `mongodb://${mongo.getHost()}:${mongo.getMappedPort(27017)}/?directConnection=true`,
      MONGODB_DB: `shop_${newId()}`,
      PROJECTIONS: 'external',
      // Replicas share one token secret (the API refuses to start as one without it).
      JWT_SECRET: 'distributed-suite-secret-0123456789abcdef',
      KAFKA_BROKERS: kafka.brokers.join(','),
      KAFKA_TOPIC: `shop.events.${newId()}`,
      KAFKA_PARTITIONS: String(PARTITIONS),
      KAFKA_GROUP: `projectors-${newId()}`,
      PROJECTION_WAIT_MS: '20000',
    };
    config = loadConfig({ ...env, DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent' });
    const logger = createLogger('silent');

    const relay = await member();
    relayRun = new Relay(relay.events, relay.docs, relay.bus, { topic: config.KAFKA_TOPIC, partitions: PARTITIONS, logger }).run(relayStop.signal);
    for (let i = 0; i < 2; i++) {
      const m = await member();
      const worker = new ProjectorWorker(m.events, m.docs, m.bus, {
        topic: config.KAFKA_TOPIC,
        partitions: PARTITIONS,
        groupId: config.KAFKA_GROUP,
        projections: allProjections,
        logger,
        idleMs: 200,
      });
      await worker.start();
      workers.push(worker);
    }
    t = await startTestShop({ env });
  }, 300_000);

  afterAll(async () => {
    await t?.close();
    await Promise.allSettled(workers.map((w) => w.stop()));
    relayStop.abort();
    await relayRun;
    for (const m of members) {
      await m.bus.close();
      await m.events.close();
      await m.docs.close();
    }
    await Promise.allSettled(containers.map((c) => c.stop()));
  }, 120_000);

  it('append → relay → Kafka → projectors → MongoDB → read API, with read-your-writes', { timeout: 120_000 }, async () => {
    const position = await importCatalog(t.shop.catalog, catalog);
    await t.shop.awaitProjections(position, ['catalog']);
    const product = await api<ProductDoc>(t.url, `/api/products/${catalog.ids.phone}`);
    expect([product.status, product.body.name, product.body.catName]).toEqual([200, 'Nova Phone', 'Electronics']);

    const userId = newId();
    const token = t.shop.tokens.sign({ userId, email: `${userId}@example.in`, isAdmin: false });
    const added = await api<CartLineDoc>(t.url, '/api/cart/add', { method: 'POST', token, body: { productId: catalog.ids.shirt, quantity: 2 } });
    expect(added.status).toBe(201);
    // The reply waited for the workers: the cart read right after it already has the line.
    const cart = await api<CartLineDoc[]>(t.url, '/api/cart', { token });
    expect(cart.body.map((line) => [line.productId, line.quantity])).toEqual([[catalog.ids.shirt, 2]]);
  });

  it('rebuilds projections through the admin route while the workers run, and verify finds no difference', { timeout: 180_000 }, async () => {
    const admin = t.shop.tokens.sign({ userId: newId(), email: 'ops@example.in', isAdmin: true });
    const started = await api<{ id: string }>(t.url, '/api/admin/projections/all/rebuild', { method: 'POST', token: admin });
    expect(started.status).toBe(202);
    let job = { state: 'running', error: null as string | null };
    while (job.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = (await api<typeof job>(t.url, `/api/admin/projections/rebuilds/${started.body.id}`, { token: admin })).body;
    }
    expect([job.state, job.error]).toEqual(['done', null]);
    for (const projection of allProjections) {
      const report = await verifyProjection(projection, { events: t.shop.events, store: t.shop.docs, layout: externalLayout(PARTITIONS) });
      expect(report.differences, projection.name).toEqual([]);
    }
  });
});
