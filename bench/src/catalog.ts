/**
 * npm run bench:catalog — builds a 100,000-product catalog through the real event path into a
 * temporary data directory, rebuilds the catalog projection from the log, then loads the real
 * server on 127.0.0.1 and prints req/s, p50 and p99 per catalog route against the trivial
 * /healthz route of the same app, measured in the same run. The fixed URLs are served from the
 * reply cache after their first request (the catalog does not change during the load); the
 * `uncached` row shows what building a listing reply costs, `search, typos uncached` what a
 * search with typos costs (every query different). `BENCH_PRODUCTS` takes a list of sizes
 * (`10000,100000,1000000`): each is measured in its own data directory, with the server's resident
 * memory after the load and both SQLite files' sizes, then one table shows how each cost grows.
 * The server is loaded with 1 API process, then with WORKERS (default: the machine's cores), and a
 * table puts the two side by side with the server's CPU per request, all processes summed.
 *
 * While working on one route: `BENCH_ROUTES=search` loads only /healthz and the two search rows
 * (printing the server's CPU per request too), and `BENCH_DATA_DIR=/some/dir` keeps the built
 * catalog there and reuses it on the next run (one size only), so only the first run seeds.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import { CATALOG, type ProductDoc } from '@shop/contracts';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { catalogCollections, catalogProjection, rebuildProjection, searchProjection } from '@shop/projections';
import { generateCatalog } from '@shop/server/seed/catalog-data';
import { tempDir } from '../../test-support/temp-dir.ts';
import { loadRoute, printRouteTable, processCounts, startServer, type RouteFigures } from './load.ts';
import { typo, TYPO_KINDS } from './search-queries.ts';
import { measureStoreFloor } from './store-floor.ts';

/** Catalog sizes to measure, each in a data directory of its own: `BENCH_PRODUCTS=10000,100000,1000000`. */
const SIZES = (process.env.BENCH_PRODUCTS ?? '100000').split(',').map((n) => Number(n.trim()));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const REBUILD_BATCH = 2000;
/** `search`: only /healthz and the search rows; `typos`: /healthz and the typo searches only (for a profile of them); `none`: seed BENCH_DATA_DIR and stop; anything else (or unset): every route. */
const ROUTES = process.env.BENCH_ROUTES ?? 'all';
/** A data directory to keep and reuse between runs (seeded only when it holds no read model yet). */
const KEPT_DIR = process.env.BENCH_DATA_DIR;

/** What one catalog size costs, for the summary across sizes. */
interface SizeFigures {
  products: number;
  appendPerSec: number;
  rebuildPerSec: number;
  rows: RouteFigures[];
  baseline: RouteFigures;
  residentMb: number | null;
  eventLogMb: number;
  readModelsMb: number;
}

async function measure(PRODUCTS: number): Promise<SizeFigures> {
  if (KEPT_DIR) mkdirSync(KEPT_DIR, { recursive: true });
  const dir = KEPT_DIR ? { path: KEPT_DIR, remove: () => undefined } : tempDir('shop-bench-');
  try {
    const file = generateCatalog({ products: PRODUCTS });
    // Typo queries for search: product-name words with one typo of each kind, plus filler words,
    // all different, so none is answered from the reply cache.
    const nameWords = [...new Set(file.products.slice(0, 5000).flatMap((p) => p.name.toLowerCase().match(/\p{L}{5,}/gu) ?? []))];
    const typoQueries = nameWords.flatMap((w) => TYPO_KINDS.flatMap((kind) => [typo(w, kind), `${typo(w, kind)} for mom`, `gift ${typo(w, kind)}`]));
    const seeded = KEPT_DIR !== undefined && existsSync(join(dir.path, 'read-models.db'));
    const prepared = seeded ? await reuseSeeded(dir.path) : await seed(dir.path, PRODUCTS, file);
    if (ROUTES === 'none') process.exit(0);
    return await load(dir.path, PRODUCTS, prepared, file.categories[0]!.subcategories[0]!.id, typoQueries);
  } finally {
    dir.remove();
  }
}

/** What seeding left for the load: its rates and the routes' targets. */
interface Prepared {
  appendPerSec: number;
  rebuildPerSec: number;
  ids: string[];
}

