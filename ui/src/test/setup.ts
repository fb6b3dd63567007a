import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { scaledTimeout } from '../../../test-support/time-budget.ts';

// findBy* and waitFor wait up to 10 s on the reference machine, scaled to this one (Testing
// Library's own default is 1 s): in the full run these renders share two cores with browsers,
// shops and other test files, and a loaded machine took longer than 1 s to get from a click to the
// next screen. They still resolve as soon as it is there, so a quiet run is no slower.
configure({ asyncUtilTimeout: scaledTimeout(10_000) });

// Browser APIs the shell and Swiper use, where the test DOM lacks them.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// No component test reaches the network: the page's address (http://localhost:3000/) has no
// server behind it, and a request sent there fails with ECONNREFUSED in the run's output (or
// reaches whatever happens to listen there). A test answers its requests with a stub (stubApi,
// mockApi). Without one, the request is refused here, at once: during a test, that fails the test,
// naming the address; after its end (a page still finishing a request when the test unmounted it
// and removed its stub), it is only refused, as its answer has no page left to go to.
let inTest = false;
const unstubbed: string[] = [];
const noNetwork = (input: RequestInfo | URL): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (inTest) unstubbed.push(url);
  return Promise.reject(new TypeError(`component tests reach no network: no stub answers ${url}`));
};
globalThis.fetch = noNetwork as typeof fetch;
window.fetch = noNetwork as typeof fetch;

beforeEach(() => {
  inTest = true;
});

afterEach(() => {
  inTest = false;
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  if (unstubbed.length) throw new Error(`requests no stub answered (a component test reaches no network): ${unstubbed.splice(0).join(', ')}`);
});
