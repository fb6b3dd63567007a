import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { CATALOG, MAX_UNPAGED_RESULTS, isId } from '@shop/contracts';
import { HttpError, failure, validate, type DocumentStore, type Filter, type SortSpec } from '@shop/platform';
import { LISTING_SORTS, listingQuery, normaliseQuery, pageOf, productFilter, sortOf, type ListingQuery } from './query.ts';

const NEWEST_FIRST: SortSpec = LISTING_SORTS.newest;

/**
 * Product routes of the original API, reply shapes included. Paths are registered before
 * `/:id` so `catId`, `featured` and friends never look like ids.
 */
export function productRoutes(router: Router, docs: DocumentStore, cached: Middleware): void {
  const readQuery = (query: Record<string, string | string[] | undefined>) => validate(listingQuery, normaliseQuery(query));

  /**
   * A page when `page` or `perPage` is given. Without either, the original answered every match
   * (clients without a pager rely on it): ours does too (newest first unless `sort` says), up to
   * MAX_UNPAGED_RESULTS. The listing routes then say page 1 (of 1, or of 0 when nothing
   * matched); the filter routes keep the original's `totalPages: 0, page: 0`.
   */
  async function listing(ctx: Context, filter: Filter, q: ListingQuery, unpaged: 'page 1' | 'zeros'): Promise<void> {
    if (q.page !== undefined || q.perPage !== undefined) {
      replyJson(ctx, await productPageReply(docs, filter, pageOf(q), sortOf(q)));
      return;
    }
    const products = await docs.findRaw(CATALOG.products, filter, { sort: sortOf(q), limit: MAX_UNPAGED_RESULTS });
    if (unpaged === 'zeros') replyJson(ctx, pageJson(products, 0, 0));
    else replyJson(ctx, pageJson(products, products.length > 0 ? 1 : 0, 1));
  }

  router.get('/products', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    await listing(ctx, productFilter(q), q, 'page 1');
  });

  router.get('/products/catId', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (!q.catId) throw failure(400, 'catId is required');
    await listing(ctx, productFilter(q), q, 'page 1');
  });

  router.get('/products/subCatId', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (!q.subCatId) throw failure(400, 'subCatId is required');
    await listing(ctx, productFilter(q), q, 'page 1');
  });

  router.get('/products/catName', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (!q.catName) throw failure(400, 'catName is required');
    await listing(ctx, productFilter(q), q, 'page 1');
  });

  router.get('/products/fiterByPrice', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (q.minPrice === undefined || q.maxPrice === undefined) throw failure(400, 'minPrice and maxPrice are required');
    if (q.minPrice > q.maxPrice) throw failure(400, 'minPrice must not exceed maxPrice');
    await listing(ctx, productFilter(q), q, 'zeros');
  });

  router.get('/products/rating', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (q.rating === undefined) throw failure(400, 'rating is required');
    await listing(ctx, productFilter(q), q, 'zeros');
  });

  router.get('/products/featured', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    const products = await docs.findRaw(
      CATALOG.products,
      { ...productFilter(q), isFeatured: true },
      { sort: NEWEST_FIRST, limit: MAX_UNPAGED_RESULTS },
    );
    replyJson(ctx, `[${products.join(',')}]`);
  });

  router.get('/products/:id', cached, async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!isId(id)) throw new HttpError(400, { error: true, msg: 'Invalid product id' });
    const product = await docs.getRaw(CATALOG.products, id);
    if (!product) throw new HttpError(404, { error: true, msg: 'The product with the given ID was not found.' });
    replyJson(ctx, product);
  });
}

function replyJson(ctx: Context, json: string): void {
  ctx.type = 'application/json';
  ctx.body = json;
}

/**
 * A paged listing's reply as JSON text, `{ products, totalPages, page }`, newest first unless
 * another sort is asked for, with the stored documents spliced in as they are.
 */
export async function productPageReply(
  docs: DocumentStore,
  filter: Filter,
  { page, perPage, skip }: { page: number; perPage: number; skip: number },
  sort: SortSpec = NEWEST_FIRST,
): Promise<string> {
  const [total, products] = await Promise.all([
    docs.count(CATALOG.products, filter),
    docs.findRaw(CATALOG.products, filter, { sort, skip, limit: perPage }),
  ]);
  return pageJson(products, Math.ceil(total / perPage), page);
}

function pageJson(products: string[], totalPages: number, page: number): string {
  return `{"products":[${products.join(',')}],"totalPages":${totalPages},"page":${page}}`;
}
