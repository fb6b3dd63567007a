/**
 * npm run relay — copies the event log (EventStoreDB `$all` in the distributed setup) to the
 * Kafka topic KAFKA_TOPIC, keyed by stream id, with a watermark to every partition after each
 * batch. Its checkpoint ("relay") lives in the read store and moves only after Kafka has
 * acknowledged. Run one relay: a second one is harmless (projectors skip duplicates by position)
 * but doubles the traffic. HEALTH_PORT serves /healthz and /metrics.
 *
 * It relays the events as the log stores them: personal fields sealed with their person's key,
 * each event in the version it was written in. The topic keeps what it is sent for its retention,
 * out of reach of an erasure; sealed, a forgotten person's fields on it can no longer be opened
 * once their key is destroyed. The projector workers open (and upcast) what they consume.
 *
 * While Kafka is away the relay retries with backoff and logs a warning per attempt (the
 * producer's own retries are bounded, so an outage surfaces); SIGTERM stops it at once. Unhealthy
 * (behind and publishing nothing) for UNHEALTHY_EXIT_MS, it exits non-zero to be restarted.
 */
import { Gauge } from 'prom-client';
import { ShopMetrics, createLogger, loadConfig } from '@shop/platform';
import { createKafkaBus } from '@shop/platform/adapters';
import { Relay } from '@shop/projections';
import { startHealthServer } from '@shop/projections/distributed/health-server';
import { watchLiveness } from '@shop/projections/distributed/liveness';
import { openDocumentStore, openEventLog } from '../compose.ts';

/** How long the relay may stay unhealthy (behind, publishing nothing) before it exits to be restarted. */
const UNHEALTHY_EXIT_MS = 5 * 60_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'relay');
  // The log as stored, not as the code reads it (no key store here: the relay never sees personal data in clear).
  const events = await openEventLog(config);
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
  const healthy = async () => {
    // Healthy when caught up, or when it published something within the last minute.
    const behind = (await events.headPosition()) > ((await store.getCheckpoint('relay')) ?? 0n);
    return !behind || Date.now() - lastProgress < 60_000;
  };
  const health = config.HEALTH_PORT ? await startHealthServer(config.HEALTH_PORT, metrics, healthy, config.HOST) : undefined;

  const stop = new AbortController();
  let gaveUp = false;
  const liveness = watchLiveness(healthy, {
    intervalMs: 5_000,
    graceMs: UNHEALTHY_EXIT_MS,
    onGiveUp: (ms) => {
      gaveUp = true;
      logger.error({ unhealthyMs: ms, publishing: relay.publishing }, 'relay: unhealthy for too long; exiting to be restarted');
      stop.abort();
    },
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
  logger.info({ topic: config.KAFKA_TOPIC, partitions: config.KAFKA_PARTITIONS, brokers: config.KAFKA_BROKERS }, 'relay started');
  await relay.run(stop.signal);
  liveness.stop();
  logger.info('relay stopping');
  health?.close();
  await bus.close();
  await events.close();
  await store.close();
  if (gaveUp) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
