// Builds the storefront when ui/dist is missing or older than its sources, so `npm start`
// always serves the current UI without rebuilding on every start.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ui = new URL('../ui/', import.meta.url).pathname;
const built = join(ui, 'dist', 'index.html');

function newest(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => join(ui, p)).filter(existsSync);
if (!existsSync(join(ui, 'index.html'))) process.exit(0);
if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newest))) process.exit(0);

console.log('Building the storefront (ui/dist)…');
execSync('npm run build -w ui', { stdio: 'inherit', cwd: join(ui, '..') });
