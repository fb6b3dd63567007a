import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG } from '@shop/contracts';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import { loadConfig } from '@shop/platform';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { catalogProjection, rebuildLease } from '@shop/projections';
import { smallCatalog } from '../../test-support/catalog-fixture.ts';
import { api } from '../../test-support/shop.ts';
import { tempDir } from '../../test-support/temp-dir.ts';
import { composeShop, createApp } from './index.ts';

/** A shop started on a data folder that outlives it (as `npm start` on the operator's DATA_DIR), its log lines kept. */
async function startOn(dataDir: string) {
  const lines: { msg: string; projection?: string; reason?: string }[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]) });
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', SEED_CATALOG: 'false', UI_DIST: join(dataDir, 'no-ui'), REFUND_SWEEP_MS: '3600000' });
  const shop = await composeShop(config, logger);
  const server = createApp(shop).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const admin = shop.tokens.sign({ userId: 'upgrade-admin', email: 'owner@example.in', isAdmin: true });
  return {
    shop,
    url,
    admin,
    lines,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await shop.close();
    },
  };
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const adminProducts = (t: { url: string; admin: string }) => api<{ products: { name: string }[] }>(t.url, '/api/admin/products', { token: t.admin });

describe('starting a new release on the data folder of an older one', () => {
  const dirs: ReturnType<typeof tempDir>[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => dir.remove()));

  it('rebuilds read models an older projection version built, in the background, while it serves: the back office lists the products with no command run', async () => {
    const dir = tempDir('shop-upgrade-');
    dirs.push(dir);
    const catalog = smallCatalog();
    const before = await startOn(dir.path);
    await before.shop.awaitProjections(await importCatalog(before.shop.catalog, catalog), ['catalog', 'search']);
    expect((await adminProducts(before)).body.products).toHaveLength(catalog.products.length);
    await before.close();

    // The data folder as the release before the back office's product list left it: the catalog
    // caught up to the head, without the admin products collection (it came with a later catalog
    // projection), and no read model recording its version or log (recorded since).
    const docs = new SqliteDocumentStore(join(dir.path, 'read-models.db'));
    await docs.dropCollection(CATALOG.adminProducts);
    // Another process (a replica, the CLI) is rebuilding the catalog: this one waits for it.
    expect(await docs.acquireLease(rebuildLease('catalog'), 'another-process', 60_000)).not.toBeNull();
    await docs.close();
    const raw = new Database(join(dir.path, 'read-models.db'));
    raw.prepare("DELETE FROM checkpoints WHERE name LIKE 'version:%' OR name LIKE 'log:%'").run();
    raw.close();

    const after = await startOn(dir.path);
    try {
      // It answers at once, serving what it has; it is not ready while the catalog is stale.
      expect((await api(after.url, '/healthz')).status).toBe(200);
      expect(await api(after.url, '/readyz')).toMatchObject({ status: 503, body: { status: 'rebuilding', rebuilding: expect.arrayContaining(['catalog']) } });
      const status = await api<{ ready: boolean; projections: { name: string; version: number; state: string; reason: string | null }[] }>(after.url, '/api/admin/projections', { token: after.admin });
      expect(status.body.ready).toBe(false);
      expect(status.body.projections.find((p) => p.name === 'catalog')).toMatchObject({ version: catalogProjection.version, state: 'waiting', reason: expect.stringContaining('before read models recorded their version') });
      expect(after.lines.some((line) => line.projection === 'catalog' && /rebuilt in the background: built before read models recorded their version/.test(line.msg))).toBe(true);

      // The other process let its lease go: this one rebuilds the catalog too, swaps it in, and is ready.
      const docsNow = after.shop.docs;
      await docsNow.releaseLease(rebuildLease('catalog'), 'another-process');
      await until('readiness', async () => ((await api(after.url, '/readyz')).status === 200 ? true : undefined));
      const listed = await adminProducts(after);
      expect(listed.body.products.map((p) => p.name).sort()).toEqual(catalog.products.map((p) => p.name).sort());
      expect((await api<{ ready: boolean }>(after.url, '/api/admin/projections', { token: after.admin })).body.ready).toBe(true);
      expect(after.lines.some((line) => line.msg === 'read model catalog is current')).toBe(true);
    } finally {
      await after.close();
    }

    // The next start finds every read model current: nothing is rebuilt again.
    const again = await startOn(dir.path);
    try {
      expect((await api(again.url, '/readyz')).status).toBe(200);
      expect(again.lines.filter((line) => /rebuilt in the background/.test(line.msg))).toEqual([]);
    } finally {
      await again.close();
    }
  }, 60_000);

  it('rebuilds at start-up the read models built from another event log, and says why in the log', async () => {
    const dir = tempDir('shop-other-log-');
    dirs.push(dir);
    const first = await startOn(dir.path);
    await first.shop.awaitProjections(await importCatalog(first.shop.catalog, smallCatalog()), ['catalog', 'search']);
    await first.close();

    // The event log is replaced under the read models (a volume restored or recreated): log B
    // holds one product that log A never had, at positions log A's checkpoints are already past.
    for (const suffix of ['', '-wal', '-shm']) rmSync(join(dir.path, `events.db${suffix}`), { force: true });
    const other = smallCatalog();
    other.products = [{ ...other.products[0]!, name: 'Only In Log B' }];
    const logB = new SqliteEventStore(join(dir.path, 'events.db'));
    await importCatalog(new CatalogCommands(logB), other);
    await logB.close();

    const second = await startOn(dir.path);
    try {
      const why = second.lines.find((line) => line.projection === 'catalog' && line.reason !== undefined);
      expect(why?.reason).toMatch(/^built from another event log/);
      await until('readiness', async () => ((await api(second.url, '/readyz')).status === 200 ? true : undefined));
      expect((await adminProducts(second)).body.products.map((p) => p.name)).toEqual(['Only In Log B']);
      // Search too: log A's watch is gone, log B's product is found.
      expect((await api<{ name: string }[]>(second.url, '/api/search?q=silver')).body).toEqual([]);
      expect((await api<{ name: string }[]>(second.url, '/api/search?q=only')).body.map((p) => p.name)).toEqual(['Only In Log B']);
    } finally {
      await second.close();
    }
  }, 60_000);
});
