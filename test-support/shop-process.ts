import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { scaledTimeout } from './time-budget.ts';

/**
 * The password hashing cost of a test shop started with `env` (put before `env`, so a test may
 * ask for another): scrypt at log2 N = 10, ~2 ms a hash instead of ~75 ms, since a run signs up
 * and in hundreds of times and no real password is at stake. A shop started with
 * NODE_ENV=production keeps its own (it refuses less than 15).
 */
export function testPasswordCost(env: Record<string, string> = {}): Record<string, string> {
  return env.NODE_ENV === 'production' ? {} : { PASSWORD_HASH_COST: '10' };
}

/** The repository's root: the server is started from there, as `npm start` does. */
export const ROOT = resolve(import.meta.dirname, '..');

/**
 * Node's arguments to run one of the server's entry points, `main` (the shop) or a command-line
 * tool of server/src/cli (`grant-admin`, `backup`, ...), from `root`: the compiled build `npm test`
 * made for this run (SHOP_SERVER_BUILD, scripts/test.ts), which is what `npm start` and the image
 * run and starts without a TypeScript loader (about 1.5 CPU-seconds less per process); else the
 * TypeScript sources through tsx (vitest started directly, or another release's checkout).
 */
export function serverEntry(entry: string, root = ROOT): string[] {
  const build = process.env.SHOP_SERVER_BUILD;
  if (build && root === ROOT) return [join(build, `${entry}.js`)];
  return ['--import', 'tsx', entry === 'main' ? 'server/src/main.ts' : `server/src/cli/${entry}.ts`];
}

/**
 * The real server (`server/src/main.ts`, compiled or not: `serverEntry`) in a process of its own, started with `env` on top of
 * this process's environment; resolves with the address it prints once it listens (PORT=0 picks
 * a free port), and fails with everything it wrote if it exits or is not up in time
 * (`startTimeoutMs` on the reference machine, scaled to this one). `root` is the checkout whose
 * server runs (another release's worktree, to write data the way it did).
 */
export async function spawnShopProcess(
  env: Record<string, string>,
  startTimeoutMs: number,
  root = ROOT,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, serverEntry('main', root), {
    cwd: root,
    // One process (the shop's own default is one per core) unless WORKERS is set: a run of the
    // suites with WORKERS=2 checks that several processes behave as one.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', WORKERS: process.env.WORKERS ?? '1', ...testPasswordCost(env), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const bound = scaledTimeout(startTimeoutMs);
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in ${bound / 1000} s:\n${output}`)), bound);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Shop running at (http:\/\/[^\s/]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code ?? signal}):\n${output}`));
    });
  });
  return { url, child };
}
