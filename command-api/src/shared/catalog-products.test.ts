import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CATALOG_STOCK_COUNTER, type ProductDoc } from '@shop/contracts';
import { SqliteDocumentStore } from '@shop/platform/adapters';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { CatalogProducts } from './catalog-products.ts';

const product = (price: number) => ({ _id: 'p1', id: 'p1', name: 'Brass Lamp', price, countInStock: 4 }) as unknown as ProductDoc;

describe('CatalogProducts', () => {
  const opened: { close(): Promise<void> }[] = [];
  const dir = tempDir('shop-catalog-products-');
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });

  async function open(name: string): Promise<SqliteDocumentStore> {
    const store = new SqliteDocumentStore(join(dir.path, name));
    opened.push(store);
    await store.defineCollection({ name: 'products' });
    return store;
  }

  it('serves the product as the read model has it, also after a write from another connection', async () => {
    const reader = await open('a.db');
    const writer = new SqliteDocumentStore(join(dir.path, 'a.db'));
    opened.push(writer);
    await writer.defineCollection({ name: 'products' });
    const products = new CatalogProducts(reader);

    expect(await products.get('p1')).toBeNull();
    await writer.commit({ writes: [{ kind: 'put', collection: 'products', doc: product(500) }] });
    expect((await products.get('p1'))?.price).toBe(500);
    expect((await products.get('p1'))?.price).toBe(500);

    await writer.commit({ writes: [{ kind: 'put', collection: 'products', doc: product(450) }] });
    expect((await products.get('p1'))?.price).toBe(450);
    await reader.commit({ writes: [{ kind: 'put', collection: 'products', doc: product(400) }] });
    expect((await products.get('p1'))?.price).toBe(400);

    await writer.commit({ writes: [{ kind: 'delete', collection: 'products', id: 'p1' }] });
    expect(await products.get('p1')).toBeNull();
  });

  it('sees a stock change, which raises the stock counter instead of the products\' one', async () => {
    const store = await open('c.db');
    const products = new CatalogProducts(store);
    await store.commit({ writes: [{ kind: 'put', collection: 'products', doc: product(500) }] });
    expect((await products.get('p1'))?.countInStock).toBe(4);
    const sold = { ...product(500), countInStock: 3 };
    await store.commit({ writes: [{ kind: 'put', collection: 'products', doc: sold, counter: CATALOG_STOCK_COUNTER }] });
    expect((await products.get('p1'))?.countInStock).toBe(3);
  });

  it('hands out a product nobody can change for the others', async () => {
    const store = await open('b.db');
    await store.commit({ writes: [{ kind: 'put', collection: 'products', doc: product(500) }] });
    const shared = (await new CatalogProducts(store).get('p1')) as ProductDoc;
    expect(() => {
      shared.price = 1;
    }).toThrow(TypeError);
  });
});
