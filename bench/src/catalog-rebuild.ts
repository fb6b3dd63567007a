/**
 * npm run bench:catalog-rebuild — the rebuild part of bench:catalog alone, repeatable: builds the
 * catalog's event log once into `BENCH_DIR` (kept, so later runs skip it), then rebuilds the
 * catalog projection and measures the store's floor `BENCH_ROUNDS` times, alternately, and prints
 * the rebuild's rate as a share of the floor's (the same finished documents written by the store
 * plus the same index build). For profiling the rebuild without loading a server:
 * `node --cpu-prof --import tsx bench/src/catalog-rebuild.ts`.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { catalogProjection, rebuildProjection } from '@shop/projections';
import { generateCatalog } from '@shop/server/seed/catalog-data';
import { watchEventLoopStalls } from './event-loop-stalls.ts';
import { mainThreadCpuSeconds, measureStoreFloor } from './store-floor.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DIR = process.env.BENCH_DIR ?? `/tmp/shop-rebuild-${PRODUCTS}`;
const REBUILD_BATCH = Number(process.env.BENCH_REBUILD_BATCH ?? 2000);

mkdirSync(DIR, { recursive: true });
const logFile = join(DIR, 'events.db');
if (!existsSync(join(DIR, 'seeded'))) {
  rmSync(logFile, { force: true });
  const events = new SqliteEventStore(logFile);
  await importCatalog(new CatalogCommands(events), generateCatalog({ products: PRODUCTS }));
  await events.close();
  writeFileSync(join(DIR, 'seeded'), '');
}
const events = new SqliteEventStore(logFile);
for (let round = 1; round <= ROUNDS; round++) {
  const readModels = join(DIR, `read-models-${round}.db`);
  for (const suffix of ['', '-wal', '-shm']) rmSync(readModels + suffix, { force: true });
  const docs = new SqliteDocumentStore(readModels);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let indexingStarted = started;
  const mainStarted = mainThreadCpuSeconds();
  let replayCpu = 0;
  let replayMainCpu = 0;
  const onProgress = ({ phase }: { phase: string }) => {
    if (phase !== 'indexing') return;
    indexingStarted = performance.now();
    replayCpu = cpuSeconds(process.cpuUsage(cpuStarted));
    replayMainCpu = mainThreadCpuSeconds() - mainStarted;
  };
  const stalls = watchEventLoopStalls();
  const rebuilt = await rebuildProjection(catalogProjection, { events, store: docs, batchSize: REBUILD_BATCH, onProgress });
  const total = (performance.now() - started) / 1000;
  const stallMs = await stalls.stop();
  const replay = (indexingStarted - started) / 1000;
  const floor = await measureStoreFloor(docs, REBUILD_BATCH);
  const floorTotal = floor.writeSeconds + (total - replay);
  console.log(
    `round ${round}: ${rebuilt.events} events, rebuild ${total.toFixed(2)} s (replay ${replay.toFixed(2)} s, CPU ${replayCpu.toFixed(2)} s, main thread ${replayMainCpu.toFixed(2)} s; indexes ${(total - replay).toFixed(2)} s; longest event-loop stall ${Math.round(stallMs)} ms); ` +
      `floor ${floorTotal.toFixed(2)} s (writes ${floor.writeSeconds.toFixed(2)} s, CPU ${floor.writeCpuSeconds.toFixed(2)} s, main thread ${floor.writeMainCpuSeconds.toFixed(2)} s); rebuild rate / floor rate = ${(floorTotal / total).toFixed(2)}, replay CPU / floor writes' CPU = ${(replayCpu / floor.writeCpuSeconds).toFixed(2)}`,
  );
  await docs.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(readModels + suffix, { force: true });
}

function cpuSeconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1e6;
}