/** A kept data directory from an earlier run: read the targets back from its read model. */
async function reuseSeeded(path: string): Promise<Prepared> {
  console.log(`\nReusing the catalog in ${path} (BENCH_DATA_DIR; append and rebuild not measured)`);
  const docs = new SqliteDocumentStore(join(path, 'read-models.db'));
  try {
    for (const spec of catalogCollections) await docs.defineCollection(spec);
    const sample = await docs.find<ProductDoc>(CATALOG.products, {}, { limit: 2000, skip: 1000 });
    return { appendPerSec: NaN, rebuildPerSec: NaN, ids: sample.map((p) => p.id) };
  } finally {
    await docs.close();
  }
}

async function seed(path: string, PRODUCTS: number, file: ReturnType<typeof generateCatalog>): Promise<Prepared> {
  const dir = { path };
  {
    console.log(`\nBuilding a catalog of ${PRODUCTS.toLocaleString('en-US')} products in ${dir.path}`);

    // 1. Append rate: every product through the catalog's command handler.
    const events = new SqliteEventStore(join(dir.path, 'events.db'));
    const started = performance.now();
    await importCatalog(new CatalogCommands(events), file);
    const appendSeconds = (performance.now() - started) / 1000;
    const eventCount = Number(await events.headPosition());
    console.log(`append: ${eventCount.toLocaleString('en-US')} events in ${appendSeconds.toFixed(1)} s = ${Math.round(eventCount / appendSeconds).toLocaleString('en-US')} events/s (command handling included)`);

    // 2. Rebuild rate: the rebuild tool replays the whole log into shadow collections (indexes
    //    deferred, then built once) and swaps them in; here that also creates the live read model.
    const docs = new SqliteDocumentStore(join(dir.path, 'read-models.db'));
    const rebuildStarted = performance.now();
    let indexingStarted = rebuildStarted;
    const onProgress = ({ phase }: { phase: string }) => {
      if (phase === 'indexing') indexingStarted = performance.now();
    };
    const rebuilt = await rebuildProjection(catalogProjection, { events, store: docs, batchSize: REBUILD_BATCH, onProgress });
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
    const replaySeconds = (indexingStarted - rebuildStarted) / 1000;
    const rebuildRate = Math.round(rebuilt.events / rebuildSeconds);
    console.log(`rebuild: catalog projection replayed ${rebuilt.events.toLocaleString('en-US')} events into shadows (${replaySeconds.toFixed(1)} s), built indexes (${(rebuildSeconds - replaySeconds).toFixed(1)} s) and swapped in ${rebuildSeconds.toFixed(1)} s = ${rebuildRate.toLocaleString('en-US')} events/s (target >= 50,000: ${rebuildRate >= 50_000 ? 'MET' : 'MISSED'})`);
    // The store's floor is a rebuild figure: left out when only search is measured (or only seeded).
    if (ROUTES !== 'search' && ROUTES !== 'typos' && ROUTES !== 'none') {
      const floor = await measureStoreFloor(docs, REBUILD_BATCH);
      const ceiling = Math.round(rebuilt.events / (floor.writeSeconds + rebuildSeconds - replaySeconds));
      console.log(`store floor: the same ${floor.documents.toLocaleString('en-US')} finished documents written by the document store alone (no events read or decoded) take ${floor.writeSeconds.toFixed(1)} s against the replay's ${replaySeconds.toFixed(1)} s; with the same index build, no replay into this store beats ${ceiling.toLocaleString('en-US')} events/s`);
      const ofFloor = rebuildRate / ceiling;
      console.log(`rebuild rate / floor rate = ${ofFloor.toFixed(2)} (target >= 0.8: ${ofFloor >= 0.8 ? 'MET' : 'MISSED'}; \`npm run bench:catalog-rebuild\` repeats just this, alternately)`);
    }

    // The search read model is its own projection; build it here too, so the server starts with it.
    const searchStarted = performance.now();
    await rebuildProjection(searchProjection, { events, store: docs, batchSize: REBUILD_BATCH });
    console.log(`rebuild: search projection in ${((performance.now() - searchStarted) / 1000).toFixed(1)} s`);

    // A sample of product ids for the product page route.
    const sample = await docs.find<ProductDoc>(CATALOG.products, {}, { limit: 2000, skip: 1000 });
    const ids = sample.map((p) => p.id);
    await docs.close();
    await events.close();
    return { appendPerSec: eventCount / appendSeconds, rebuildPerSec: rebuildRate, ids };
  }
}

