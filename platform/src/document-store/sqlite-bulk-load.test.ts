import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import type { BulkLoad, CollectionSpec, Document } from './port.ts';
import { SqliteDocumentStore } from './sqlite.ts';

interface Item extends Document {
  name: string;
  price: number;
}

const items: CollectionSpec = { name: 'items__shadow', indexes: [['price']], textFields: ['name'] };

function put(i: number, price = i) {
  const doc: Item = { _id: `i${i}`, name: `Lamp number ${i}`, price };
  return { kind: 'put' as const, collection: items.name, doc };
}

describe('SqliteDocumentStore.bulkLoad', () => {
  let dir: ReturnType<typeof tempDir>;
  let file: string;
  let store: SqliteDocumentStore;
  let loader: BulkLoad | undefined;

  beforeEach(async () => {
    dir = tempDir('shop-bulk-');
    file = join(dir.path, 'docs.db');
    store = new SqliteDocumentStore(file);
    await store.defineCollection(items, { deferIndexes: true });
  });

  afterEach(async () => {
    await loader?.close();
    await store.close();
    dir.remove();
  });

  it('commits queued batches in order with their checkpoints, then builds the indexes the store serves', async () => {
    loader = store.bulkLoad([items.name])!;
    for (let batch = 0; batch < 5; batch++) {
      const writes = Array.from({ length: 100 }, (_, i) => put(batch * 100 + i));
      await loader.write({ writes, checkpoints: [{ name: 'shadow', position: BigInt(batch + 1) }] });
    }
    // A later batch rewrites and deletes documents an earlier one wrote: order holds.
    await loader.write({
      writes: [put(7, 7000), { kind: 'delete', collection: items.name, id: 'i8' }],
      checkpoints: [{ name: 'shadow', position: 6n }],
    });
    await loader.flush();
    expect(await store.getCheckpoint('shadow')).toBe(6n);
    expect(await store.get<Item>(items.name, 'i7')).toEqual({ _id: 'i7', name: 'Lamp number 7', price: 7000 });
    expect(await store.get(items.name, 'i8')).toBeNull();

    await loader.buildIndexes();
    await loader.close();
    expect(await store.count(items.name, { price: { $gte: 490 } })).toBe(11);
    expect((await store.find<Item>(items.name, {}, { text: 'number 499' })).map((d) => d._id)).toEqual(['i499']);
    // The shadow is complete: it swaps in like one the store indexed itself.
    await store.swapCollections([{ from: items.name, to: 'items' }]);
    expect(await store.count('items', {}, { text: 'lamp' })).toBe(499);
  });

  it('writes nothing after a failed batch, and says why on the next write and flush', async () => {
    loader = store.bulkLoad([items.name])!;
    await loader.write({ writes: [put(1)], checkpoints: [{ name: 'shadow', position: 1n }] });
    await loader.flush();
    // Another connection makes the next insert fail the way a full disk would.
    const other = new Database(file);
    other.exec(`CREATE TRIGGER refuse BEFORE INSERT ON c_items__shadow BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`);
    other.close();
    await loader.write({ writes: [put(2)], checkpoints: [{ name: 'shadow', position: 2n }] });
    await expect(loader.flush()).rejects.toThrow('database or disk is full');
    await expect(loader.write({ writes: [put(3)], checkpoints: [{ name: 'shadow', position: 3n }] })).rejects.toThrow(
      'database or disk is full',
    );
    await loader.close();
    expect(await store.getCheckpoint('shadow')).toBe(1n);
    expect(await store.get(items.name, 'i2')).toBeNull();
    expect(await store.get(items.name, 'i3')).toBeNull();
    // The thread is gone and holds no lock: the store drops the shadow at once.
    await store.dropCollection(items.name);
    expect(await store.listCollections()).toEqual([]);
  });

  it('loads only collections still waiting for their indexes', async () => {
    await store.defineCollection({ name: 'live' });
    expect(() => store.bulkLoad(['live'])).toThrow('not deferred');
  });
});
