import type { AddressInfo } from 'node:net';
import { createLogger, loadConfig } from '@shop/platform';
import { composeShop, createApp, seedCatalogIfNew, type Shop } from '@shop/server';
import { testPasswordCost } from './shop-process.ts';
import { tempDir } from './temp-dir.ts';

export interface TestShop {
  /** Base URL of the running server, e.g. http://127.0.0.1:43121 */
  url: string;
  shop: Shop;
  dataDir: string;
  close(): Promise<void>;
}

/** The bearer token test shops serve `/metrics` to (METRICS_TOKEN). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';

/**
 * A real shop on a real port of 127.0.0.1 with its SQLite files in a fresh temp folder (or in
 * `dataDir`, a folder the caller made and removes, e.g. one holding an imported log).
 * `seed: true` writes the demo catalog through the real command path first.
 */
export async function startTestShop(
  options: { seed?: boolean; env?: Record<string, string>; dataDir?: string } = {},
): Promise<TestShop> {
  const dir = options.dataDir ? { path: options.dataDir, remove: () => {} } : tempDir('shop-http-');
  const config = loadConfig({
    DATA_DIR: dir.path,
    PORT: '0',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_CATALOG: 'false',
    UI_DIST: `${dir.path}/no-ui`,
    // Refunds are made when a test sweeps (shop.refunds.sweep()), not in the background mid-test.
    REFUND_SWEEP_MS: '3600000',
    // Unconfirmed cash-on-delivery orders are cancelled when a test sweeps (shop.cod.desk.sweep()).
    COD_SWEEP_MS: '3600000',
    // Gift card debits of unpaid payments are given back when a test sweeps (shop.gifting.holdDesk.sweep()).
    GIFT_CARD_SWEEP_MS: '3600000',
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    ...testPasswordCost(options.env),
    ...options.env,
  });
  const shop = await composeShop(config, createLogger(config.LOG_LEVEL));
  if (options.seed) await seedCatalogIfNew(shop);
  await shop.runner.catchUp();
  const server = createApp(shop).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  shop.publicUrls.listening(port);
  return {
    url: `http://127.0.0.1:${port}`,
    shop,
    dataDir: dir.path,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await shop.close();
      dir.remove();
    },
  };
}

/** fetch + JSON with the status, for API tests. */
export async function api<T = unknown>(
  base: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(base + path, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Non-JSON bodies (images, HTML) are returned as text.
  }
  return { status: response.status, body: body as T, headers: response.headers };
}