/** The routes' figures with 1 API process, then with WORKERS, side by side; the 1-process figures go to the size summary. */
async function load(path: string, PRODUCTS: number, prepared: Prepared, subCatId: string, typoQueries: string[]): Promise<SizeFigures> {
  const runs: { processes: number; figures: SizeFigures; cpu: Map<string, number | null> }[] = [];
  for (const processes of processCounts()) runs.push({ processes, ...(await loadWith(processes, path, PRODUCTS, prepared, subCatId, typoQueries)) });
  if (runs.length > 1) {
    const pad = (s: string | number, n: number) => String(s).padEnd(n);
    const [one, many] = [runs[0]!, runs[runs.length - 1]!];
    console.log(`\nAPI processes, side by side: 1 against ${many.processes} (${availableParallelism()} cores on this machine, the load generator among them)`);
    console.log(pad('route', 16) + pad('req/s x1', 10) + pad(`req/s x${many.processes}`, 11) + pad('scaling', 9) + pad('p99 x1', 8) + pad(`p99 x${many.processes}`, 9) + pad('CPU ms/req x1', 15) + `CPU ms/req x${many.processes} (all processes)`);
    const cpuCell = (run: typeof one, name: string) => {
      const value = run.cpu.get(name);
      return value === undefined || value === null ? 'n/a' : value.toFixed(3);
    };
    for (const row of one.figures.rows) {
      const other = many.figures.rows.find((r) => r.name === row.name)!;
      console.log(
        pad(row.name, 16) + pad(Math.round(row.reqPerSec), 10) + pad(Math.round(other.reqPerSec), 11) + pad((other.reqPerSec / row.reqPerSec).toFixed(2), 9) +
          pad(row.p99, 8) + pad(other.p99, 9) + pad(cpuCell(one, row.name), 15) + cpuCell(many, row.name),
      );
    }
  }
  return runs[0]!.figures;
}

