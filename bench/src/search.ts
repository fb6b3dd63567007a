/**
 * npm run bench:search — search quality and cost, without a server:
 *
 * 1. Quality: the query set generated from the demo catalog (bench/src/search-queries.ts: every
 *    kind of one-letter typo in product names and catalog words, inner words, synonyms, filler
 *    words) against the search index built from the search projection's entries; prints the
 *    top-10 hit rate and empty results per kind, and the precision of category words (the share
 *    of the top 20 of "shoe", "kurta", "lipstick"… in the query's own category).
 * 2. Cost: heap of the index per product (BENCH_SEARCH_PRODUCTS, default 100,000, generated
 *    catalog; run with --expose-gc for exact figures, as the npm script does), time to build
 *    it, and query time (p50/p99 over typo, inner-word and multi-word queries, each first seen,
 *    then repeated).
 */
import { generateCatalog } from '@shop/server/seed/catalog-data';
import { buildIndex, catalogEntries, measurePrecision, measureQuality, qualityQueries, typo, TYPO_KINDS } from './search-queries.ts';

const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 100_000);

function percent(n: number, of: number): string {
  return `${((100 * n) / Math.max(of, 1)).toFixed(1)}%`;
}

function heapMb(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  // Postings live in typed arrays, whose memory is outside the JS heap proper.
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1e6;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

function main() {
  // 1. Quality on the demo shop.
  const demo = catalogEntries(generateCatalog());
  const index = buildIndex(demo);
  const queries = qualityQueries(demo);
  const { figures, misses } = measureQuality(index, demo, queries);
  console.log(`Search quality over the demo catalog (${demo.length} products, ${queries.length} queries):`);
  console.log('kind                          queries   top-10 hit   empty');
  for (const f of figures) console.log(`${f.kind.padEnd(30)}${String(f.queries).padStart(7)}   ${percent(f.top10, f.queries).padStart(10)}   ${String(f.empty).padStart(5)}`);
  for (const kind of new Set(misses.map((m) => m.kind))) console.log(`misses, ${kind} (first 12): ${misses.filter((m) => m.kind === kind).slice(0, 12).map((m) => JSON.stringify(m.query)).join(", ")}`);
  const precision = measurePrecision(index, demo);
  console.log(
    `precision (share of the top 20 in the query's own category, ${precision.perWord.length} category words): ${percent(precision.share * 1000, 1000)}; ` +
      precision.perWord.map((w) => `${w.query} ${w.onTopic}/${w.shown}`).join(', '),
  );

  // 2. Memory and time at scale.
  if (!globalThis.gc) console.log('(run with node --expose-gc for exact heap figures)');
  const file = generateCatalog({ products: PRODUCTS });
  const entries = catalogEntries(file);
  const words = [...new Set(entries.slice(0, 2000).flatMap((e) => e.name.toLowerCase().match(/\p{L}{5,}/gu) ?? []))];
  const before = heapMb();
  const started = performance.now();
  const big = buildIndex(entries);
  const buildMs = performance.now() - started;
  const after = heapMb();
  const perProduct = ((after - before) * 1e6) / PRODUCTS;
  console.log(
    `index of ${PRODUCTS.toLocaleString('en-US')} products: built in ${(buildMs / 1000).toFixed(1)} s, heap ${(after - before).toFixed(0)} MB = ${perProduct.toFixed(0)} bytes per product (at 1,000,000: ~${((perProduct * 1e6) / 1e6).toFixed(0)} MB)`,
  );
  const sample = words.flatMap((w, i) => [typo(w, TYPO_KINDS[i % 4]!), w.slice(2), `${w} for mom`, `gift ${typo(w, TYPO_KINDS[(i + 1) % 4]!)} with love`]);
  for (const round of ['first seen', 'repeated'] as const) {
    const times: number[] = [];
    for (const q of sample) {
      const t = performance.now();
      big.search(q, { limit: 60 });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`query time at ${PRODUCTS.toLocaleString('en-US')} products (${sample.length} queries, ${round}): p50 ${quantile(times, 0.5).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms`);
  }
  if (big.size !== PRODUCTS) throw new Error('index lost products');
}

main();
