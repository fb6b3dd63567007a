import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser-options.ts';
import { prepareUiDist, startShop, type RunningShop } from './shop-process.ts';
import { TEST_WORKERS } from './workers.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * One shop per worker (index = VITEST_POOL_ID - 1): the files a worker runs share its shop one
     * after another, as they all once shared one, and never a shop another file is using meanwhile.
     */
    shops: { baseURL: string; dataDir: string }[];
    wsEndpoint: string;
  }
}

/** One storefront build and one browser for every e2e file; one server per worker, all serving that build. */
export default async function setup(project: TestProject) {
  const dist = prepareUiDist();
  const [browser, ...shops]: [BrowserServer, ...RunningShop[]] = await Promise.all([
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
    ...Array.from({ length: TEST_WORKERS }, () => startShop(dist.dir)),
  ]);
  project.provide('shops', shops.map((shop) => ({ baseURL: shop.url, dataDir: shop.dataDir })));
  project.provide('wsEndpoint', browser.wsEndpoint());
  console.log(`[e2e] ${shops.length} shops at ${shops.map((shop) => shop.url).join(', ')}`);
  return async () => {
    await browser.close();
    await Promise.all(shops.map((shop) => shop.stop()));
    dist.remove();
  };
}
