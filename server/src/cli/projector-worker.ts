/**
 * npm run projector — one projector worker of the group KAFKA_GROUP: applies the partitioned
 * projections to the read store as Kafka delivers each partition, and, while it owns partition
 * 0, runs the projections that need the whole log in order (see
 * projections/src/distributed/partitioning.ts). Start as many as there are partitions to share
 * the work (`docker compose up --scale projector=3`). HEALTH_PORT serves /healthz and /metrics.
 *
 * It exits non-zero when its consumer fails for good or it stays unhealthy for UNHEALTHY_EXIT_MS:
 * Docker restarts a container only when its process exits.
 */
import { Counter } from 'prom-client';
import { ShopMetrics, createLogger, loadConfig } from '@shop/platform';
import { createKafkaBus } from '@shop/platform/adapters';
import { ProjectorWorker, externalLayout, measureLag } from '@shop/projections';
import { startHealthServer } from '@shop/projections/distributed/health-server';
import { watchLiveness } from '@shop/projections/distributed/liveness';
import { allProjections, openDocumentStore, openEventStore } from '../compose.ts';

/** How long the worker may stay unhealthy (every batch failing) before it exits to be restarted. */
const UNHEALTHY_EXIT_MS = 5 * 60_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'projector');
  const events = await openEventStore(config);
  const store = await openDocumentStore(config);
  const bus = await createKafkaBus(config, logger, 'projector');
  const metrics = new ShopMetrics();
  const deadLetters = new Counter({
    name: 'projector_dead_letters_total',
    help: 'Bus records no projector could decode, sent to the dead-letter topic',
    registers: [metrics.registry],
  });
  const layout = externalLayout(config.KAFKA_PARTITIONS);
  metrics.measureProjectionLag(() => measureLag(events, store, layout, allProjections.map((p) => p.name)));
  let crashed = false;
  let shutdown!: () => void;
  const stopping = new Promise<void>((resolve) => (shutdown = resolve));
  const fail = (why: string, fields: Record<string, unknown> = {}) => {
    crashed = true;
    logger.error(fields, `projector worker: ${why}; exiting to be restarted`);
    shutdown();
  };
  const worker = new ProjectorWorker(events, store, bus, {
    topic: config.KAFKA_TOPIC,
    partitions: config.KAFKA_PARTITIONS,
    groupId: config.KAFKA_GROUP,
    projections: allProjections,
    logger,
    onCrash: (error) => fail('the consumer stopped for good', { err: error }),
    // The worker logs each one as an error (alert: dead-letter); the counter is for alert rules.
    onDeadLetter: () => deadLetters.inc(),
  });
  await worker.start();
  const healthy = () => !crashed && worker.healthy();
  const health = config.HEALTH_PORT ? await startHealthServer(config.HEALTH_PORT, metrics, healthy, config.HOST) : undefined;
  const liveness = watchLiveness(healthy, {
    intervalMs: 5_000,
    graceMs: UNHEALTHY_EXIT_MS,
    onGiveUp: (ms) => fail('unhealthy for too long', { unhealthyMs: ms }),
  });
  logger.info({ topic: config.KAFKA_TOPIC, group: config.KAFKA_GROUP }, 'projector worker started');

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => shutdown());
  process.once('uncaughtException', (error) => fail('failed', { err: error }));
  await stopping;
  liveness.stop();
  logger.info('projector worker stopping');
  await worker.stop();
  health?.close();
  await bus.close();
  await events.close();
  await store.close();
  process.exit(crashed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
