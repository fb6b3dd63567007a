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
    testTimeout: 15_000,
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
