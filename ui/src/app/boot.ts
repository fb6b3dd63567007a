import { shopApi } from '../api/shopApi.ts';
import type { Banner, Category, Product, ProductPage } from '../api/types.ts';
import type { AppStore } from '../store/store.ts';

type BootReplies = Record<string, Promise<unknown> | undefined>;

function bootReplies(): BootReplies {
  return ((window as unknown as { __boot?: BootReplies }).__boot ?? {}) as BootReplies;
}

/**
 * Adopts the replies index.html prefetched (see its boot script) into the RTK Query cache, with
 * the same arguments the pages use, so the first render already has its data and sends no
 * duplicate request. Resolves when every prefetched reply has been adopted (or failed).
 */
export function adoptBootData(store: AppStore, location: string): Promise<unknown> {
  const adoptions: Promise<unknown>[] = [];
  for (const [url, reply] of Object.entries(bootReplies())) {
    if (!reply) continue;
    adoptions.push(
      reply.then((data) => {
        if (!data) return;
        const parsed = new URL(url, window.location.origin);
        const q = parsed.searchParams;
        const upsert = store.dispatch;
        if (parsed.pathname === '/api/category') {
          void upsert(shopApi.util.upsertQueryData('getCategories', undefined, (data as { categoryList?: Category[] }).categoryList ?? []));
        } else if (parsed.pathname === '/api/homeBanner') {
          void upsert(shopApi.util.upsertQueryData('getBanners', 'home', data as Banner[]));
        } else if (parsed.pathname === '/api/products') {
          const args = {
            ...(q.get('catId') ? { catId: q.get('catId')! } : {}),
            ...(q.get('subCatId') ? { subCatId: q.get('subCatId')! } : {}),
            page: Number(q.get('page')),
            perPage: Number(q.get('perPage')),
            location,
          };
          void upsert(shopApi.util.upsertQueryData('getProducts', args, data as ProductPage));
        } else if (parsed.pathname.startsWith('/api/products/')) {
          const id = decodeURIComponent(parsed.pathname.slice('/api/products/'.length));
          void upsert(shopApi.util.upsertQueryData('getProduct', id, data as Product));
        }
      }),
    );
  }
  return Promise.allSettled(adoptions);
}
