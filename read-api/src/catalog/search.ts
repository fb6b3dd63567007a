import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { SEARCH_RESULT_LIMIT } from '@shop/contracts';
import { HttpError, validate, type DocumentStore } from '@shop/platform';
import { CATALOG } from '@shop/projections';
import { locationFilter, normaliseQuery } from './query.ts';

const searchQuery = z.object({
  q: z.string({ error: 'Query is required' }).trim().min(1, 'Query is required').max(200, 'Query is too long'),
  location: z.string().regex(/^(All|[A-Za-z]{2})$/, 'location must be a two-letter country code or All').optional(),
  limit: z.coerce.number().int().min(1).max(SEARCH_RESULT_LIMIT).optional(),
});

/** Case-insensitive word-prefix search over name, brand and category name, best match first. */
export function searchRoutes(router: Router, docs: DocumentStore, cached: Middleware): void {
  router.get('/search', cached, async (ctx) => {
    const q = validate(searchQuery, normaliseQuery(ctx.query), (msg) => new HttpError(400, { msg }));
    const products = await docs.findRaw(CATALOG.products, locationFilter(q.location), {
      text: q.q,
      limit: q.limit ?? SEARCH_RESULT_LIMIT,
    });
    ctx.type = 'application/json';
    ctx.body = `[${products.join(',')}]`;
  });
}
