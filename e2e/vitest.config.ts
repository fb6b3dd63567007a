import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './workers.ts';

/**
 * Browser journeys in real headless Chromium against the real server: one storefront build and one
 * browser for the whole run, and one server per worker (global setup), so files run side by side
 * without seeing each other's orders, stock or accounts. After the Node projects (groupOrder), so
 * the browsers do not compete with them for the cores.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    maxWorkers: E2E_WORKERS,
    sequence: { groupOrder: 1 },
    // Tests a file marks concurrent (a11y's screens, each in its own tab) run this many at a time.
    maxConcurrency: 3,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
