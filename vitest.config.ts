import { defineConfig } from 'vitest/config';

/**
 * One run for every workspace. Back-end suites run in Node against real SQLite files, real HTTP
 * servers on 127.0.0.1 and real SMTP; the UI's component tests run in jsdom (ui/vitest.config.ts);
 * browser journeys drive Debian's Chromium (e2e/); crash tests SIGKILL a real shop process (crash/).
 */
export default defineConfig({
  test: {
    reporters: ['default', './test-support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'backend',
          environment: 'node',
          include: ['{contracts,platform,command-api,projections,read-api,server,bench}/src/**/*.test.ts', 'e2e-distributed/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        // Attacks as a hostile client would make them, against a real shop (issue #13).
        test: {
          name: 'hostile',
          environment: 'node',
          include: ['hostile/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // A client written for the original API, served from another origin, against the real server.
          name: 'compat',
          environment: 'node',
          include: ['compat/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      'ui/vitest.config.ts',
      'e2e/vitest.config.ts',
      'crash/vitest.config.ts',
    ],
  },
});
