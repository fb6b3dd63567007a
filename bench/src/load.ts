import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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
  /** CPU ms (user + system) the server process has used so far; null where /proc is missing. */
  cpuMs(): number | null;
  /** The same for its main thread alone: the event loop that answers every request (not the SQLite worker threads). */
  loopCpuMs(): number | null;
  /** The server process's resident memory now, in MB; null where /proc is missing. */
  residentMb(): number | null;
  stop(): Promise<void>;
}

/**
 * Starts the real shop (`server/src/main.ts`) in its own process, so the load generator and
 * the server each get a core instead of sharing one event loop. BENCH_NODE_ARGS passes extra
 * Node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it).
 */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  // BENCH_SERVER_ROOT: another checkout's server (e.g. /work/main), to compare in one sitting.
  const root = process.env.BENCH_SERVER_ROOT;
  const main = root ? join(root, 'server/src/main.ts') : fileURLToPath(new URL('../../server/src/main.ts', import.meta.url));
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child: ChildProcess = spawn(process.execPath, [...extra, '--import', 'tsx', main], {
    ...(root ? { cwd: root } : {}),
    env: { ...process.env, LOG_LEVEL: 'warn', SEED_CATALOG: 'false', ...env, PORT: String(port), HOST: '127.0.0.1' },
    // The server's log goes to this terminal: a pipe nobody reads would stall it once full.
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 200));
  }
  const cpuOf = (statFile: string) => {
    if (!existsSync(statFile)) return null;
    const fields = readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 10 ms clock ticks
  };
  return {
    url,
    cpuMs: () => cpuOf(`/proc/${child.pid}/stat`),
    // The main thread's id is the process id.
    loopCpuMs: () => cpuOf(`/proc/${child.pid}/task/${child.pid}/stat`),
    residentMb() {
      const status = `/proc/${child.pid}/status`;
      if (!existsSync(status)) return null;
      const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(status, 'utf8'))?.[1];
      return kb === undefined ? null : Number(kb) / 1024;
    },
    stop: () =>
      new Promise((resolve) => {
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
