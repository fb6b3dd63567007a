import { describe, expect, it } from 'vitest';
import type { DocumentStore } from '@shop/platform';
import { UnitOfWork } from './unit-of-work.ts';

const store = { get: async () => null } as unknown as DocumentStore;

describe('UnitOfWork change counters', () => {
  it('keeps a document\'s own counter only while every write of it in the batch names one', () => {
    const view = new UnitOfWork(store);
    view.put('products', { _id: 'sold' }, { counter: 'stock' });
    view.put('products', { _id: 'sold', n: 2 }, { counter: 'stock' });
    view.put('products', { _id: 'revised' }, { counter: 'stock' });
    view.put('products', { _id: 'revised', name: 'new' });
    view.put('products', { _id: 'listed' });
    view.put('products', { _id: 'listed', n: 1 }, { counter: 'stock' });
    view.delete('products', 'gone');
    view.put('products', { _id: 'gone' }, { counter: 'stock' });
    const counters = Object.fromEntries(view.writes().map((write) => [write.kind === 'put' ? write.doc._id : write.id, write.kind === 'put' ? (write.counter ?? null) : null]));
    expect(counters).toEqual({ sold: 'stock', revised: null, listed: null, gone: null });
  });

  it('writes to a shadow (a rebuild) raise the shadow\'s own counter', () => {
    const view = new UnitOfWork(store, (collection) => `${collection}__rebuild`);
    view.put('products', { _id: 'sold' }, { counter: 'stock' });
    expect(view.writes()).toEqual([{ kind: 'put', collection: 'products__rebuild', doc: { _id: 'sold' } }]);
  });
});

describe('UnitOfWork find', () => {
  it('answers as the batch has the documents: its writes over the store\'s, its deletes gone', async () => {
    const stored = [
      { _id: 'kept', catId: 'c1' },
      { _id: 'moved', catId: 'c1' },
      { _id: 'deleted', catId: 'c1' },
    ];
    const asked: [string, unknown][] = [];
    const from = { find: async (collection: string, filter: unknown) => (asked.push([collection, filter]), stored) } as unknown as DocumentStore;
    const view = new UnitOfWork(from, (collection) => `${collection}__rebuild`);
    view.put('products', { _id: 'moved', catId: 'c2' });
    view.delete('products', 'deleted');
    view.put('products', { _id: 'added', catId: 'c1' });
    const found = await view.find<{ _id: string }>('products', { catId: 'c1' });
    expect(found.map((doc) => doc._id).sort()).toEqual(['added', 'kept']);
    expect(asked).toEqual([['products__rebuild', { catId: 'c1' }]]);
  });
});
