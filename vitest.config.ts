import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './e2e/workers.ts';
import SpreadBrowserFilesSequencer from './test-support/sequencer.ts';
import { scaledTimeout } from './test-support/time-budget.ts';

/** The back-end packages' sources, where their unit and integration tests sit beside the code. */
const BACKEND_SRC = '{contracts,platform,command-api,projections,read-api,server,bench}/src';

/** The files that run against a real Kafka broker: their own project, which starts one broker for the run. */
const KAFKA_BROKER_FILES = ['platform/src/bus/kafka.test.ts', 'projections/src/distributed/worker-real-kafka.test.ts'];

/**
 * One run for every workspace, one project per test level (README, Tests). Back-end unit tests are
 * pure; integration suites run in Node against real SQLite files, real HTTP servers on 127.0.0.1
 * and real SMTP; the UI's component tests run in jsdom (ui/vitest.config.ts);
 * browser journeys drive Debian's Chromium (e2e/); crash tests SIGKILL a real shop process (crash/).
 * Every time-out is a budget set on a quiet reference machine times the run's measured slowness
 * (`scaledTimeout`, test-support/time-budget.ts), so a slower or busier machine gets more time.
 */
export default defineConfig({
  test: {
    reporters: ['default', './test-support/summary-reporter.ts'],
    // Node and browser files side by side in one pool (every project but crash has this many
    // workers, so vitest runs them as one group), browser files spread through the run.
    maxWorkers: TEST_WORKERS,
    sequence: { sequencer: SpreadBrowserFilesSequencer },
    projects: [
      {
        // Pure tests (*.unit.test.ts): deciders given-when-then, engines, reply builders, adapters
        // over in-memory stand-ins. No file, socket, database or child process.
        test: {
          name: 'unit',
          environment: 'node',
          include: [`${BACKEND_SRC}/**/*.unit.test.ts`],
          // Pure, so they can share a worker's module cache instead of a fresh process per file.
          isolate: false,
          testTimeout: scaledTimeout(30_000),
          hookTimeout: scaledTimeout(180_000),
        },
      },
      {
        // Every other back-end test (*.test.ts): real SQLite files, real HTTP servers on 127.0.0.1,
        // real SMTP, the adapters' contract suites, containers (which skip without Docker).
        test: {
          name: 'integration',
          environment: 'node',
          include: [`${BACKEND_SRC}/**/*.test.ts`, 'e2e-distributed/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.unit.test.ts', ...KAFKA_BROKER_FILES],
          // test speed (#27): files share a worker's process and module cache, one after another,
          // instead of a fresh process importing the server's modules again for each file (about
          // a CPU-second per file). Every file makes and closes its own shops, folders and
          // servers; a file that mocks a module loads what it mocks afresh (vi.resetModules).
          isolate: false,
          testTimeout: scaledTimeout(30_000),
          hookTimeout: scaledTimeout(180_000),
        },
      },
      {
        // Kafka on a real broker (issue #33): one Apache Kafka broker for the whole run, started in
        // the background by the global setup only when one of these files runs (the files wait
        // for it, and skip with the reason where Java or Maven is missing), stopped at the end.
        test: {
          name: 'kafka',
          environment: 'node',
          include: KAFKA_BROKER_FILES,
          globalSetup: ['test-support/kafka-global-setup.ts'],
          testTimeout: scaledTimeout(30_000),
          hookTimeout: scaledTimeout(180_000),
        },
      },
      {
        // Attacks as a hostile client would make them, against a real shop (issue #13).
        test: {
          name: 'hostile',
          environment: 'node',
          include: ['hostile/**/*.test.ts'],
          // test speed (#27): a shared process per worker, as in integration.
          isolate: false,
          testTimeout: scaledTimeout(60_000),
          hookTimeout: scaledTimeout(180_000),
        },
      },
      {
        test: {
          // A client written for the original API, served from another origin, against the real server.
          name: 'compat',
          environment: 'node',
          include: ['compat/**/*.test.ts'],
          // test speed (#27): a shared process per worker, as in integration.
          isolate: false,
          testTimeout: scaledTimeout(60_000),
          hookTimeout: scaledTimeout(180_000),
        },
      },
      'ui/vitest.config.ts',
      'e2e/vitest.config.ts',
      'crash/vitest.config.ts',
    ],
  },
});
