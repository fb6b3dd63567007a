import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CheckpointConflictError, type Document, type DocumentStore, type Filter, type SortSpec, type Write } from '../src/document-store/port.ts';

/** A test document: `_id` plus any JSON fields. */
type Doc = Document & Record<string, unknown>;

/** What a contract run needs: a store, and how to release it (and whatever backs it). */
export interface OpenedDocumentStore {
  store: DocumentStore;
  /** A second store on the same database, as another thread or process would open it. */
  openAnother: () => Promise<DocumentStore>;
  cleanup: () => Promise<void>;
}

interface Product extends Doc {
  name: string;
  description: string;
  category: string;
  price: number;
  stock: number;
  active: boolean;
  tags: string[];
  flags?: boolean[];
  vendor: { id: string; city: string };
  discontinuedAt?: string | null;
}

const products: Product[] = [
  {
    _id: 'p1',
    name: 'Silver Watch',
    description: 'A classic timepiece with a steel bracelet',
    category: 'watches',
    price: 4999,
    stock: 3,
    active: true,
    tags: ['gift', 'luxury'],
    flags: [true],
    vendor: { id: 'v1', city: 'Pune' },
    discontinuedAt: null,
  },
  {
    _id: 'p2',
    name: 'Leather Strap',
    description: 'Fits any watch with 20mm lugs',
    category: 'accessories',
    price: 799,
    stock: 40,
    active: true,
    tags: ['gear'],
    flags: [false],
    vendor: { id: 'v2', city: 'Delhi' },
  },
  {
    _id: 'p3',
    name: 'Trail Backpack',
    description: 'Water resistant daypack',
    category: 'bags',
    price: 2499,
    stock: 0,
    active: false,
    tags: ['gear', 'outdoor'],
    flags: [],
    vendor: { id: 'v1', city: 'Pune' },
    discontinuedAt: '2024-05-01',
  },
  {
    _id: 'p4',
    name: 'Gold Watch',
    description: 'Gold plated dress watch',
    category: 'watches',
    price: 8999,
    stock: 1,
    active: true,
    tags: ['gift', 'luxury', 'new'],
    vendor: { id: 'v3', city: 'Mumbai' },
  },
  {
    _id: 'p5',
    name: 'Gift Card',
    description: 'Redeemable across the store',
    category: 'gifts',
    price: 799,
    stock: 999,
    active: true,
    tags: ['gift'],
    flags: [true, false],
    vendor: { id: 'v2', city: 'Delhi' },
  },
];

/**
 * The DocumentStore contract, registered once per adapter. `open` is called once for the suite;
 * a string result is a reason to skip every test. Collection and checkpoint names are unique per
 * test, so a database shared with other suites works.
 */
