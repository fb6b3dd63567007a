/**
 * npm run projector — one projector worker of the group KAFKA_GROUP: applies the partitioned
 * projections to the read store as Kafka delivers each partition, and, while it owns partition
 * 0, runs the projections that need the whole log in order (see
 * projections/src/distributed/partitioning.ts). Start as many as there are partitions to share
 * the work (`docker compose up --scale projector=3`). HEALTH_PORT serves /healthz and /metrics.
 */
import { ShopMetrics, createKafkaBus, createLogger, loadConfig } from '@shop/platform';
import { ProjectorWorker, externalLayout, measureLag } from '@shop/projections';
import { startHealthServer } from '@shop/projections/distributed/health-server';
import { allProjections, openDocumentStore, openEventStore } from '../compose.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, 'projector');
  const events = await openEventStore(config);
  const store = await openDocumentStore(config);
  const bus = await createKafkaBus(config, logger, 'projector');
  const worker = new ProjectorWorker(events, store, bus, {
    topic: config.KAFKA_TOPIC,
    partitions: config.KAFKA_PARTITIONS,
    groupId: config.KAFKA_GROUP,
    projections: allProjections,
    logger,
  });
  const metrics = new ShopMetrics();
  const layout = externalLayout(config.KAFKA_PARTITIONS);
  metrics.measureProjectionLag(() => measureLag(events, store, layout, allProjections.map((p) => p.name)));
  let crashed = false;
  await worker.start();
  const health = config.HEALTH_PORT ? await startHealthServer(config.HEALTH_PORT, metrics, () => !crashed) : undefined;
  logger.info({ topic: config.KAFKA_TOPIC, group: config.KAFKA_GROUP }, 'projector worker started');

  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
    process.once('uncaughtException', (error) => {
      crashed = true;
      logger.error({ err: error }, 'projector worker failed');
      resolve();
    });
  });
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
