import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy* and waitFor wait up to 10 s for what they look for (Testing Library's own default is 1 s):
// in the full run these renders share two cores with browsers, shops and other test files, and a
// loaded machine took longer than 1 s to get from a click to the next screen. They still resolve
// as soon as it is there, so a quiet run is no slower.
configure({ asyncUtilTimeout: 10_000 });

// Browser APIs the shell and Swiper use, where the test DOM lacks them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
