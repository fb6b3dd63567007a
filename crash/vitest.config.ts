import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Crash tests: a real shop process is killed with SIGKILL under load and restarted on the same
 * data. Files run one after another (each drives a server of its own on this small machine).
 */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'crash',
    environment: 'node',
    include: ['**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
