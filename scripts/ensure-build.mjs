// Builds what `npm start` runs when it is missing or older than its sources: the storefront
// (ui/dist) and the compiled server (dist/server), so the one start command works on a fresh
// clone and after every change, without rebuilding on every start.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, OUT_DIR } from './build-server.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time under `path` (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).filter((name) => name !== 'node_modules').map((name) => newest(join(path, name))));
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : -1);
const sourcesOf = (...paths) => Math.max(...paths.map((p) => newest(join(ROOT, p))));

// The storefront imports contracts too; package-lock.json changes when a dependency does.
const UI_SOURCES = ['ui/src', 'ui/public', 'ui/index.html', 'ui/vite.config.ts', 'ui/csp-hashes.ts', 'ui/package.json', 'contracts/src', 'package-lock.json'];
// A build without the boot scripts' hash manifest (made before the CSP read it) counts as missing.
const uiBuiltAt = Math.min(builtAt(join(ROOT, 'ui', 'dist', 'index.html')), builtAt(join(ROOT, 'ui', 'dist', 'csp-hashes.json')));
if (uiBuiltAt < sourcesOf(...UI_SOURCES)) {
  console.log('Building the storefront (ui/dist)…');
  execSync('npm run build -w ui', { stdio: 'inherit', cwd: ROOT });
}

const SERVER_SOURCES = [
  ...['contracts', 'platform', 'command-api', 'projections', 'read-api', 'server'].flatMap((w) => [`${w}/src`, `${w}/package.json`]),
  'scripts/build-server.mjs',
  'package-lock.json',
];
if (builtAt(join(OUT_DIR, 'main.js')) < sourcesOf(...SERVER_SOURCES)) {
  console.log('Building the server (dist/server)…');
  await buildServer();
}
