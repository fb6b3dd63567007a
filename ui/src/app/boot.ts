import type { DefinitionsFromApi, QueryArgFrom, ResultTypeFrom } from '@reduxjs/toolkit/query';
import { shopApi } from '../api/shopApi.ts';
import type { Banner, Category, ListingSort, Product, ProductPage, ProductQuery } from '../api/types.ts';
import type { AppStore } from '../store/store.ts';

type BootReplies = Record<string, Promise<unknown> | undefined>;

function bootReplies(): BootReplies {
  return ((window as unknown as { __boot?: BootReplies }).__boot ?? {}) as BootReplies;
}

type Definitions = DefinitionsFromApi<typeof shopApi>;
type BootEndpoint = 'getCategories' | 'getBanners' | 'getProducts' | 'getProduct';
/** One cache entry of a first-screen endpoint (spelt per endpoint: the API also has an infinite query, whose entries differ). */
type Entry = { [K in BootEndpoint]: { endpointName: K; arg: QueryArgFrom<Definitions[K]>; value: ResultTypeFrom<Definitions[K]> } }[BootEndpoint];

/** The cache entry for one first-screen reply (keyed by its request path), with the arguments the pages use. */
function entryFor(url: string, data: unknown, location: string): Entry | null {
  if (!data) return null;
  const parsed = new URL(url, 'http://shop.local');
  const q = parsed.searchParams;
  if (parsed.pathname === '/api/category') {
    return { endpointName: 'getCategories', arg: undefined, value: (data as { categoryList?: Category[] }).categoryList ?? [] };
  }
  if (parsed.pathname === '/api/homeBanner') return { endpointName: 'getBanners', arg: 'home', value: data as Banner[] };
  if (parsed.pathname === '/api/products') {
    // The listing's query as ListingPage builds it (listingQuery): ids and the sort as text, the rest as numbers.
    const text = (key: 'catId' | 'subCatId') => (q.get(key) ? { [key]: q.get(key)! } : {});
    const number = (key: 'minPrice' | 'maxPrice' | 'rating') => (q.get(key) ? { [key]: Number(q.get(key)) } : {});
    const sort = q.get('sort');
    const arg: ProductQuery = {
      ...text('catId'),
      ...text('subCatId'),
      ...number('minPrice'),
      ...number('maxPrice'),
      ...number('rating'),
      ...(sort ? { sort: sort as ListingSort } : {}),
      page: Number(q.get('page')),
      perPage: Number(q.get('perPage')),
      location,
    };
    return { endpointName: 'getProducts', arg, value: data as ProductPage };
  }
  if (parsed.pathname.startsWith('/api/products/')) {
    return { endpointName: 'getProduct', arg: decodeURIComponent(parsed.pathname.slice('/api/products/'.length)), value: data as Product };
  }
  return null;
}

/**
 * Puts the first screen's replies (keyed by request path, as index.html's boot script and the
 * server's first-screen render request them) into the RTK Query cache in one synchronous
 * action, so the pages' first render already has the data and sends no duplicate request.
 */
export function adoptReplies(store: AppStore, replies: Record<string, unknown>, location: string): void {
  const entries = Object.entries(replies).flatMap(([url, data]) => entryFor(url, data, location) ?? []);
  if (entries.length > 0) store.dispatch(shopApi.util.upsertQueryEntries(entries));
}

/**
 * Adopts the replies index.html prefetched (see its boot script) into the RTK Query cache once
 * they have all arrived (or failed).
 */
export async function adoptBootData(store: AppStore, location: string): Promise<void> {
  const pending = Object.entries(bootReplies());
  const settled = await Promise.allSettled(pending.map(([, reply]) => reply));
  adoptReplies(store, Object.fromEntries(pending.map(([url], i) => [url, settled[i]!.status === 'fulfilled' ? settled[i]!.value : null])), location);
}
