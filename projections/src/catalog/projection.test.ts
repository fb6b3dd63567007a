import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CatalogCommands, importCatalog } from '@shop/command-api';
import type { BannerDoc, CategoryDoc, ProductDoc } from '@shop/contracts';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { ProjectionRunner } from '../runner.ts';
import { CATALOG } from '@shop/contracts';
import { catalogProjection } from './projection.ts';

describe('catalog projection', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let docs: SqliteDocumentStore;
  let runner: ProjectionRunner;
  const catalog = smallCatalog();
  const { ids } = catalog;

  beforeEach(async () => {
    dir = tempDir();
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    docs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    runner = new ProjectionRunner(events, docs, [catalogProjection]);
    await runner.start();
    await runner.waitFor(await importCatalog(new CatalogCommands(events), catalog), ['catalog']);
  });

  afterEach(async () => {
    await runner.stop();
    await events.close();
    await docs.close();
    dir.remove();
  });

  it('denormalises category and subcategory names onto products and banners', async () => {
    const phone = await docs.get<ProductDoc>(CATALOG.products, ids.phone);
    expect(phone).toMatchObject({ catName: 'Electronics', subCatName: 'Phones', locationCodes: ['All'], prodId: ids.phone });
    const banners = await docs.find<BannerDoc>(CATALOG.banners, { kind: 'side' });
    expect(banners[0]).toMatchObject({ catName: 'Electronics', subCatName: 'Phones' });
  });

  it('keeps subcategories as children of their category', async () => {
    const fashion = await docs.get<CategoryDoc>(CATALOG.categories, ids.fashion);
    expect(fashion?.children.map((c) => c.name)).toEqual(['Shirts', 'Shoes']);
  });

  it('follows a revision, and importing the same file again changes nothing', async () => {
    const before = await events.headPosition();
    await importCatalog(new CatalogCommands(events), catalog);
    expect(await events.headPosition()).toBe(before);

    const changed = { ...catalog, products: catalog.products.map((p) => (p.id === ids.shirt ? { ...p, price: 699 } : p)) };
    await runner.waitFor(await importCatalog(new CatalogCommands(events), changed), ['catalog']);
    expect((await docs.get<ProductDoc>(CATALOG.products, ids.shirt))?.price).toBe(699);
  });

  it('rebuilds to the same documents when the log is replayed from scratch', async () => {
    const live = await docs.find<ProductDoc>(CATALOG.products, {}, { sort: [['_id', 1]] });
    await runner.stop();
    const fresh = new SqliteDocumentStore(join(dir.path, 'rebuilt.db'));
    const rebuild = new ProjectionRunner(events, fresh, [catalogProjection]);
    await rebuild.start();
    await rebuild.catchUp();
    expect(await fresh.find<ProductDoc>(CATALOG.products, {}, { sort: [['_id', 1]] })).toEqual(live);
    await rebuild.stop();
    await fresh.close();
  });

  it('refuses a product whose subcategory is not in its category', async () => {
    const commands = new CatalogCommands(events);
    const bad = { ...catalog.products[0]!, subCatId: ids.phones };
    const { id: _id, dateCreated: _d, ...details } = bad;
    await expect(commands.saveProduct({ details })).rejects.toThrow(/not found in category/);
  });
});
