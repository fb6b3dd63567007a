/**
 * npm run bench:trace-syncs — evidence that an acknowledged command is on disk. Starts the real
 * server under `strace -f -ttt -T -y -e trace=fsync,fdatasync` (once per EVENT_LOG_SYNC mode,
 * TRACE_SYNC=full,normal by default) and, against it:
 *   1. sends cart adds one after another, timing each (request sent → reply read), and checks
 *      that a sync of the event log's WAL ran wholly inside each of those windows;
 *   2. sends rounds of concurrent cart adds and counts WAL syncs against commands (group commit:
 *      one sync per group, not per command);
 *   3. signs a shopper up, which writes the code e-mail to the outbox, and lists the syncs of it.
 * Needs strace (Debian: apt-get install strace). Not a benchmark: it runs in seconds.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newId } from '@shop/contracts';
import { TokenService, createLogger, loadConfig } from '@shop/platform';
import { composeShop } from '@shop/server';
import { tempDir } from '../../test-support/temp-dir.ts';
import { freePort } from './load.ts';

const SEQUENTIAL = Number(process.env.TRACE_SEQUENTIAL ?? 40);
const ROUNDS = Number(process.env.TRACE_ROUNDS ?? 5);
const CONCURRENT = Number(process.env.TRACE_CONCURRENT ?? 32);

/** One fsync/fdatasync the trace saw: thread, file, start and end (epoch seconds). */
interface Sync {
  tid: number;
  call: string;
  path: string;
  start: number;
  end: number;
}

/** Reads strace's output (-f -ttt -T -y), joining calls that another thread interrupted. */
function parseTrace(text: string): Sync[] {
  const syncs: Sync[] = [];
  const unfinished = new Map<number, { call: string; path: string; start: number }>();
  for (const line of text.split('\n')) {
    const started = /^(\d+)\s+([\d.]+)\s+(fsync|fdatasync)\(\d+<([^>]*)>/.exec(line);
    if (started) {
      const [, tid, start, call, path] = started;
      const done = /<([\d.]+)>\s*$/.exec(line);
      if (line.includes('<unfinished ...>')) unfinished.set(Number(tid), { call: call!, path: path!, start: Number(start) });
      else if (done) syncs.push({ tid: Number(tid), call: call!, path: path!, start: Number(start), end: Number(start) + Number(done[1]) });
      continue;
    }
    const resumed = /^(\d+)\s+([\d.]+)\s+<\.\.\. (fsync|fdatasync) resumed>.*<([\d.]+)>\s*$/.exec(line);
    if (resumed) {
      const begun = unfinished.get(Number(resumed[1]));
      if (!begun) continue;
      unfinished.delete(Number(resumed[1]));
      syncs.push({ tid: Number(resumed[1]), ...begun, end: Number(resumed[2]) });
    }
  }
  return syncs;
}

const now = () => (performance.timeOrigin + performance.now()) / 1000;

async function prepare(dataDir: string): Promise<string[]> {
  // A secret of its own here, so the traced server generates (and syncs) the data folder's on its first start.
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_CATALOG: 'false', UI_DIST: `${dataDir}/no-ui`, JWT_SECRET: randomBytes(48).toString('base64url') };
  const shop = await composeShop(loadConfig(env), createLogger('warn'));
  try {
    const { categoryId } = await shop.catalog.createCategory({ name: 'Trace', color: '#000000', images: [] });
    const { subcategoryId } = await shop.catalog.addSubcategory({ categoryId, name: 'Trace goods' });
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) {
      const details = { name: `Trace Lamp ${i}`, brand: 'Trace', description: 'Traced.', images: ['/images/trace.svg'], price: 100, oldPrice: 200, discount: 10 };
      const rest = { countInStock: 1_000_000, rating: 4, isFeatured: false, catId: categoryId, subCatId: subcategoryId, productRam: [], size: [], productWeight: [], location: [{ value: 'All', label: 'All' }] };
      ids.push((await shop.catalog.saveProduct({ details: { ...details, ...rest } })).productId);
    }
    await shop.runner.catchUp();
    return ids;
  } finally {
    await shop.close();
  }
}

