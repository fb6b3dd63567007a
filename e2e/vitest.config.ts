import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Browser journeys in real headless Chromium against the real server: one server and one browser
 * for the whole run (global setup), files run one after another on this small machine.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    expect: { poll: { timeout: 15_000, interval: 100 } },
  },
});
