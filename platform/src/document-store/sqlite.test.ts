import { describe, expect, it } from 'vitest';
import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { documentStoreContract } from '../../test/document-store-contract.ts';
import { SqliteDocumentStore } from './sqlite.ts';

documentStoreContract('SQLite', async () => {
  const dir = tempDir('shop-document-store-');
  const file = join(dir.path, 'read-models.sqlite');
  const store = new SqliteDocumentStore(file);
  return {
    store,
    openAnother: async () => new SqliteDocumentStore(file),
    cleanup: async () => {
      await store.close();
      dir.remove();
    },
  };
});

describe('SQLite document store specifics', () => {
  it('rewrites no index entry for a put that changes only unindexed, unsearched fields, and stays right when they change', async () => {
    const dir = tempDir('shop-document-put-');
    const store = new SqliteDocumentStore(join(dir.path, 'read-models.sqlite'));
    try {
      await store.defineCollection({ name: 'goods', indexes: [['kind', 'price']], textFields: ['name'] });
      const put = (doc: { _id: string; kind: string; price: number; name: string; stock: number }) => ({ kind: 'put' as const, collection: 'goods', doc });
      await store.commit({ writes: [put({ _id: 'a', kind: 'lamp', price: 10, name: 'brass lamp', stock: 5 })] });
      const raw = (store as unknown as { db: Database.Database }).db;
      const textIndexRows = () => (raw.prepare('SELECT COUNT(*) AS n FROM f_goods_data').get() as { n: number }).n;
      const before = textIndexRows();
      // A stock change (what every checkout does to a product): body only.
      for (let stock = 4; stock > 0; stock--) await store.commit({ writes: [put({ _id: 'a', kind: 'lamp', price: 10, name: 'brass lamp', stock })] });
      expect(textIndexRows()).toBe(before);
      expect(await store.get('goods', 'a')).toMatchObject({ stock: 1 });
      expect(await store.find('goods', { kind: 'lamp', price: { $lte: 10 } })).toMatchObject([{ _id: 'a', stock: 1 }]);
      expect(await store.find('goods', {}, { text: 'brass' })).toMatchObject([{ _id: 'a', stock: 1 }]);
      // An indexed field and the searched text changing still move the row in both.
      await store.commit({ writes: [put({ _id: 'a', kind: 'lamp', price: 20, name: 'copper lamp', stock: 1 })] });
      expect(await store.find('goods', { kind: 'lamp', price: { $lte: 10 } })).toEqual([]);
      expect(await store.find('goods', { kind: 'lamp', price: { $gte: 20 } })).toMatchObject([{ _id: 'a', price: 20 }]);
      expect(await store.find('goods', {}, { text: 'brass' })).toEqual([]);
      expect(await store.find('goods', {}, { text: 'copper' })).toMatchObject([{ _id: 'a' }]);
    } finally {
      await store.close();
      dir.remove();
    }
  });

  it('never serves a remembered count after a write, from this connection or another process', async () => {
    const dir = tempDir('shop-document-count-');
    const file = join(dir.path, 'read-models.sqlite');
    const a = new SqliteDocumentStore(file);
    const b = new SqliteDocumentStore(file);
    try {
      const spec = { name: 'things', indexes: [['kind']] };
      await a.defineCollection(spec);
      await b.defineCollection(spec);
      const put = (id: string) => ({ kind: 'put' as const, collection: 'things', doc: { _id: id, kind: 'x' } });
      await a.commit({ writes: [put('1')] });
      expect(await a.count('things', { kind: 'x' })).toBe(1);
      await a.commit({ writes: [put('2')] });
      expect(await a.count('things', { kind: 'x' })).toBe(2);
      await b.commit({ writes: [put('3')] });
      expect(await a.count('things', { kind: 'x' })).toBe(3);
    } finally {
      await a.close();
      await b.close();
      dir.remove();
    }
  });

  it("keeps change versions right when its own commits and another connection's interleave", async () => {
    const dir = tempDir('shop-document-versions-');
    const file = join(dir.path, 'read-models.sqlite');
    const a = new SqliteDocumentStore(file);
    const b = new SqliteDocumentStore(file);
    try {
      for (const store of [a, b]) for (const name of ['xs', 'ys']) await store.defineCollection({ name });
      const put = (collection: string, id: string) => ({ kind: 'put' as const, collection, doc: { _id: id } });
      const seen = async () => ({ x: await a.changeVersion(['xs']), y: await a.changeVersion(['ys']) });

      const start = await seen();
      await a.commit({ writes: [put('ys', '1')] }); // raised by a itself: known without re-reading
      const afterOwn = await seen();
      expect(afterOwn.x).toBe(start.x);
      expect(afterOwn.y).not.toBe(start.y);

      await b.commit({ writes: [put('xs', '1')] }); // another connection...
      await a.commit({ writes: [put('ys', '2')] }); // ...then a again, before a reads
      const afterBoth = await seen();
      expect(afterBoth.x).not.toBe(afterOwn.x);
      expect(afterBoth.y).not.toBe(afterOwn.y);
      expect(afterBoth).toEqual({ x: await b.changeVersion(['xs']), y: await b.changeVersion(['ys']) });
    } finally {
      await a.close();
      await b.close();
      dir.remove();
    }
  });

  it('answers paged, sorted finds with the same documents as an unpaged sort', async () => {
    const dir = tempDir('shop-document-page-');
    const store = new SqliteDocumentStore(join(dir.path, 'read-models.sqlite'));
    try {
      await store.defineCollection({ name: 'items', indexes: [['group', 'at']] });
      const docs = Array.from({ length: 50 }, (_, i) => ({ _id: `i${String(i).padStart(2, '0')}`, group: i % 2, at: (i * 7) % 50 }));
      await store.commit({ writes: docs.map((doc) => ({ kind: 'put' as const, collection: 'items', doc })) });
      const sort: [string, 1 | -1][] = [['at', -1], ['_id', 1]];
      const all = await store.find('items', { group: 1 }, { sort });
      const pages = [];
      for (let skip = 0; skip < all.length; skip += 7) pages.push(...(await store.find('items', { group: 1 }, { sort, skip, limit: 7 })));
      expect(pages).toEqual(all);
    } finally {
      await store.close();
      dir.remove();
    }
  });
});
