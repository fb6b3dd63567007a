import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { TEST_WORKERS } from '../e2e/workers.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

/**
 * Crash tests: a real shop process is killed with SIGKILL under load and restarted on the same
 * data. In the run's one pool of workers beside the other projects (the same maxWorkers, so vitest
 * runs them as one group): with a worker limit of its own the project ran after everything else,
 * alone on an otherwise idle machine. The sequencer hands its file out early, never at the end.
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'crash',
    environment: 'node',
    include: ['**/*.test.ts'],
    maxWorkers: TEST_WORKERS,
    testTimeout: scaledTimeout(120_000),
    hookTimeout: scaledTimeout(120_000),
  },
});
