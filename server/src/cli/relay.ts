/**
 * npm run relay — copies the event log (EventStoreDB `$all` in the distributed setup) to the
 * Kafka topic KAFKA_TOPIC, keyed by stream id, with a watermark to every partition after each
 * batch. Its checkpoint ("relay") lives in the read store and moves only after Kafka has
 * acknowledged. Run one relay: a second one is harmless (projectors skip duplicates by position)
 * but doubles the traffic. HEALTH_PORT serves /healthz and /metrics.
 */
import { Gauge } from 'prom-client';
import { ShopMetrics, createKafkaBus, createLogger, loadConfig } from '@shop/platform';
import { Relay } from '@shop/projections';
import { startHealthServer } from '@shop/projections/distributed/health-server';
import { openDocumentStore, openEventStore } from '../compose.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'relay');
  const events = await openEventStore(config);
  const store = await openDocumentStore(config);
  const bus = await createKafkaBus(config, logger, 'relay');
  const metrics = new ShopMetrics();
  const relayed = new Gauge({ name: 'relay_position', help: 'Log position of the last event Kafka acknowledged', registers: [metrics.registry] });
  let lastProgress = Date.now();
  const relay = new Relay(events, store, bus, {
    topic: config.KAFKA_TOPIC,
    partitions: config.KAFKA_PARTITIONS,
    logger,
    onPublished: (position) => {
      relayed.set(Number(position));
      lastProgress = Date.now();
    },
  });
  const health = config.HEALTH_PORT
    ? await startHealthServer(config.HEALTH_PORT, metrics, async () => {
        // Healthy when caught up, or when it published something within the last minute.
        const behind = (await events.headPosition()) > ((await store.getCheckpoint('relay')) ?? 0n);
        return !behind || Date.now() - lastProgress < 60_000;
      })
    : undefined;

  const stop = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  logger.info({ topic: config.KAFKA_TOPIC, partitions: config.KAFKA_PARTITIONS, brokers: config.KAFKA_BROKERS }, 'relay started');
  await relay.run(stop.signal);
  logger.info('relay stopping');
  health?.close();
  await bus.close();
  await events.close();
  await store.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