async function traceMode(mode: string, dataDir: string, products: string[]) {
  const port = await freePort();
  const traceFile = join(dataDir, `strace-${mode}.txt`);
  const main = fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
  const child = spawn('strace', ['-f', '-ttt', '-T', '-y', '-e', 'trace=fsync,fdatasync', '-o', traceFile, process.execPath, '--import', 'tsx', main], {
    env: { ...process.env, WORKERS: '1', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SEED_CATALOG: 'false', UI_DIST: `${dataDir}/no-ui`, EVENT_LOG_SYNC: mode },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 120_000; ; ) {
    if (child.exitCode !== null) throw new Error(`strace/server exited with ${child.exitCode}`);
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) break;
    if (Date.now() > deadline) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  // The traced server: strace's child. strace run as `strace -o FILE PROG` ignores SIGTERM, so
  // the server is the one told to stop.
  const server = Number(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/)[0]);
  // The server generated its secret on first start (durably: see the syncs of secrets/); sign with it.
  const signer = new TokenService(readFileSync(join(dataDir, 'secrets', 'jwt-secret'), 'utf8').trim());
  const token = () => signer.sign({ userId: newId(), email: `${newId()}@trace.example`, isAdmin: false });
  const add = async (productId: string) => {
    const sent = now();
    const reply = await fetch(`${url}/api/cart/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` },
      body: JSON.stringify({ productId, quantity: 1 }),
    });
    await reply.text();
    if (reply.status !== 201) throw new Error(`cart add answered ${reply.status}`);
    return { sent, replied: now() };
  };

  const sequential = [];
  for (let i = 0; i < SEQUENTIAL; i++) sequential.push(await add(products[i % products.length]!));
  const concurrentStart = now();
  for (let round = 0; round < ROUNDS; round++) await Promise.all(Array.from({ length: CONCURRENT }, (_, i) => add(products[i % products.length]!)));
  const concurrentEnd = now();
  const signupStart = now();
  const email = `trace-${newId()}@example.in`;
  const signup = await fetch(`${url}/api/user/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Trace Shopper', email, phone: '9876543210', password: 'Trace-password-1' }),
  });
  await signup.text();
  const signupEnd = now();

  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(server, 'SIGTERM'); // the server shuts down, then strace exits
  });
  const syncs = parseTrace(readFileSync(traceFile, 'utf8'));
  const wal = syncs.filter((s) => s.path.endsWith('/events.db-wal'));
  const covered = sequential.filter((c) => wal.some((s) => s.start >= c.sent && s.end <= c.replied));
  const inWindow = (from: number, to: number) => wal.filter((s) => s.start >= from && s.end <= to);
  const seqWal = inWindow(sequential[0]!.sent, sequential.at(-1)!.replied);
  const ms = (list: Sync[]) => (list.length === 0 ? 'n/a' : `${((list.reduce((t, s) => t + s.end - s.start, 0) / list.length) * 1000).toFixed(2)} ms`);
  const mainThread = server;

  console.log(`\nEVENT_LOG_SYNC=${mode} (trace: ${traceFile})`);
  console.log(`  ${SEQUENTIAL} cart adds one after another: ${covered.length} of ${SEQUENTIAL} had a sync of events.db-wal start and finish between the request and its reply`);
  console.log(`    events.db-wal syncs in that span: ${seqWal.length} (mean ${ms(seqWal)}), ${seqWal.filter((s) => s.tid === mainThread).length} of them by commits on the server's main thread`);
  const concurrent = inWindow(concurrentStart, concurrentEnd);
  console.log(`  ${ROUNDS} rounds of ${CONCURRENT} concurrent cart adds (${ROUNDS * CONCURRENT} commands): ${concurrent.length} events.db-wal syncs (${concurrent.filter((s) => s.tid === mainThread).length} by commits on the main thread, mean ${ms(concurrent)})`);
  const mail = syncs.filter((s) => s.start >= signupStart && s.end <= signupEnd && (s.path.includes('/outbox') || s.path === dataDir));
  console.log(`  sign-up (${signup.status}): outbox syncs ${mail.map((s) => `${s.call}(${s.path.slice(dataDir.length + 1) || '.'})`).join(', ') || 'none'}`);
  const secret = syncs.filter((s) => s.path.includes('/secrets'));
  console.log(`  first start: secret syncs ${secret.map((s) => `${s.call}(${s.path.slice(dataDir.length + 1)})`).join(', ') || 'none'}`);
  return { mode, covered: covered.length };
}

async function main() {
  if (!existsSync('/usr/bin/strace')) throw new Error('strace is not installed (apt-get install strace)');
  const modes = (process.env.TRACE_SYNC ?? 'full,normal').split(',').filter(Boolean);
  const dir = tempDir('shop-trace-syncs-');
  try {
    for (const mode of modes) {
      const dataDir = join(dir.path, mode);
      const products = await prepare(dataDir);
      await traceMode(mode, dataDir, products);
    }
  } finally {
    if (process.env.TRACE_KEEP === '1') console.log(`\nkept ${dir.path}`);
    else dir.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
