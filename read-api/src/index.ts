import Router from '@koa/router';
import type { Middleware } from 'koa';
import { replyCache, type DocumentStore, type PublicUrls } from '@shop/platform';
import { CATALOG_COUNTERS, SEARCH } from '@shop/contracts';
import { categoryRoutes } from './catalog/categories.ts';
import { catalogImageUrls } from './catalog/image-urls.ts';
import { productRoutes } from './catalog/products.ts';
import { searchRoutes } from './catalog/search.ts';
import { stockChanges } from './catalog/stock-changes.ts';
import { SearchFeed } from './search/feed.ts';
import { countryRoutes } from './countries/routes.ts';

export { accountQueryRouter } from './account/routes.ts';
export { SessionCutoffs } from './account/session-cutoffs.ts';
export { listingQuery, productFilter, locationFilter, normaliseQuery, pageOf, sortOf } from './catalog/query.ts';
export { bannersReply, categoryListReply } from './catalog/categories.ts';
export { productPageReply } from './catalog/products.ts';

/** Every query route of the shop, answered from read models only. Mount under `/api`. */
export function readRouter(docs: DocumentStore, urls: PublicUrls): Router {
  const router = new Router();
  // Catalog replies depend on nothing but the URL and the catalog read model, so each is built
  // once per change of that model (by any writer) and then served from memory, with its image
  // paths already made URLs. A product's stock moving retires only the replies holding that product.
  const imageUrls = catalogImageUrls(urls);
  const withUrls = (cache: Middleware): Middleware => (ctx, next) => cache(ctx, () => imageUrls(ctx, next));
  const catalogCache = withUrls(replyCache({ version: () => docs.changeVersion([...CATALOG_COUNTERS.catalog]), items: stockChanges(docs) }));
  categoryRoutes(router, docs, catalogCache);
  productRoutes(router, docs, catalogCache);
  // Search replies also depend on the search read model (its own projection), and on which
  // in-memory index answers (a rebuild's swap has one reloaded in the background). The search
  // routes give their products' image URLs themselves (kept with each product's JSON).
  const feed = new SearchFeed(docs);
  const searchCache = replyCache({
    version: async () => `${feed.reloadsReady}/${await docs.changeVersion([...CATALOG_COUNTERS.catalog, ...Object.values(SEARCH)])}`,
    items: stockChanges(docs),
  });
  searchRoutes(router, docs, urls, feed, searchCache);
  countryRoutes(router);
  return router;
}
export { cartQueryRouter } from './cart/routes.ts';
export { myListQueryRouter } from './my-list/routes.ts';
export { reviewQueryRouter } from './review/routes.ts';
export { orderQueryRouter } from './order/routes.ts';
export { adminRouter, type AdminDeps } from './admin/index.ts';
export { adminCatalogQueryRouter } from './catalog/admin-products.ts';
