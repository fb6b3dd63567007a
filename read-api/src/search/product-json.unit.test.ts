import { describe, expect, it } from 'vitest';
import { PublicUrls, type DocumentStore } from '@shop/platform';
import { ProductJson } from './product-json.ts';

/** The two calls ProductJson makes of a store, over a map of product JSON, counting reads. */
function fakeStore(products: Map<string, string>) {
  const state = { version: 1, reads: [] as string[] };
  const docs = {
    changeVersion: async () => String(state.version),
    getManyRaw: async (_collection: string, ids: readonly string[]) => {
      state.reads.push(...ids);
      return ids.map((id) => products.get(id) ?? null);
    },
  } as unknown as DocumentStore;
  return { docs, state };
}

const product = (id: string, price: number) => JSON.stringify({ id, price, images: ['/images/seed/product/a.svg'] });

describe('ProductJson (product documents kept for search replies)', () => {
  const urls = new PublicUrls('https://shop.example');

  it('reads a product once while nothing changes, in the order asked, with image URLs and missing ones left out', async () => {
    const products = new Map([['a', product('a', 1)], ['b', product('b', 2)]]);
    const { docs, state } = fakeStore(products);
    const kept = new ProductJson(docs, urls);
    const first = JSON.parse(await kept.list(['b', 'gone', 'a'])) as { id: string; images: string[] }[];
    expect(first.map((p) => p.id)).toEqual(['b', 'a']);
    expect(first[0]!.images).toEqual(['https://shop.example/images/seed/product/a.svg']);
    expect(await kept.list(['a', 'b'])).toBe(`[${urls.imagesInJson(products.get('a')!)},${urls.imagesInJson(products.get('b')!)}]`);
    expect(state.reads).toEqual(['b', 'gone', 'a']);
  });

  it('drops everything kept when the catalog or stock version moves, so an edit shows at once', async () => {
    const products = new Map([['a', product('a', 1)]]);
    const { docs, state } = fakeStore(products);
    const kept = new ProductJson(docs, urls);
    await kept.list(['a']);
    products.set('a', product('a', 5));
    expect(JSON.parse(await kept.list(['a']))[0].price).toBe(1); // no change recorded: still the kept one
    state.version++;
    expect(JSON.parse(await kept.list(['a']))[0].price).toBe(5);
  });

  it('keeps at most its bound, the oldest going first', async () => {
    const products = new Map(['a', 'b', 'c'].map((id) => [id, product(id, 1)]));
    const { docs, state } = fakeStore(products);
    const size = urls.imagesInJson(products.get('a')!).length;
    const kept = new ProductJson(docs, urls, size * 2);
    await kept.list(['a', 'b', 'c']);
    state.reads = [];
    await kept.list(['a', 'b', 'c']);
    expect(state.reads).toEqual(['a']);
  });
});
