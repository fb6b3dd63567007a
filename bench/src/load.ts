import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export interface RouteFigures {
  name: string;
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
}

/**
 * The share of this machine's CPU time the hypervisor gave to other guests ("steal") from now
 * until the returned function is called, or null where /proc/stat is missing. On a shared VM a
 * busy host moves throughput and p99 more than most code changes, so runs print it.
 */
export function hostSteal(): () => number | null {
  const read = () => {
    if (!existsSync('/proc/stat')) return null;
    const ticks = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.trim().split(/\s+/).slice(1).map(Number);
    return { steal: ticks[7] ?? 0, total: ticks.reduce((sum, n) => sum + n, 0) };
  };
  const start = read();
  return () => {
    const end = read();
    if (!start || !end || end.total === start.total) return null;
    return (end.steal - start.steal) / (end.total - start.total);
  };
}

/** A free TCP port on 127.0.0.1 (listen on 0, read it, release it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  /** API processes serving (WORKERS). */
  processes: number;
  /** CPU ms (user + system) the server has used so far, all its processes summed; null where /proc is missing. */
  cpuMs(): number | null;
  /** The same for their main threads alone: the event loops that answer every request (not the SQLite worker threads). */
  loopCpuMs(): number | null;
  /** The server's resident memory now, all its processes summed, in MB; null where /proc is missing. */
  residentMb(): number | null;
  stop(): Promise<void>;
}

/**
 * The API process counts a bench compares in one run: 1 and WORKERS (default: this machine's
 * cores), or 1 alone when WORKERS is 1. Each count gets a server of its own on a copy of the same data.
 */
export function processCounts(): number[] {
  const workers = Number(process.env.WORKERS ?? availableParallelism());
  if (!Number.isInteger(workers) || workers < 1) throw new Error(`WORKERS is a whole number of processes (got ${process.env.WORKERS})`);
  return workers === 1 ? [1] : [1, workers];
}

/** A process and its descendants (a cluster's primary and its workers), from /proc. */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // ended while listed
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** utime + stime of a /proc stat file, in ms (10 ms clock ticks); 0 for a process gone meanwhile. */
function cpuOf(statFile: string): number {
  try {
    const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * Starts the real shop (`server/src/main.ts`) in its own process (with `WORKERS` > 1, a primary
 * and that many workers), so the load generator and the server each get cores of their own
 * instead of sharing one event loop; resolves once it says it runs (every worker listening).
 * BENCH_NODE_ARGS passes extra Node flags to the server (e.g. `--cpu-prof
 * --cpu-prof-dir=/tmp/prof` to profile it).
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  // BENCH_SERVER_ROOT: another checkout's server (e.g. /work/main), to compare in one sitting.
  const root = process.env.BENCH_SERVER_ROOT;
  const main = root ? join(root, 'server/src/main.ts') : fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, '--import', 'tsx', main], {
    ...(root ? { cwd: root } : {}),
    // One process unless the bench asks (WORKERS in this process's environment is the bench's own setting).
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_CATALOG: 'false', WORKERS: '1', ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The server's log goes to this terminal (read as it comes: a pipe nobody reads would stall it once full).
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in time')), 120_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (chunk.toString().includes('Shop running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  const url = `http://127.0.0.1:${port}`;
  const hasProc = existsSync('/proc/self/stat');
  const tree = () => processTree(child.pid!);
  return {
    url,
    processes: Number(env.WORKERS ?? 1),
    cpuMs: () => (hasProc ? tree().reduce((sum, pid) => sum + cpuOf(`/proc/${pid}/stat`), 0) : null),
    // A process's main thread has the process's id.
    loopCpuMs: () => (hasProc ? tree().reduce((sum, pid) => sum + cpuOf(`/proc/${pid}/task/${pid}/stat`), 0) : null),
    residentMb() {
      if (!hasProc) return null;
      let kb = 0;
      for (const pid of tree()) {
        try {
          kb += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        } catch {
          // ended while listed
        }
      }
      return kb / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Loads one route (a fixed path or one path per request) and returns its figures. */
/**
 * Loads one route (its paths in turn) and returns its figures. A short unmeasured run goes first,
 * so every route is measured warm (JIT-compiled, its replies cached) rather than the first one
 * after the server starts paying for the warm-up of the shared request path.
 */
export async function loadRoute(
  url: string,
  name: string,
  paths: string[],
  { connections = 32, duration = 10, warmup = 2 } = {},
): Promise<RouteFigures> {
  let next = 0;
  const run = (seconds: number) =>
    autocannon({
      url,
      connections,
      duration: seconds,
      requests: [
        {
          setupRequest: (request) => {
            request.path = paths[next++ % paths.length] ?? '/';
            return request;
          },
        },
      ],
    });
  if (warmup > 0) await run(warmup);
  const result = await run(duration);
  return {
    name,
    path: paths[0] ?? '/',
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export function printRouteTable(rows: RouteFigures[], baseline: RouteFigures, targets: Record<string, { p99: number; ratio?: number }>) {
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  console.log(
    '\n' + pad('route', 16) + pad('req/s', 10) + pad('p50 ms', 9) + pad('p99 ms', 9) + pad('vs baseline', 13) + pad('errors', 8) + 'target',
  );
  for (const row of rows) {
    const ratio = row.reqPerSec / baseline.reqPerSec;
    const target = targets[row.name];
    const ok = !target || (row.p99 <= target.p99 && (target.ratio === undefined || ratio >= target.ratio));
    const goal = target ? `p99<=${target.p99}${target.ratio ? ` ratio>=${target.ratio}` : ''} ${ok ? 'MET' : 'MISSED'}` : row === baseline ? 'baseline' : '(reported)';
    console.log(
      pad(row.name, 16) + pad(Math.round(row.reqPerSec), 10) + pad(row.p50, 9) + pad(row.p99, 9) + pad(ratio.toFixed(2), 13) + pad(row.errors, 8) + goal,
    );
  }
}
