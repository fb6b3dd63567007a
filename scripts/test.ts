// `npm test`: the type checks, the lint and every vitest project, side by side instead of one
// after another. The checks are single-threaded and the storefront build (for the browser tests)
// waits on its bundler, so on a small machine running them together keeps both cores busy; vitest
// starts once the storefront is built. Fails when any of them fails, after all have finished.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { slowness } from '../test-support/time-budget.ts';

interface Outcome {
  name: string;
  code: number;
  seconds: number;
}

const started = performance.now();
const seconds = () => Math.round((performance.now() - started) / 100) / 10;

/**
 * Runs `command` to its end. `buffered`: its output is held and printed in one block when it ends
 * (so it does not interleave with vitest's); otherwise it goes straight to this terminal.
 */
function run(name: string, command: string, args: string[], buffered: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => {
      output += `${error.message}\n`;
    });
    child.once('close', (code, signal) => {
      const outcome = { name, code: code ?? (signal ? 1 : 0), seconds: seconds() };
      if (buffered) process.stdout.write(`\n> ${name}: ${outcome.code === 0 ? 'passed' : 'FAILED'} (${outcome.seconds} s)\n${output}`);
      resolve(outcome);
    });
  });
}

// The machine's slowness, measured before this run loads it (test-support/time-budget.ts): every
// time-out of the run is its budget times this, handed to vitest and its workers in TEST_SLOWNESS.
console.log(`npm test: this machine is ${slowness()}× as slow as the reference (TEST_SLOWNESS); time-outs are scaled by that`);

const npx = (name: string, args: string[], buffered = true) => run(name, 'npx', args, buffered);

const checks = [
  npx('typecheck', ['tsc', '-p', 'tsconfig.json']).then(async (server) => (server.code !== 0 ? server : npx('typecheck (ui)', ['tsc', '-p', 'ui/tsconfig.json']))),
  npx('lint', ['eslint', '--max-warnings=0', '.']),
];

// The compiled server `npm start` and the image run (a second or two), built for this run: it
// refuses a package imported at run time that its workspace does not list, and the shops and
// command-line tools the tests start in processes of their own run it (SHOP_SERVER_BUILD, read by
// test-support/shop-process.ts), as production does, instead of the sources through tsx. Inside
// node_modules so its imports of packages resolve; removed at the end.
const cacheDir = join('node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
const serverBuild = mkdtempSync(join(cacheDir, 'shop-server-build-'));
const builtServer = run('server build', process.execPath, ['scripts/build-server.mjs', serverBuild], true);

// The one storefront build the browser tests serve (e2e/shop-process.ts's prepareUiDist, which
// the e2e global setup then finds current), made before vitest starts, in a child process so the
// checks' output keeps flowing meanwhile.
const prepareUi = `import { prepareUiDist } from './e2e/shop-process.ts'; prepareUiDist();`;
// vitest's closing "N passed, N failed, N skipped" line (test-support/summary-reporter.ts), to
// print again as the very last line.
const summaryDir = mkdtempSync(join(tmpdir(), 'shop-test-'));
process.env.TEST_SUMMARY_FILE = join(summaryDir, 'summary.txt');
const builtUi = run('storefront for the browser tests', process.execPath, ['--import', 'tsx', '--input-type=module', '-e', prepareUi], true);
const tests = Promise.all([builtServer, builtUi]).then((builds) => {
  const failedBuild = builds.find((built) => built.code !== 0);
  if (failedBuild) return failedBuild;
  process.env.SHOP_SERVER_BUILD = resolve(serverBuild);
  return npx('vitest', ['vitest', 'run', ...process.argv.slice(2)], false);
});

// A failed build is also the tests' outcome: listed once.
const outcomes = [...new Set(await Promise.all([...checks, builtServer, tests]))];
rmSync(serverBuild, { recursive: true, force: true });
const failed = outcomes.filter((o) => o.code !== 0);
console.log(`\nnpm test: ${outcomes.map((o) => `${o.name} ${o.code === 0 ? 'passed' : 'FAILED'} at ${o.seconds} s`).join(', ')}`);
if (failed.length) console.log(`npm test FAILED: ${failed.map((o) => o.name).join(', ')}`);
let summary = '';
try {
  summary = readFileSync(process.env.TEST_SUMMARY_FILE, 'utf8');
} catch {
  // vitest did not get as far as its summary (a build failed).
}
rmSync(summaryDir, { recursive: true, force: true });
if (summary) console.log(`\n${summary.trim()}`);
process.exitCode = failed.length ? 1 : 0;
