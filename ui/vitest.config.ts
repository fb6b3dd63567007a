import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { scaledTimeout } from '../test-support/time-budget.ts';

/** Component tests of the storefront: happy-dom, Testing Library, files `src/**\/*.test.tsx`. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'ui',
    // happy-dom rather than jsdom: the same tests in about 60% of the CPU time (test speed, #27).
    // The browser tests (e2e/) check the real thing in Chromium.
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Each file in a process of its own (isolate, vitest's default), unlike the Node projects:
    // MUI's style cache (emotion) is made when its module loads and keeps writing into the first
    // file's document, so in a shared module cache later files would render without MUI's styles
    // (and `toBeVisible` would judge unstyled elements).
    // Generous: these renders share the cores with browser and Node files running beside them.
    testTimeout: scaledTimeout(30_000),
    environmentOptions: {
      happyDOM: {
        url: 'http://localhost:3000/',
        // A third-party script the app adds (Google's sign-in, Razorpay's checkout) is neither
        // fetched nor run, and counts as loaded: a test that needs its API stands it in first.
        settings: { handleDisabledFileLoadingAsSuccess: true },
      },
    },
  },
});
