// Compiles the server (server/src/main.ts and every CLI in server/src/cli) with the workspace
// packages it imports (contracts, platform, command-api, projections, read-api) into plain
// JavaScript in dist/server, which Node runs without a TypeScript loader:
//
//   node dist/server/main.js          the shop (what `npm start` and the image run)
//   node dist/server/<cli>.js         server/src/cli/<cli>.ts (rebuild, verify, seed, audit, ...)
//
// Our own packages are bundled (their package.json exports point at TypeScript sources); every
// other package stays an import of node_modules, so the runtime needs the production
// dependencies and nothing else (the build fails if a bundled file imports a package its
// workspace does not list under "dependencies").
//
// Type checking is `npm run typecheck`'s job; this only transpiles, so it takes a few seconds.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { basename, dirname, join, relative, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = join(ROOT, 'dist', 'server');
const CLI_DIR = join(ROOT, 'server', 'src', 'cli');

/**
 * Files a worker thread loads by path, `new URL('./file.js', import.meta.url)` (the event log's
 * writer thread), found in the bundled sources and copied next to the bundle. Every output file
 * sits in OUT_DIR itself (entries and shared chunks alike), so `import.meta.url` resolves the
 * same folder whichever file the reference ends up in.
 */
const LOADED_BY_PATH = /new URL\(\s*'(\.\/[\w./-]+\.js)'\s*,\s*import\.meta\.url\s*\)/g;

function filesLoadedByPath(found) {
  return {
    name: 'files-loaded-by-path',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, (args) => {
        if (!args.path.includes(`${sep}node_modules${sep}`)) {
          for (const [, file] of readFileSync(args.path, 'utf8').matchAll(LOADED_BY_PATH)) found.add(join(dirname(args.path), file));
        }
        return undefined;
      });
    },
  };
}

const BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

/** A bare import's package name: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** The workspace folder (contracts, platform, ...) a source file belongs to. */
const workspaceOf = (file) => relative(ROOT, file).split(sep)[0];

function productionDependencies(workspace) {
  const manifest = JSON.parse(readFileSync(join(ROOT, workspace, 'package.json'), 'utf8'));
  return new Set(Object.keys(manifest.dependencies ?? {}));
}

const RESOLVING = Symbol('resolving');

/**
 * Keeps node_modules packages out of the bundle, and checks each is a production dependency of
 * the workspace that imports it. A workspace may have its own copy of a package in its own
 * node_modules (platform needs uuid 11 where the root has uuid 8): the bundle sits elsewhere, so
 * such an import is pointed at the file Node would load from the source's folder. The runtime's
 * `npm ci --omit=dev` lays node_modules out from the same lockfile, so that file is there too.
 */
function externalPackages(missing, outDir) {
  const declared = new Map();
  return {
    name: 'external-packages',
    setup(build) {
      build.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === RESOLVING || args.path.startsWith('@shop/')) return undefined;
        if (BUILTINS.has(args.path)) return { path: args.path, external: true };
        const workspace = workspaceOf(args.importer);
        if (!declared.has(workspace)) declared.set(workspace, productionDependencies(workspace));
        const name = packageOf(args.path);
        if (!declared.get(workspace).has(name)) missing.add(`${name} (imported by ${relative(ROOT, args.importer)})`);
        const resolve = (resolveDir) => build.resolve(args.path, { kind: args.kind, resolveDir, pluginData: RESOLVING });
        // From the repository's root, as from dist/server (dist holds no node_modules of its own).
        const [fromSource, fromBundle] = await Promise.all([resolve(args.resolveDir), resolve(ROOT)]);
        if (fromSource.errors.length) return { errors: fromSource.errors };
        if (fromSource.path === fromBundle.path) return { path: args.path, external: true };
        return { path: relative(outDir, fromSource.path).split(sep).join('/'), external: true };
      });
    },
  };
}

export async function buildServer(outDir = OUT_DIR) {
  const started = performance.now();
  const entryPoints = [join(ROOT, 'server', 'src', 'main.ts'), ...readdirSync(CLI_DIR).filter((f) => f.endsWith('.ts') && !f.includes('.test.')).map((f) => join(CLI_DIR, f))];
  const names = entryPoints.map((f) => basename(f, '.ts'));
  const clash = names.find((name, i) => names.indexOf(name) !== i);
  if (clash) throw new Error(`Two entry points would both be dist/server/${clash}.js`);

  rmSync(outDir, { recursive: true, force: true });
  const missing = new Set();
  const loadedByPath = new Set();
  await build({
    entryPoints,
    outdir: outDir,
    entryNames: '[name]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    // Shared code in chunks, and dynamic imports stay lazy: the distributed adapters (Kafka,
    // MongoDB, EventStoreDB) load only when configured.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    // Error classes and constructors keep their names (messages and logs print them).
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    plugins: [externalPackages(missing, outDir), filesLoadedByPath(loadedByPath)],
    // Node's own resolution: the "main" field only (not "module"), the import/require conditions.
    mainFields: ['main'],
    conditions: [],
    logLevel: 'warning',
  });
  if (missing.size) {
    throw new Error(`Imported at run time but not in that workspace's "dependencies" (the image installs only those):\n  ${[...missing].sort().join('\n  ')}`);
  }
  mkdirSync(outDir, { recursive: true });
  const copies = new Map([...loadedByPath].map((file) => [basename(file), file]));
  if (copies.size < loadedByPath.size) throw new Error(`Two files loaded by path share a name: ${[...loadedByPath].join(', ')}`);
  for (const [name, file] of copies) copyFileSync(file, join(outDir, name));
  // The output is ES modules wherever it is copied to.
  writeFileSync(join(outDir, 'package.json'), '{ "type": "module" }\n');
  return { ms: performance.now() - started, entries: names, copied: [...loadedByPath].map((f) => relative(ROOT, f)) };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // `node scripts/build-server.mjs [folder]`: another folder than dist/server (npm test checks the build there).
  const outDir = process.argv[2] ? resolvePath(process.argv[2]) : OUT_DIR;
  const { ms, entries, copied } = await buildServer(outDir);
  console.log(`Built ${relative(ROOT, outDir)}/{${entries.join(',')}}.js in ${(ms / 1000).toFixed(1)} s (copied beside it: ${copied.join(', ')})`);
}
