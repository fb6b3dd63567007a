import cluster from 'node:cluster';
import { once } from 'node:events';
import { sweepUnnamedAvatars } from '@shop/command-api';
import { createLogger, loadConfig } from '@shop/platform';
import { startHealthServer } from '@shop/projections/distributed/health-server';
import { createApp } from './app.ts';
import { FIRST_WORKER_ENV, runPrimary } from './cluster/primary.ts';
import { ProcessLink } from './cluster/process-link.ts';
import { composeShop } from './compose.ts';
import { seedCatalogIfNew } from './seed/seed.ts';

/**
 * Starts the shop: configuration → adapters → seed on first start → HTTP. With WORKERS > 1 this
 * process is the primary of that many (cluster/primary.ts), each of which runs the rest.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  if (config.WORKERS > 1 && cluster.isPrimary) return runPrimary(config, logger);
  const shared = cluster.isWorker ? { link: ProcessLink.ofClusterWorker(), first: process.env[FIRST_WORKER_ENV] === '1' } : undefined;
  // Of several processes, the first (started alone) does what must run once before serving.
  const alone = !shared || shared.first;
  const shop = await composeShop(config, logger, { shared });
  if (config.SEED_CATALOG && alone) await seedCatalogIfNew(shop);
  await shop.catchUp();
  // Avatar files no account names any more (a crash between a file and its event): not waited
  // for. Only when no other process may be between writing a file and naming it.
  const sweep = alone
    ? sweepUnnamedAvatars(shop).then(
        (deleted) => deleted > 0 && logger.info({ deleted }, 'unnamed uploads deleted'),
        (error: unknown) => logger.warn({ err: error }, 'sweep of unnamed uploads failed'),
      )
    : undefined;
  // The other processes start once this one listens, and may upload as soon as they do.
  if (shared) await sweep;

  const server = createApp(shop).listen(config.PORT, config.HOST);
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  shop.publicUrls.listening(port);
  // Metrics for a scraper on a private network, apart from the public port (which serves them
  // only with METRICS_TOKEN).
  const health = config.METRICS && config.HEALTH_PORT ? await startHealthServer(config.HEALTH_PORT, shop.metrics, () => true, config.HOST) : undefined;
  if (!shared) {
    // Of several processes, the primary says it once all listen.
    logger.info({ dataDir: config.DATA_DIR, eventStore: config.EVENT_STORE, eventLogSync: config.EVENT_LOG_SYNC, readStore: config.READ_STORE }, 'shop ready');
    console.log(`\n  Shop running at http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${port}/ (1 process)\n`);
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Stop taking connections, let in-flight requests finish, then close the stores.
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const force = setTimeout(() => server.closeAllConnections(), 10_000);
    await closed;
    clearTimeout(force);
    health?.close();
    await shop.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
