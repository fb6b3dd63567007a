import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from './workers.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

/**
 * Browser journeys in real headless Chromium against the real server: one storefront build and one
 * browser for the whole run, and one server per worker (global setup), so files run side by side
 * without seeing each other's orders, stock or accounts. Beside the Node projects, in the same
 * workers (the root config's sequencer spreads the browser files through the run): a browser file
 * mostly waits, so together they keep the cores busy.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    // The same as every other project's (the root config's), so vitest runs them in one group.
    maxWorkers: TEST_WORKERS,
    // Tests a file marks concurrent (a11y's screens, each in its own tab) run this many at a time.
    maxConcurrency: 3,
    testTimeout: scaledTimeout(60_000),
    hookTimeout: scaledTimeout(240_000),
    expect: { poll: { timeout: scaledTimeout(15_000), interval: 100 } },
  },
});
