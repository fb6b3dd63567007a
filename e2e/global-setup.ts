import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser-options.ts';
import { prepareUiDist, startShop, type RunningShop } from './shop-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    wsEndpoint: string;
    /** The server's DATA_DIR: its mail outbox (`outbox/*.eml`) holds the e-mailed codes. */
    dataDir: string;
  }
}

/** One build, one server, one browser for every e2e file. */
export default async function setup(project: TestProject) {
  const dist = prepareUiDist();
  const [shop, browser]: [RunningShop, BrowserServer] = await Promise.all([
    startShop(dist.dir),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS }),
  ]);
  project.provide('baseURL', shop.url);
  project.provide('wsEndpoint', browser.wsEndpoint());
  project.provide('dataDir', shop.dataDir);
  console.log(`[e2e] shop at ${shop.url}`);
  return async () => {
    await browser.close();
    await shop.stop();
    dist.remove();
  };
}
