import { afterAll, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { smallCatalog } from '../../test-support/catalog-fixture.ts';
import { api, startTestShop, type TestShop } from '../../test-support/shop.ts';
import { tempDir } from '../../test-support/temp-dir.ts';

const dir = tempDir('shop-external-');
/** Replicas share one token secret, given to each. */
const REPLICA_SECRET = 'replica-secret-shared-by-every-api-0123456789';
const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
  dir.remove();
});

it('an API process with PROJECTIONS=external starts on the embedded stores and serves the read models others keep', async () => {
  // No broker answers: this process only reads what the projection writers commit.
  const reader = await startTestShop({ env: { DATA_DIR: dir.path, PROJECTIONS: 'external', KAFKA_BROKERS: '127.0.0.1:1', JWT_SECRET: REPLICA_SECRET } });
  shops.push(reader);
  expect(await api(reader.url, '/api/category')).toMatchObject({ status: 200, body: { categoryList: [] } });

  // Another process keeps the read models of the same files (here an embedded shop's runner).
  const writer = await startTestShop({ env: { DATA_DIR: dir.path } });
  shops.push(writer);
  await writer.shop.awaitProjections(await importCatalog(writer.shop.catalog, smallCatalog()), ['catalog']);

  const served = await api<{ categoryList: { name: string }[] }>(reader.url, '/api/category');
  expect(served.status).toBe(200);
  expect(served.body).toEqual((await api(writer.url, '/api/category')).body);
  expect(served.body.categoryList.length).toBeGreaterThan(0);
});

it('an API process with PROJECTIONS=external refuses to start with a token secret of its own', async () => {
  const alone = tempDir('shop-external-alone-');
  try {
    await expect(startTestShop({ env: { DATA_DIR: alone.path, PROJECTIONS: 'external', KAFKA_BROKERS: '127.0.0.1:1' } })).rejects.toThrow(
      /JWT_SECRET: an API process with PROJECTIONS=external is one of several replicas, which must share one token secret/,
    );
  } finally {
    alone.remove();
  }
});