export function documentStoreContract(name: string, open: () => Promise<OpenedDocumentStore | string>): void {
  describe(`DocumentStore contract: ${name}`, () => {
    let opened: OpenedDocumentStore | undefined;
    let skipReason: string | undefined;

    beforeAll(async () => {
      const result = await open();
      if (typeof result === 'string') skipReason = result;
      else opened = result;
    });

    afterAll(async () => {
      await opened?.cleanup();
    });

    function test(title: string, body: (store: DocumentStore, opened: OpenedDocumentStore) => Promise<void>): void {
      it(title, async (context) => {
        if (skipReason !== undefined) context.skip(skipReason);
        if (!opened) throw new Error('store was not opened');
        await body(opened.store, opened);
      });
    }

    /** A fresh products collection (indexes and text fields as a catalog would define them). */
    async function catalog(store: DocumentStore, docs: Product[] = products): Promise<string> {
      const collection = uniqueName('products');
      await store.defineCollection({
        name: collection,
        indexes: [['category', 'price'], ['vendor.id'], ['tags']],
        textFields: ['name', 'description'],
      });
      await store.commit({ writes: docs.map((doc) => put(collection, doc)) });
      return collection;
    }

    async function ids(store: DocumentStore, collection: string, filter?: Filter, sorted = true): Promise<string[]> {
      const found = (await store.find(collection, filter)).map((doc) => doc._id);
      return sorted ? found.sort() : found;
    }

    test('defineCollection is idempotent', async (store) => {
      const collection = await catalog(store);
      await store.defineCollection({
        name: collection,
        indexes: [['category', 'price'], ['vendor.id'], ['tags']],
        textFields: ['name', 'description'],
      });
      expect(await store.count(collection)).toBe(products.length);
    });

    test('put, get, replace and delete through commit', async (store) => {
      const collection = uniqueName('docs');
      await store.defineCollection({ name: collection });
      expect(await store.get(collection, 'a')).toBeNull();

      const doc = { _id: 'a', title: 'First', nested: { list: [1, 'two', null], flag: false }, amount: 12.5 };
      await store.commit({ writes: [put(collection, doc)] });
      expect(await store.get(collection, 'a')).toEqual(doc);

      // A put replaces the whole document (fields it no longer has are gone).
      await store.commit({ writes: [put(collection, { _id: 'a', title: 'Second' })] });
      expect(await store.get(collection, 'a')).toEqual({ _id: 'a', title: 'Second' });

      await store.commit({ writes: [put(collection, { _id: 'b', title: 'Other' }), del(collection, 'a')] });
      expect(await store.get(collection, 'a')).toBeNull();
      expect(await store.get(collection, 'b')).toEqual({ _id: 'b', title: 'Other' });

      // Deleting a missing document is not an error; writes apply in batch order.
      await store.commit({ writes: [del(collection, 'nope'), put(collection, { _id: 'c', n: 1 }), put(collection, { _id: 'c', n: 2 })] });
      expect(await store.get(collection, 'c')).toEqual({ _id: 'c', n: 2 });
      // Documents come back in their JSON form, with nothing but their own fields.
      const found = await store.find(collection, { _id: 'c' });
      expect(found).toEqual([{ _id: 'c', n: 2 }]);
    });

    test('raw reads give the same documents as JSON text', async (store) => {
      const collection = await catalog(store);
      const options = { sort: [['price', -1], ['_id', 1]] as SortSpec, limit: 3 };
      const raw = await store.findRaw(collection, { active: true }, options);
      expect(raw.map((text) => JSON.parse(text) as unknown)).toEqual(await store.find(collection, { active: true }, options));
      expect(JSON.parse((await store.getRaw(collection, 'p1')) ?? 'null')).toEqual(await store.get(collection, 'p1'));
      expect(await store.getRaw(collection, 'missing')).toBeNull();
      // Many at once: in the order asked, null where missing, a repeated id twice.
      const many = await store.getManyRaw(collection, ['p3', 'missing', 'p1', 'p3']);
      expect(many.map((text) => (text === null ? null : (JSON.parse(text) as unknown)))).toEqual([
        await store.get(collection, 'p3'),
        null,
        await store.get(collection, 'p1'),
        await store.get(collection, 'p3'),
      ]);
      expect(await store.getManyRaw(collection, [])).toEqual([]);
    });

    test('a bulk load defers indexes, then builds them with the same query results', async (store) => {
      const collection = uniqueName('bulk');
      const spec = { name: collection, indexes: [['category', 'price']], textFields: ['name', 'description'] };
      await store.defineCollection(spec, { deferIndexes: true });
      await store.commit({ writes: products.map((doc) => put(collection, doc)) });
      expect(await ids(store, collection, { category: 'watches' })).toEqual(['p1', 'p4']);
      await store.buildIndexes(collection);
      expect(await ids(store, collection, { category: 'watches' })).toEqual(['p1', 'p4']);
      const reference = await catalog(store);
      for (const query of ['watch', 'SILVER', 'leather strap']) {
        const found = (await store.find(collection, {}, { text: query })).map((d) => d._id).sort();
        expect(found).toEqual((await store.find(reference, {}, { text: query })).map((d) => d._id).sort());
      }
      // Writes after the build keep the text index current.
      await store.commit({ writes: [put(collection, { _id: 'p9', name: 'Zebra Lamp', category: 'home', price: 5 })] });
      expect((await store.find(collection, {}, { text: 'zebra' })).map((d) => d._id)).toEqual(['p9']);
    });

    test('checkpoints are stored with the writes and read back exactly', async (store) => {
      const collection = uniqueName('docs');
      const checkpoint = uniqueName('projector');
      await store.defineCollection({ name: collection });
      expect(await store.getCheckpoint(checkpoint)).toBeNull();

      await store.commit({ writes: [put(collection, { _id: 'x' })], checkpoints: [{ name: checkpoint, position: 42n }] });
      expect(await store.getCheckpoint(checkpoint)).toBe(42n);

      // Checkpoints alone, several at once, and positions beyond 2^53.
      const other = uniqueName('projector');
      await store.commit({
        writes: [],
        checkpoints: [
          { name: checkpoint, position: 43n },
          { name: other, position: 9_007_199_254_740_993n },
        ],
      });
      expect(await store.getCheckpoint(checkpoint)).toBe(43n);
      expect(await store.getCheckpoint(other)).toBe(9_007_199_254_740_993n);
    });

    test('a checkpoint commit expecting another position is refused whole; a missing checkpoint counts as 0', async (store) => {
      const collection = uniqueName('docs');
      const checkpoint = uniqueName('projector');
      await store.defineCollection({ name: collection });
      // Missing counts as 0: the first writer expects 0.
      await store.commit({ writes: [put(collection, { _id: 'a', v: 1 })], checkpoints: [{ name: checkpoint, position: 5n, expected: 0n }] });
      await store.commit({ writes: [put(collection, { _id: 'a', v: 2 })], checkpoints: [{ name: checkpoint, position: 9n, expected: 5n }] });
      expect(await store.getCheckpoint(checkpoint)).toBe(9n);

      // An old owner that still believes the checkpoint is at 5: nothing of its batch lands.
      const other = uniqueName('projector');
      const late = store.commit({
        writes: [put(collection, { _id: 'a', v: 'stale' }), put(collection, { _id: 'b' })],
        checkpoints: [
          { name: other, position: 3n },
          { name: checkpoint, position: 7n, expected: 5n },
        ],
      });
      await expect(late).rejects.toBeInstanceOf(CheckpointConflictError);
      await expect(late).rejects.toMatchObject({ checkpoint, expected: 5n, actual: 9n });
      expect(await store.get(collection, 'a')).toEqual({ _id: 'a', v: 2 });
      expect(await store.get(collection, 'b')).toBeNull();
      expect(await store.getCheckpoint(checkpoint)).toBe(9n);
      expect(await store.getCheckpoint(other)).toBeNull();
      // Expecting 0 where a checkpoint exists is a conflict too.
      await expect(store.commit({ writes: [], checkpoints: [{ name: checkpoint, position: 1n, expected: 0n }] })).rejects.toBeInstanceOf(
        CheckpointConflictError,
      );
    });

    test('equality filters on strings, numbers, booleans, nested paths, _id and null', async (store) => {
      const collection = await catalog(store);
      expect(await ids(store, collection, { category: 'watches' })).toEqual(['p1', 'p4']);
      expect(await ids(store, collection, { price: 799 })).toEqual(['p2', 'p5']);
      expect(await ids(store, collection, { active: false })).toEqual(['p3']);
      expect(await ids(store, collection, { active: true })).toEqual(['p1', 'p2', 'p4', 'p5']);
      expect(await ids(store, collection, { 'vendor.city': 'Pune' })).toEqual(['p1', 'p3']);
      expect(await ids(store, collection, { _id: 'p4' })).toEqual(['p4']);
      // null matches an explicit null and a missing field alike.
      expect(await ids(store, collection, { discontinuedAt: null })).toEqual(['p1', 'p2', 'p4', 'p5']);
      // Conditions are ANDed.
      expect(await ids(store, collection, { category: 'watches', active: true, 'vendor.id': 'v3' })).toEqual(['p4']);
      expect(await ids(store, collection, { category: 'nothing' })).toEqual([]);
    });

    test('$in, $ne and range operators', async (store) => {
      const collection = await catalog(store);
      expect(await ids(store, collection, { category: { $in: ['bags', 'gifts'] } })).toEqual(['p3', 'p5']);
      expect(await ids(store, collection, { _id: { $in: ['p2', 'p9'] } })).toEqual(['p2']);
      expect(await ids(store, collection, { category: { $in: [] } })).toEqual([]);
      expect(await ids(store, collection, { category: { $ne: 'watches' } })).toEqual(['p2', 'p3', 'p5']);
      expect(await ids(store, collection, { active: { $ne: true } })).toEqual(['p3']);
      // $ne also matches documents without the field; $ne null means "present and not null".
      expect(await ids(store, collection, { discontinuedAt: { $ne: '2024-05-01' } })).toEqual(['p1', 'p2', 'p4', 'p5']);
      expect(await ids(store, collection, { discontinuedAt: { $ne: null } })).toEqual(['p3']);
      expect(await ids(store, collection, { price: { $gt: 2499 } })).toEqual(['p1', 'p4']);
      expect(await ids(store, collection, { price: { $gte: 2499 } })).toEqual(['p1', 'p3', 'p4']);
      expect(await ids(store, collection, { price: { $lt: 2499 } })).toEqual(['p2', 'p5']);
      expect(await ids(store, collection, { price: { $lte: 2499 } })).toEqual(['p2', 'p3', 'p5']);
      expect(await ids(store, collection, { price: { $gt: 799, $lt: 8999 } })).toEqual(['p1', 'p3']);
      expect(await ids(store, collection, { name: { $gte: 'Gold', $lt: 'M' } })).toEqual(['p2', 'p4']);
      expect(await ids(store, collection, { stock: { $lte: 1 }, active: true })).toEqual(['p4']);
    });

    test('$contains matches array fields holding any of the values (strings and booleans)', async (store) => {
      const collection = await catalog(store);
      expect(await ids(store, collection, { tags: { $contains: ['luxury'] } })).toEqual(['p1', 'p4']);
      expect(await ids(store, collection, { tags: { $contains: ['new', 'outdoor'] } })).toEqual(['p3', 'p4']);
      expect(await ids(store, collection, { tags: { $contains: ['gear'] }, active: true })).toEqual(['p2']);
      expect(await ids(store, collection, { tags: { $contains: ['missing'] } })).toEqual([]);
      expect(await ids(store, collection, { tags: { $contains: [] } })).toEqual([]);
      expect(await ids(store, collection, { flags: { $contains: [true] } })).toEqual(['p1', 'p5']);
      expect(await ids(store, collection, { flags: { $contains: [false] } })).toEqual(['p2', 'p5']);
    });

    test('sort ascending, descending and compound, with skip and limit', async (store) => {
      const collection = await catalog(store);
      const order = async (options: Parameters<DocumentStore['find']>[2], filter: Filter = {}) =>
        (await store.find(collection, filter, options)).map((doc) => doc._id);

      expect(await order({ sort: [['price', 1], ['_id', 1]] })).toEqual(['p2', 'p5', 'p3', 'p1', 'p4']);
      expect(await order({ sort: [['price', -1], ['_id', -1]] })).toEqual(['p4', 'p1', 'p3', 'p5', 'p2']);
      expect(await order({ sort: [['name', 1]] })).toEqual(['p5', 'p4', 'p2', 'p1', 'p3']);
      expect(await order({ sort: [['category', 1], ['price', -1]] })).toEqual(['p2', 'p3', 'p5', 'p4', 'p1']);
      expect(await order({ sort: [['vendor.city', -1], ['stock', 1]] })).toEqual(['p3', 'p1', 'p4', 'p2', 'p5']);
      expect(await order({ sort: [['_id', -1]] })).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);

      expect(await order({ sort: [['_id', 1]], limit: 2 })).toEqual(['p1', 'p2']);
      expect(await order({ sort: [['_id', 1]], skip: 2, limit: 2 })).toEqual(['p3', 'p4']);
      expect(await order({ sort: [['_id', 1]], skip: 3 })).toEqual(['p4', 'p5']);
      expect(await order({ sort: [['_id', 1]], skip: 10 })).toEqual([]);
      expect(await order({ sort: [['price', 1], ['_id', 1]], limit: 2 }, { active: true })).toEqual(['p2', 'p5']);
    });

    test('count with and without a filter', async (store) => {
      const collection = await catalog(store);
      expect(await store.count(collection)).toBe(5);
      expect(await store.count(collection, { category: 'watches' })).toBe(2);
      expect(await store.count(collection, { tags: { $contains: ['gift'] }, price: { $lt: 5000 } })).toBe(2);
      expect(await store.count(collection, { category: 'none' })).toBe(0);
    });

    test('text search is case-insensitive over whole words in every text field', async (store) => {
      const collection = await catalog(store);
      const search = async (text: string, filter: Filter = {}) =>
        (await store.find(collection, filter, { text })).map((doc) => doc._id).sort();

      expect(await search('watch')).toEqual(['p1', 'p2', 'p4']);
      expect(await search('SILVER')).toEqual(['p1']);
      expect(await search('Silver Watch')).toEqual(['p1']);
      expect(await search('silver, WATCH!')).toEqual(['p1']);
      // Every word must occur (in any text field).
      expect(await search('gold steel')).toEqual([]);
      expect(await search('bracelet watch')).toEqual(['p1']);
      // Only the text fields are searched.
      expect(await search('Pune')).toEqual([]);
      expect(await search('xylophone')).toEqual([]);
      expect(await search('   ')).toEqual([]);
      // Text combines with filters, and with count.
      expect(await search('watch', { category: 'watches', price: { $lt: 5000 } })).toEqual(['p1']);
      expect(await store.count(collection, {}, { text: 'watch' })).toBe(3);
      expect(await store.count(collection, { category: 'watches' }, { text: 'WATCH' })).toBe(2);
    });

    test('text search ranks better matches first unless a sort is given, first text field weighing most', async (store) => {
      const collection = await catalog(store, [
        { ...products[1]!, _id: 'in-description', name: 'Steel', description: 'Watch' },
        { ...products[0]!, _id: 'in-name', name: 'Watch', description: 'Steel' },
      ]);
      const ranked = async (text: string) => (await store.find(collection, {}, { text })).map((doc) => doc._id);
      expect(await ranked('watch')).toEqual(['in-name', 'in-description']);
      expect(await ranked('steel')).toEqual(['in-description', 'in-name']);

      const full = await catalog(store);
      const rankedFull = async (text: string) => (await store.find(full, {}, { text })).map((doc) => doc._id);
      // "silver watch" matches p1 in its name only; a name hit outranks a description hit.
      expect(await rankedFull('silver watch')).toEqual(['p1']);
      expect((await rankedFull('gold'))[0]).toBe('p4');
      const watchRank = await rankedFull('watch');
      expect(watchRank.indexOf('p2')).toBe(2);

      // An explicit sort wins over relevance; skip and limit apply after it.
      const sorted = await store.find(full, {}, { text: 'watch', sort: [['price', 1]] });
      expect(sorted.map((doc) => doc._id)).toEqual(['p2', 'p1', 'p4']);
      const page = await store.find(full, {}, { text: 'watch', sort: [['price', -1]], skip: 1, limit: 1 });
      expect(page.map((doc) => doc._id)).toEqual(['p1']);
      // Results are plain documents (no score or other store fields).
      expect(page[0]).toEqual(products[0]);
    });

    test('a commit with an invalid write applies nothing', async (store) => {
      const collection = await catalog(store);
      const checkpoint = uniqueName('projector');
      await store.commit({ writes: [], checkpoints: [{ name: checkpoint, position: 1n }] });

      // A document that has no JSON (or BSON) form: both adapters reject it, and the writes
      // before it in the same batch, and the checkpoint, must not land.
      const cyclic: Doc = { _id: 'cyclic' };
      cyclic.self = cyclic;
      await expect(
        store.commit({
          writes: [
            put(collection, { ...products[0]!, price: 1 }),
            del(collection, 'p2'),
            put(collection, { _id: 'p6', name: 'New' } as Product),
            put(collection, cyclic),
          ],
          checkpoints: [{ name: checkpoint, position: 2n }],
        }),
      ).rejects.toThrow();

      expect(await store.get<Product>(collection, 'p1')).toEqual(products[0]);
      expect(await store.get(collection, 'p2')).toEqual(products[1]);
      expect(await store.get(collection, 'p6')).toBeNull();
      expect(await store.get(collection, 'cyclic')).toBeNull();
      expect(await store.count(collection)).toBe(5);
      expect(await store.getCheckpoint(checkpoint)).toBe(1n);

      // An invalid collection name is rejected the same way.
      await expect(
        store.commit({
          writes: [put(collection, { _id: 'p7' }), put('not a name!', { _id: 'x' })],
          checkpoints: [{ name: checkpoint, position: 3n }],
        }),
      ).rejects.toThrow();
      expect(await store.get(collection, 'p7')).toBeNull();
      expect(await store.getCheckpoint(checkpoint)).toBe(1n);
    });

    test('swapCollections replaces the live collection with the shadow and sets checkpoints', async (store) => {
      const live = await catalog(store);
      const otherLive = uniqueName('vendors');
      await store.defineCollection({ name: otherLive, indexes: [['city']] });
      await store.commit({ writes: [put(otherLive, { _id: 'v1', city: 'Pune' })] });

      const shadow = uniqueName('shadow');
      const otherShadow = uniqueName('shadow');
      await store.defineCollection({
        name: shadow,
        indexes: [['category', 'price'], ['vendor.id'], ['tags']],
        textFields: ['name', 'description'],
      });
      await store.defineCollection({ name: otherShadow, indexes: [['city']] });
      const rebuilt = [{ ...products[3]!, name: 'Rose Gold Watch' }, products[4]!];
      await store.commit({
        writes: [...rebuilt.map((doc) => put(shadow, doc)), put(otherShadow, { _id: 'v9', city: 'Chennai' })],
      });
      const checkpoint = uniqueName('projector');
      await store.commit({ writes: [], checkpoints: [{ name: checkpoint, position: 5n }] });

      await store.swapCollections(
        [
          { from: shadow, to: live },
          { from: otherShadow, to: otherLive },
        ],
        [{ name: checkpoint, position: 77n }],
      );

      expect(await ids(store, live)).toEqual(['p4', 'p5']);
      expect(await store.get(live, 'p4')).toEqual(rebuilt[0]);
      expect(await store.get(live, 'p1')).toBeNull();
      expect(await ids(store, otherLive)).toEqual(['v9']);
      expect(await store.getCheckpoint(checkpoint)).toBe(77n);
      const names = await store.listCollections();
      expect(names).toContain(live);
      expect(names).toContain(otherLive);
      expect(names).not.toContain(shadow);
      expect(names).not.toContain(otherShadow);
      // The swapped-in collection keeps working: filters, text search, writes.
      expect(await ids(store, live, { category: 'watches' })).toEqual(['p4']);
      expect((await store.find(live, {}, { text: 'rose' })).map((doc) => doc._id)).toEqual(['p4']);
      await store.commit({ writes: [put(live, products[0]!)] });
      expect((await store.find(live, {}, { text: 'watch' })).map((doc) => doc._id).sort()).toEqual(['p1', 'p4']);
    });

    test('dropCollection removes a collection and is harmless when repeated', async (store) => {
      const collection = await catalog(store);
      expect(await store.listCollections()).toContain(collection);
      await store.dropCollection(collection);
      expect(await store.listCollections()).not.toContain(collection);
      await store.dropCollection(collection);
      await store.dropCollection(uniqueName('never'));

      // It can be defined again from scratch.
      await store.defineCollection({ name: collection, textFields: ['name', 'description'] });
      expect(await store.count(collection)).toBe(0);
      await store.commit({ writes: [put(collection, products[0]!)] });
      expect((await store.find(collection, {}, { text: 'silver' })).map((doc) => doc._id)).toEqual(['p1']);
    });

    test('changeVersion moves with every committed change to a named collection, and only then', async (store) => {
      const a = await catalog(store);
      const b = uniqueName('other');
      await store.defineCollection({ name: b });
      const version = () => store.changeVersion([a]);
      let seen = await version();
      expect(await version()).toBe(seen);
      const expectMoved = async () => {
        const now = await version();
        expect(now).not.toBe(seen);
        seen = now;
      };

      const both = await store.changeVersion([a, b]);
      await store.commit({ writes: [put(b, { _id: 'x' })], checkpoints: [{ name: uniqueName('cp'), position: 1n }] });
      expect(await version()).toBe(seen);
      expect(await store.changeVersion([a, b])).not.toBe(both);

      await store.commit({ writes: [put(a, { ...products[0]!, price: 1 })] });
      await expectMoved();
      await store.commit({ writes: [del(a, 'p2')] });
      await expectMoved();
      await expect(store.commit({ writes: [put(a, { _id: 'p7' }), put('not a name!', { _id: 'x' })] })).rejects.toThrow();
      expect(await version()).toBe(seen);

      const shadow = uniqueName('shadow');
      await store.defineCollection({ name: shadow });
      await store.commit({ writes: [put(shadow, products[3]!)] });
      expect(await version()).toBe(seen);
      await store.swapCollections([{ from: shadow, to: a }]);
      await expectMoved();
      await store.dropCollection(a);
      await expectMoved();
    });

    test('a write naming its own counter raises that counter, not its collection\'s', async (store) => {
      const a = await catalog(store);
      const counter = uniqueName('stock');
      const collectionOnly = () => store.changeVersion([a]);
      const counterOnly = () => store.changeVersion([counter]);
      const [collectionBefore, counterBefore] = [await collectionOnly(), await counterOnly()];
      await store.commit({ writes: [{ kind: 'put', collection: a, doc: { ...products[0]!, price: 11 } as Doc, counter }] });
      expect((await store.get<Product>(a, 'p1'))?.price).toBe(11);
      expect(await collectionOnly()).toBe(collectionBefore);
      const counterAfter = await counterOnly();
      expect(counterAfter).not.toBe(counterBefore);
      // A batch with both kinds raises both.
      await store.commit({ writes: [{ kind: 'put', collection: a, doc: { ...products[0]!, price: 12 } as Doc, counter }, put(a, { ...products[1]!, price: 3 })] });
      expect(await collectionOnly()).not.toBe(collectionBefore);
      expect(await counterOnly()).not.toBe(counterAfter);
    });

    test('changeVersion sees changes committed through another connection', async (store, { openAnother }) => {
      const other = await openAnother();
      try {
        const collection = await catalog(store);
        await other.defineCollection({ name: collection, indexes: [['category', 'price'], ['vendor.id'], ['tags']], textFields: ['name', 'description'] });
        const mine = await store.changeVersion([collection]);
        const theirs = await other.changeVersion([collection]);
        await other.commit({ writes: [put(collection, { ...products[0]!, price: 5 })] });
        const moved = await store.changeVersion([collection]);
        expect(moved).not.toBe(mine);
        expect((await store.get<Product>(collection, 'p1'))?.price).toBe(5);
        await store.commit({ writes: [del(collection, 'p1')] });
        expect(await other.changeVersion([collection])).not.toBe(theirs);
        expect(await store.changeVersion([collection])).not.toBe(moved);
      } finally {
        await other.close();
      }
    });

    test('a lease is held by one owner at a time across connections, renewed by its holder, and taken over once it expires', async (store, { openAnother }) => {
      const other = await openAnother();
      try {
        const lease = uniqueName('lease');
        // Two connections ask at once: exactly one gets it.
        const [mine, theirs] = await Promise.all([store.acquireLease(lease, 'a', 60_000), other.acquireLease(lease, 'b', 60_000)]);
        expect([mine, theirs].filter(Boolean)).toHaveLength(1);
        const [holder, waiting, loser] = mine ? (['a', other, 'b'] as const) : (['b', store, 'a'] as const);
        expect((await store.getLease(lease))?.owner).toBe(holder);
        // The holder renews it; the other is still refused.
        const renewed = await (holder === 'a' ? store : other).acquireLease(lease, holder, 60_000);
        expect(renewed?.owner).toBe(holder);
        expect(await waiting.acquireLease(lease, loser, 60_000)).toBeNull();
        // Released: free for the other.
        await waiting.releaseLease(lease, loser);
        expect((await store.getLease(lease))?.owner).toBe(holder);
        await (holder === 'a' ? store : other).releaseLease(lease, holder);
        expect(await store.getLease(lease)).toBeNull();
        // A holder that stops renewing loses it once it expires.
        expect(await store.acquireLease(lease, 'dead', 1)).not.toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 10));
        expect((await other.acquireLease(lease, 'heir', 60_000))?.owner).toBe('heir');
        expect(await store.acquireLease(lease, 'dead', 60_000)).toBeNull();
      } finally {
        await other.close();
      }
    });

    test('listCollections lists defined collections by name, sorted, without internal ones', async (store) => {
      const a = `a${uniqueName('list')}`;
      const b = `b${uniqueName('list')}`;
      await store.defineCollection({ name: b });
      await store.defineCollection({ name: a, indexes: [['x']] });
      await store.commit({ writes: [put(a, { _id: '1', x: 1 })], checkpoints: [{ name: uniqueName('cp'), position: 1n }] });

      const names = await store.listCollections();
      expect(names).toContain(a);
      expect(names).toContain(b);
      expect(names.indexOf(a)).toBeLessThan(names.indexOf(b));
      expect([...names].sort()).toEqual(names);
      expect(names.every((n) => /^[A-Za-z][A-Za-z0-9_]*$/.test(n))).toBe(true);
      expect(names).not.toContain('checkpoints');
    });
  });
}

/** Collection names must be letters, digits and underscores. */
function uniqueName(prefix: string): string {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}

function put(collection: string, doc: Doc): Write {
  return { kind: 'put', collection, doc };
}

function del(collection: string, id: string): Write {
  return { kind: 'delete', collection, id };
}
