/**
 * The search index alone under `bench:catalog`'s typo query set, in-process (no server): the
 * quickest loop while working on the index's cost at scale. Builds the index of
 * BENCH_SEARCH_PRODUCTS generated products (default 1,000,000), then runs every typo query once
 * (locations rotating as the bench's do) and prints time per query by kind. With
 * SEARCH_COMPARE=1 a second index ranking every match (no shortcuts) answers the same queries
 * and every page must be the same. Profile with
 * SEARCH_PROFILE=/tmp/search.cpuprofile (the queries only, not the build).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { generateCatalog } from '@shop/server/seed/catalog-data';
import { SearchIndex } from '@shop/read-api/search/engine';
import { catalogEntries, typo, TYPO_KINDS } from './search-queries.ts';

const PRODUCTS = Number(process.env.BENCH_SEARCH_PRODUCTS ?? 1_000_000);
const COMPARE = process.env.SEARCH_COMPARE === '1';
const ROUNDS = Number(process.env.SEARCH_ROUNDS ?? 1);

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const file = generateCatalog({ products: PRODUCTS });
// The same typo queries as bench/src/catalog.ts.
const nameWords = [...new Set(file.products.slice(0, 5000).flatMap((p) => p.name.toLowerCase().match(/\p{L}{5,}/gu) ?? []))];
const queries = nameWords.flatMap((w) => TYPO_KINDS.flatMap((kind) => [typo(w, kind), `${typo(w, kind)} for mom`, `gift ${typo(w, kind)}`]));
const entries = catalogEntries(file);
const started = performance.now();
const index = new SearchIndex();
for (const e of entries) index.upsert(e);
console.log(`index of ${PRODUCTS.toLocaleString('en-US')} built in ${((performance.now() - started) / 1000).toFixed(1)} s; ${queries.length} queries`);
const reference = COMPARE ? new SearchIndex(undefined, { streamFrom: Infinity, exactTotal: Infinity }) : null;
if (reference) for (const e of entries) reference.upsert(e);

const profile = process.env.SEARCH_PROFILE;
const session = profile ? new Session() : null;
if (session) {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
}
const kindOf = (q: string) => (q.startsWith('gift ') ? 'gift …' : q.endsWith(' for mom') ? '… for mom' : 'typo word');
const locations = ['IN', 'US', 'All', 'GB'];
for (let round = 0; round < ROUNDS; round++) {
  const times = new Map<string, number[]>();
  let differ = 0;
  const slow: { q: string; ms: number; total: number }[] = [];
  queries.forEach((q, i) => {
    const location = locations[(i + round) % 4];
    const t = performance.now();
    const page = index.search(q, { location, limit: 60 });
    const ms = performance.now() - t;
    for (const k of [kindOf(q), 'all']) (times.get(k) ?? times.set(k, []).get(k)!).push(ms);
    slow.push({ q, ms, total: page.total });
    if (reference) {
      const want = reference.search(q, { location, limit: 60 });
      const totalOk = page.total === want.total || (page.total > index.exactTotal && want.total > index.exactTotal);
      if (!totalOk || page.ids.join() !== want.ids.join()) {
        if (differ++ < 5) console.log(`differs: ${JSON.stringify(q)} ${location}: total ${page.total} vs ${want.total}, first ids ${page.ids.slice(0, 3)} vs ${want.ids.slice(0, 3)}`);
      }
      if (page.total > index.exactTotal) {
        const ratio = page.total / want.total;
        (times.get('estimate ratio') ?? times.set('estimate ratio', []).get('estimate ratio')!).push(ratio);
      }
    }
  });
  for (const [kind, list] of times) {
    list.sort((a, b) => a - b);
    const mean = list.reduce((a, b) => a + b, 0) / list.length;
    console.log(`round ${round + 1} ${kind.padEnd(14)} n ${String(list.length).padStart(5)}  p50 ${quantile(list, 0.5).toFixed(2)}  mean ${mean.toFixed(2)}  p99 ${quantile(list, 0.99).toFixed(2)}  max ${list.at(-1)!.toFixed(2)}`);
  }
  if (process.env.SEARCH_SLOW) console.log('slowest:', slow.sort((a, b) => b.ms - a.ms).slice(0, 12).map((s) => `${JSON.stringify(s.q)} ${s.ms.toFixed(1)} ms (${s.total})`).join(', '));
  if (reference) console.log(`pages differing from ranking everything: ${differ}`);
}
if (session) {
  const { profile: taken } = await session.post('Profiler.stop');
  writeFileSync(profile!, JSON.stringify(taken));
}
