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
    // test speed (#27): files share a worker's process and module cache (React, MUI and the app
    // imported once per worker, not once per file); each render makes its own store, and the setup
    // file cleans the DOM, storage, stubs and timers after every test.
    isolate: false,
    // Generous: jsdom renders share the cores with browser and Node files running beside them.
    testTimeout: 30_000,
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
