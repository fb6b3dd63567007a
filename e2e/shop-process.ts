import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT, spawnShopProcess } from '../test-support/shop-process.ts';

// Building the storefront and running the real server, for the e2e setup and bench:ui.

export { ROOT };
export const UI = join(ROOT, 'ui');

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

/** Where a test run keeps the storefront it built, for the next run to reuse while still current. */
const CACHED_DIST = join(ROOT, 'node_modules', '.cache', 'shop-e2e-ui-dist');

/** The newest change to the storefront's sources (contracts too: the storefront imports them). */
function newestUiSource(): number {
  const sources = [...['src', 'public', 'index.html', 'vite.config.ts', 'csp-hashes.ts', 'package.json'].map((p) => join(UI, p)), join(ROOT, 'contracts', 'src'), join(ROOT, 'package-lock.json')];
  return Math.max(...sources.filter(existsSync).map(newestMtime));
}

/** When `dir` was built; a build without the boot scripts' hash manifest is treated as never built. */
const builtAt = (dir: string) =>
  existsSync(join(dir, 'index.html')) && existsSync(join(dir, 'csp-hashes.json')) ? statSync(join(dir, 'index.html')).mtimeMs : 0;

/**
 * The built storefront to serve: ui/dist when it is newer than every source file, else the copy
 * an earlier test run built when that is, else a fresh build, kept for the next run. Never
 * writes ui/dist, so a server someone is using is not disturbed by a rebuild; builds into a temp
 * folder first, so runs side by side never serve a half-written copy. `force` (and E2E_REBUILD=1)
 * builds a fresh copy in a temp folder, removed afterwards.
 */
export function prepareUiDist(force = false): UiDist {
  const keep = { remove: () => undefined };
  const fresh = force || process.env.E2E_REBUILD === '1';
  if (!fresh) {
    const newest = newestUiSource();
    if (builtAt(join(UI, 'dist')) > newest) return { dir: join(UI, 'dist'), ...keep };
    if (builtAt(CACHED_DIST) > newest) return { dir: CACHED_DIST, ...keep };
  }
  if (!fresh) mkdirSync(dirname(CACHED_DIST), { recursive: true });
  // Beside the cached copy (one disk, so it can be renamed into place), or a temp folder.
  const dir = mkdtempSync(fresh ? join(tmpdir(), 'shop-ui-dist-') : `${CACHED_DIST}-build-`);
  const removeBuild = () => rmSync(dir, { recursive: true, force: true });
  console.log(`[e2e] building the UI into ${dir}…`);
  buildUi(dir);
  if (fresh) return { dir, remove: removeBuild };
  rmSync(CACHED_DIST, { recursive: true, force: true });
  try {
    renameSync(dir, CACHED_DIST);
  } catch {
    // Another run put its copy there in the meantime: serve ours, then remove it.
    return { dir, remove: removeBuild };
  }
  return { dir: CACHED_DIST, ...keep };
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
    { DATA_DIR: dataDir, SEED_CATALOG: 'true', UI_DIST: uiDist, NODE_ENV: nodeEnv, ALLOW_TEST_PAYMENTS: 'true', REFUND_SWEEP_MS: '3600000', COD_SWEEP_MS: '3600000' },
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

