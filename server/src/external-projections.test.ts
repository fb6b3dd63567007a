import { afterAll, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import { cartStreams, newId } from '@shop/contracts';
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
  const reader = await startTestShop({ env: { DATA_DIR: dir.path, PROJECTIONS: 'external', KAFKA_BROKERS: '127.0.0.1:1', JWT_SECRET: REPLICA_SECRET, EMAIL_LOOKUP_SECRET: REPLICA_SECRET } });
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

it('a command whose read models do not catch up in time answers 202 "still updating", never 500: its events are committed', async () => {
  const folder = tempDir('shop-external-lagging-');
  try {
    // A replica, and an embedded shop on the same files keeping the read models while the catalog is imported; then no projector runs at all.
    const catalog = smallCatalog();
    const alone = await startTestShop({ env: { DATA_DIR: folder.path, PROJECTIONS: 'external', KAFKA_BROKERS: '127.0.0.1:1', JWT_SECRET: REPLICA_SECRET, EMAIL_LOOKUP_SECRET: REPLICA_SECRET, PROJECTION_WAIT_MS: '200' } });
    shops.push(alone);
    const projector = await startTestShop({ env: { DATA_DIR: folder.path } });
    await projector.shop.awaitProjections(await importCatalog(projector.shop.catalog, catalog), ['catalog']);
    await projector.close();
    const userId = newId();
    const token = alone.shop.tokens.sign({ userId, email: `${userId}@example.in`, isAdmin: false });

    const added = await api(alone.url, '/api/cart/add', { method: 'POST', token, body: { productId: catalog.ids.watch, quantity: 1 } });
    expect(added).toMatchObject({ status: 202, body: { status: true, updating: true, msg: expect.stringContaining('Saved') } });
    const cart = await alone.shop.events.readStream(cartStreams.cart(userId));
    expect(cart.map((event) => event.type)).toEqual(['CartItemAdded']);
  } finally {
    folder.remove();
  }
});

it('an API process with PROJECTIONS=external refuses to start with a token secret or an e-mail lookup key of its own', async () => {
  const alone = tempDir('shop-external-alone-');
  try {
    await expect(startTestShop({ env: { DATA_DIR: alone.path, PROJECTIONS: 'external', KAFKA_BROKERS: '127.0.0.1:1' } })).rejects.toThrow(
      /JWT_SECRET: an API process with PROJECTIONS=external is one of several replicas, which must share one token secret/,
    );
    // Nor with an e-mail lookup key of its own: each replica would reserve every address again.
    await expect(startTestShop({ env: { DATA_DIR: alone.path, PROJECTIONS: 'external', KAFKA_BROKERS: '127.0.0.1:1', JWT_SECRET: REPLICA_SECRET } })).rejects.toThrow(
      /EMAIL_LOOKUP_SECRET: an API process with PROJECTIONS=external is one of several replicas, which must look e-mails up under one key/,
    );
  } finally {
    alone.remove();
  }
});
