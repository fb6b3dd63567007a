import { describe, expect, it } from 'vitest';
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
