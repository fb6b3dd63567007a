/**
 * The server's CPU per catalog read, for comparing two versions of the read path in one sitting
 * (a figure in req/s follows the machine's other load; CPU per request much less). Starts the
 * shop at `BENCH_SERVER_ROOT` (default: this checkout; another worktree, e.g. an older commit's,
 * to compare) on a fresh demo catalog, sends the catalog GETs bench:mixed reads alone (category
 * list, featured, every category's and subcategory's first page, 100 product pages) for
 * `BENCH_REQUESTS` requests after a warm-up, and prints req/s and the server's CPU µs per
 * request (from /proc). `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"` profiles it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { CategoryDoc } from '@shop/contracts';
import { tempDir } from '../../test-support/temp-dir.ts';
import { freePort } from './load.ts';

const ROOT = resolve(process.env.BENCH_SERVER_ROOT ?? fileURLToPath(new URL('../..', import.meta.url)));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100_000);
const CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 24);

const dir = tempDir('shop-reads-');
const port = await freePort();
const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const child = spawn(process.execPath, [...extra, '--import', 'tsx', join(ROOT, 'server/src/main.ts')], {
  cwd: ROOT,
  env: { ...process.env, LOG_LEVEL: 'warn', WORKERS: '1', SEED_CATALOG: 'true', DATA_DIR: dir.path, JWT_SECRET: 'x'.repeat(48), PORT: String(port), HOST: '127.0.0.1' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const url = `http://127.0.0.1:${port}`;
try {
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (tries > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const categories = (await (await fetch(`${url}/api/category`)).json()) as { categoryList: CategoryDoc[] };
  const paths = ['/api/category', '/api/products/featured'];
  for (const category of categories.categoryList) {
    paths.push(`/api/products/catId?catId=${category.id}&page=1&perPage=20`);
    for (const sub of category.children) paths.push(`/api/products/subCatId?subCatId=${sub.id}&page=1&perPage=20`);
  }
  const listing = (await (await fetch(`${url}/api/products?page=1&perPage=100`)).json()) as { products: { id: string }[] };
  for (const product of listing.products) paths.push(`/api/products/${product.id}`);

  const cpuMs = () => {
    const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  };
  const load = (amount: number) => {
    let next = 0;
    return autocannon({
      url,
      connections: CONNECTIONS,
      amount,
      requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
    });
  };
  await load(Math.min(20_000, REQUESTS));
  const cpuBefore = cpuMs();
  const clientBefore = process.cpuUsage();
  const result = await load(REQUESTS);
  const cpu = cpuMs() - cpuBefore;
  const client = process.cpuUsage(clientBefore);
  console.log(
    `${ROOT}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ` +
      `server CPU ${Math.round((cpu * 1000) / result.requests.total)} µs/request, load generator CPU ${Math.round((client.user + client.system) / result.requests.total)} µs/request, ${Math.round(result.throughput.total / result.requests.total)} bytes/reply (${result.requests.total} requests, non-2xx ${result.non2xx}, ${paths.length} paths)`,
  );
} finally {
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
  dir.remove();
}
