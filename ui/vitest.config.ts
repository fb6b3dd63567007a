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
    // Each file in a process of its own (isolate, vitest's default), unlike the Node projects:
    // MUI's style cache (emotion) is made when its module loads and keeps writing into the first
    // file's document, so in a shared module cache later files would render without MUI's styles
    // (and `toBeVisible` would judge unstyled elements).
    // Generous: jsdom renders share the cores with browser and Node files running beside them.
    testTimeout: 30_000,
    environmentOptions: { jsdom: { url: 'http://localhost:3000/' } },
  },
});
