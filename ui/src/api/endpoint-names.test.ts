import { describe, expect, it } from 'vitest';
import { shopApi } from './shopApi';

/**
 * Every feature injects its calls into the one shop slice. RTK Query keeps the FIRST endpoint of
 * a name and drops a later one injected under the same name (outside development it does not
 * even log it), so a feature's hook would quietly send another feature's request. Every module
 * that injects calls is loaded here, and each name must be defined once.
 */
describe('the shop slice', () => {
  it('gets every endpoint name from one module only', async () => {
    const definedIn = new Map<string, string>(Object.keys(shopApi.endpoints).map((name) => [name, 'api/shopApi.ts']));
    const clashes: string[] = [];
    let loading = '';
    const inject = shopApi.injectEndpoints.bind(shopApi);
    // Names only: a builder that hands each definition back, so nothing is registered twice.
    const namesOnly = { query: (d: unknown) => d, mutation: (d: unknown) => d, infiniteQuery: (d: unknown) => d };
    shopApi.injectEndpoints = ((options: Parameters<typeof inject>[0]) => {
      for (const name of Object.keys(options.endpoints(namesOnly as never))) {
        const first = definedIn.get(name);
        if (first && first !== loading) clashes.push(`${name}: ${first} and ${loading}`);
        definedIn.set(name, first ?? loading);
      }
      return inject(options);
    }) as unknown as typeof shopApi.injectEndpoints;
    try {
      const modules = import.meta.glob(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**', '!../main.tsx']);
      const injecting = Object.keys(modules).filter((path) => /Api\.ts$/.test(path));
      expect(injecting.length).toBeGreaterThan(5);
      for (const path of injecting) {
        loading = path.replace(/^\.\//, 'api/').replace(/^\.\.\//, '');
        await modules[path]!();
      }
    } finally {
      shopApi.injectEndpoints = inject;
    }
    expect(clashes).toEqual([]);
  });
});
