import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { MAX_UNPAGED_RESULTS, isId } from '@shop/contracts';
import { HttpError, failure, validate, type DocumentStore, type Filter, type SortSpec } from '@shop/platform';
import { CATALOG } from '@shop/projections';
import { LISTING_SORTS, listingQuery, normaliseQuery, pageOf, productFilter, sortOf, type ListingQuery } from './query.ts';

const NEWEST_FIRST: SortSpec = LISTING_SORTS.newest;

/**
 * Product routes of the original API, reply shapes included. Paths are registered before
 * `/:id` so `catId`, `featured` and friends never look like ids.
 */
export function productRoutes(router: Router, docs: DocumentStore, cached: Middleware): void {
  const readQuery = (query: Record<string, string | string[] | undefined>) => validate(listingQuery, normaliseQuery(query));

  async function paged(ctx: Context, filter: Filter, q: ListingQuery): Promise<void> {
    replyJson(ctx, await productPageReply(docs, filter, pageOf(q), sortOf(q)));
  }

  /** Filter routes answered every match with zero page fields; ours page when asked, else cap. */
  async function filtered(ctx: Context, filter: Filter, q: ListingQuery): Promise<void> {
    if (q.page !== undefined || q.perPage !== undefined) return paged(ctx, filter, q);
    const products = await docs.findRaw(CATALOG.products, filter, { sort: sortOf(q), limit: MAX_UNPAGED_RESULTS });
    replyJson(ctx, pageJson(products, 0, 0));
  }

  router.get('/products', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    await paged(ctx, productFilter(q), q);
  });

  router.get('/products/catId', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (!q.catId) throw failure(400, 'catId is required');
    await paged(ctx, productFilter(q), q);
  });

  router.get('/products/subCatId', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (!q.subCatId) throw failure(400, 'subCatId is required');
    await paged(ctx, productFilter(q), q);
  });

  router.get('/products/catName', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (!q.catName) throw failure(400, 'catName is required');
    await paged(ctx, productFilter(q), q);
  });

  router.get('/products/fiterByPrice', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (q.minPrice === undefined || q.maxPrice === undefined) throw failure(400, 'minPrice and maxPrice are required');
    if (q.minPrice > q.maxPrice) throw failure(400, 'minPrice must not exceed maxPrice');
    await filtered(ctx, productFilter(q), q);
  });

  router.get('/products/rating', cached, async (ctx) => {
    const q = readQuery(ctx.query);
    if (q.rating === undefined) throw failure(400, 'rating is required');
    await filtered(ctx, productFilter(q), q);
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