async function loadWith(processes: number, path: string, PRODUCTS: number, prepared: Prepared, subCatId: string, typoQueries: string[]): Promise<{ figures: SizeFigures; cpu: Map<string, number | null> }> {
  // 3. Load the running server.
  const server = await startServer({ DATA_DIR: path, WORKERS: String(processes) });
  console.log(`\nWORKERS=${processes}`);
  /** Server CPU per request (user + system, every process, from /proc) of each route. */
  const cpu = new Map<string, number | null>();
  try {
    const run = async (name: string, paths: string[]) => {
      const before = server.cpuMs();
      const figures = await loadRoute(server.url, name, paths, { duration: DURATION });
      const after = server.cpuMs();
      // loadRoute's warm-up (2 s) is in the CPU time too: count its requests at the measured rate.
      cpu.set(name, before === null || after === null ? null : (after - before) / (figures.reqPerSec * (DURATION + 2)));
      return figures;
    };
    /** The same, printing the server's CPU per request. */
    const runWithCpu = async (name: string, paths: string[]) => {
      const figures = await run(name, paths);
      const perRequest = cpu.get(name);
      if (perRequest !== undefined && perRequest !== null) console.log(`${name}: ~${perRequest.toFixed(2)} ms of server CPU per request`);
      return figures;
    };
    const baseline = await run('baseline', ['/healthz']);
    const searchRows = async () => [
      ...(ROUTES === 'typos' ? [] : [await run('search', ['/api/search?q=watch', '/api/search?q=cotton%20shirt', '/api/search?q=gift', '/api/search?q=phone', '/api/search?q=sneeker', '/api/search?q=jeens', '/api/search?q=lipstik', '/api/search?q=gift%20for%20mom'])]),
      // Every request a different typo query (and location), none from the reply cache: the search index's own cost.
      await runWithCpu('search, typos', Array.from({ length: 100_000 }, (_, i) => `/api/search?q=${encodeURIComponent(typoQueries[i % typoQueries.length]!)}&location=${['IN', 'US', 'All', 'GB'][Math.floor(i / typoQueries.length) % 4]}`)),
    ];
    const rows =
      ROUTES === 'search' || ROUTES === 'typos'
        ? [baseline, ...(await searchRows())]
        : [
            baseline,
            await run('subcategory', [`/api/products/subCatId?subCatId=${subCatId}&page=1&perPage=20`]),
            await run('fiterByPrice', [`/api/products/fiterByPrice?minPrice=1000&maxPrice=1400&subCatId=${subCatId}&page=1&perPage=20`]),
            // The sort menu: each sort of one subcategory page, and page 5 of a sorted one.
            await run('sorted', ['price-asc', 'price-desc', 'rating', 'discount'].map((sort) => `/api/products/subCatId?subCatId=${subCatId}&page=1&perPage=20&sort=${sort}`).concat(`/api/products/subCatId?subCatId=${subCatId}&page=5&perPage=20&sort=price-asc`)),
            ...(await searchRows()),
            await run('product/:id', prepared.ids.map((id) => `/api/products/${id}`)),
            // Every request a different price range, so none is answered from the reply cache: the
            // cost of building a listing reply from the read model.
            await run('uncached', Array.from({ length: 100_000 }, (_, i) => `/api/products/fiterByPrice?minPrice=${100 + i}&maxPrice=${5100 + i}&subCatId=${subCatId}&page=1&perPage=20`)),
            // The same, sorted by price (the sort menu's index, not the newest-first one).
            await run('uncached sorted', Array.from({ length: 100_000 }, (_, i) => `/api/products/fiterByPrice?minPrice=${100 + i}&maxPrice=${5100 + i}&subCatId=${subCatId}&page=1&perPage=20&sort=price-asc`)),
          ];
    printRouteTable(rows, baseline, {
      subcategory: { p99: 10, ratio: 0.5 },
      fiterByPrice: { p99: 10, ratio: 0.5 },
      sorted: { p99: 10, ratio: 0.5 },
      'product/:id': { p99: 10, ratio: 0.5 },
      search: { p99: 25 },
      'search, typos': { p99: 25 },
    });
    const residentMb = server.residentMb();
    const fileMb = (name: string) =>
      ['', '-wal'].reduce((sum, suffix) => sum + (existsSync(join(path, name + suffix)) ? statSync(join(path, name + suffix)).size : 0), 0) / 1024 / 1024;
    const figures = {
      products: PRODUCTS,
      appendPerSec: prepared.appendPerSec,
      rebuildPerSec: prepared.rebuildPerSec,
      rows,
      baseline,
      residentMb,
      eventLogMb: fileMb('events.db'),
      readModelsMb: fileMb('read-models.db'),
    };
    console.log(`server resident memory after the load (all processes): ${residentMb === null ? 'n/a' : `${Math.round(residentMb)} MB`}; events.db ${figures.eventLogMb.toFixed(0)} MB, read-models.db ${figures.readModelsMb.toFixed(0)} MB`);
    return { figures, cpu };
  } finally {
    await server.stop();
  }
}

/** Every size in turn, then one table that shows how each cost grows with the catalog. */
async function main() {
  const all: SizeFigures[] = [];
  for (const size of SIZES) all.push(await measure(size));
  if (all.length < 2) return;
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const routes = all[0]!.rows.filter((row) => row !== all[0]!.baseline).map((row) => row.name);
  console.log('\nHow the costs grow with the catalog (route cells: ratio to /healthz / p99 ms)');
  console.log(pad('products', 11) + pad('append/s', 10) + pad('rebuild/s', 11) + routes.map((r) => pad(r, 14)).join('') + pad('RSS MB', 8) + pad('log MB', 8) + 'read MB');
  for (const f of all) {
    const cells = routes.map((name) => {
      const row = f.rows.find((r) => r.name === name)!;
      return pad(`${(row.reqPerSec / f.baseline.reqPerSec).toFixed(2)} / ${row.p99}`, 14);
    });
    console.log(
      pad(f.products.toLocaleString('en-US'), 11) + pad(Math.round(f.appendPerSec), 10) + pad(Math.round(f.rebuildPerSec), 11) + cells.join('') +
        pad(f.residentMb === null ? 'n/a' : Math.round(f.residentMb), 8) + pad(f.eventLogMb.toFixed(0), 8) + f.readModelsMb.toFixed(0),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
