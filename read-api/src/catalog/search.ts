import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { SEARCH_RESULT_LIMIT } from '@shop/contracts';
import { HttpError, validate, type DocumentStore, type PublicUrls } from '@shop/platform';
import { normaliseQuery } from './query.ts';
import { EXACT_TOTAL } from '../search/engine.ts';
import type { SearchFeed } from '../search/feed.ts';
import { ProductJson } from '../search/product-json.ts';
import { cacheWhenRepeated } from '../search/repeat-gate.ts';

const q = z.string({ error: 'Query is required' }).trim().min(1, 'Query is required').max(200, 'Query is too long');
const location = z.string().regex(/^(All|[A-Za-z]{2})$/, 'location must be a two-letter country code or All').optional();

const searchQuery = z.object({
  q,
  location,
  limit: z.coerce.number().int().min(1).max(SEARCH_RESULT_LIMIT).optional(),
});

/**
 * The deepest result a page may reach, so a query's ranking work stays bounded; the index counts
 * exactly up to the same depth, so every page count it gives is exact.
 */
const MAX_RESULTS_DEPTH = EXACT_TOTAL;

const resultsQuery = z.object({
  q,
  location,
  page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').optional(),
  perPage: z.coerce.number({ error: 'perPage must be a number' }).int('perPage must be a whole number').min(1, 'perPage must be at least 1').max(SEARCH_RESULT_LIMIT, `perPage must be at most ${SEARCH_RESULT_LIMIT}`).optional(),
}).refine((r) => (r.page ?? 1) * (r.perPage ?? SEARCH_RESULT_LIMIT) <= MAX_RESULTS_DEPTH, { message: `Results past the first ${MAX_RESULTS_DEPTH} are not shown` });

/** How many fallback products a reply with no match carries. */
const FALLBACK_PRODUCTS = 12;

/**
 * Search, ranked by the search read model (typos, parts of words, synonyms; see
 * read-api/src/search/engine.ts), the same on every read store.
 *
 * - `GET /search?q=` keeps the original's reply: a bare list of products, best first, at most 60.
 * - `GET /search/results?q=&page=&perPage=` is the storefront's: a page of products with the
 *   total, "Did you mean" queries when some query word matched nothing or only through a typo,
 *   and, when nothing matched, popular products of the nearest category instead.
 *
 * The products come with their image paths as URLs already (`ProductJson`), so `replyCache` must
 * not rewrite them again; it keeps a reply from the second time its URL is asked for.
 */
export function searchRoutes(router: Router, docs: DocumentStore, urls: PublicUrls, feed: SearchFeed, replyCache: Middleware): void {
  const cached = cacheWhenRepeated(replyCache);
  // Build the index at start-up rather than on the first shopper's search (ignored if it fails:
  // the first search tries again).
  feed.current().catch(() => undefined);
  const products = new ProductJson(docs, urls);
  const productsJson = (ids: string[]) => products.list(ids);

  router.get('/search', cached, async (ctx) => {
    const query = validate(searchQuery, normaliseQuery(ctx.query), (msg) => new HttpError(400, { msg }));
    const index = await feed.current();
    const { ids } = index.search(query.q, { location: query.location, limit: query.limit ?? SEARCH_RESULT_LIMIT });
    ctx.type = 'application/json';
    ctx.body = await productsJson(ids);
  });

  router.get('/search/results', cached, async (ctx) => {
    const query = validate(resultsQuery, normaliseQuery(ctx.query), (msg) => new HttpError(400, { msg }));
    const page = query.page ?? 1;
    const perPage = query.perPage ?? SEARCH_RESULT_LIMIT;
    const index = await feed.current();
    const found = index.search(query.q, { location: query.location, offset: (page - 1) * perPage, limit: perPage });
    const didYouMean = found.poorlyMatched.length ? index.didYouMean(query.q) : [];
    const fallback = found.total === 0 ? index.fallback(query.q, { location: query.location, limit: FALLBACK_PRODUCTS }) : null;
    const totalPages = Math.ceil(Math.min(found.total, MAX_RESULTS_DEPTH) / perPage);
    ctx.type = 'application/json';
    ctx.body =
      `{"products":${await productsJson(found.ids)},"total":${found.total},"page":${page},"perPage":${perPage},"totalPages":${totalPages},` +
      `"didYouMean":${JSON.stringify(didYouMean)},"fallback":${
        fallback ? `{"catId":${JSON.stringify(fallback.catId)},"catName":${JSON.stringify(fallback.catName)},"products":${await productsJson(fallback.ids)}}` : 'null'
      }}`;
  });
}
