import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Component tests of the storefront: jsdom, Testing Library, files `src/**\/*.test.tsx`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'ui',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Generous: jsdom renders share the cores with browser and Node files running beside them.
    testTimeout: 30_000,
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
