import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, spawnShopProcess } from '../test-support/shop-process.ts';

// Building the storefront and running the real server, for the e2e setup and bench:ui.

export { ROOT };
export const UI = join(ROOT, 'ui');
const DIST_INDEX = join(UI, 'dist', 'index.html');

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Runs a production build of the storefront into `outDir` (whatever the caller's NODE_ENV is). */
export function buildUi(outDir: string): void {
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    cwd: UI,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

export interface UiDist {
  dir: string;
  remove(): void;
}

/**
 * The built storefront to serve: ui/dist when it is newer than every source file, otherwise a
 * fresh build in a temp folder. Never writes ui/dist, so runs in parallel (or a server someone is
 * using) are not disturbed by a rebuild.
 */
export function prepareUiDist(force = false): UiDist {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => join(UI, p)).filter(existsSync);
  const built = existsSync(DIST_INDEX) ? statSync(DIST_INDEX).mtimeMs : 0;
  if (!force && built > Math.max(...sources.map(newestMtime)) && process.env.E2E_REBUILD !== '1') {
    return { dir: join(UI, 'dist'), remove: () => undefined };
  }
  const dir = mkdtempSync(join(tmpdir(), 'shop-ui-dist-'));
  console.log(`[e2e] building the UI into ${dir}…`);
  buildUi(dir);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RunningShop {
  url: string;
  process: ChildProcess;
  dataDir: string;
  stop(): Promise<void>;
}

/** The real server (server/src/main.ts) on a free port of 127.0.0.1 with a fresh data folder and the seed. */
export async function startShop(uiDist: string, nodeEnv: 'test' | 'production' = 'test'): Promise<RunningShop> {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const { url, child } = await spawnShopProcess(
    // Refunds owed stay owed for the run (the desk's sweeps have integration tests of their own),
    // so the back office's "refunds owed" can be read after a cancellation without a race.
    { DATA_DIR: dataDir, SEED_CATALOG: 'true', UI_DIST: uiDist, NODE_ENV: nodeEnv, ALLOW_TEST_PAYMENTS: 'true', REFUND_SWEEP_MS: '3600000' },
    180_000,
  );
  return {
    url,
    process: child,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(force);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

