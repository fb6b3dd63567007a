import Router from '@koa/router';
import type { DocumentStore } from '@shop/platform';
import { categoryRoutes } from './catalog/categories.ts';
import { productRoutes } from './catalog/products.ts';
import { searchRoutes } from './catalog/search.ts';
import { countryRoutes } from './countries/routes.ts';

export { accountQueryRouter } from './account/routes.ts';
export { listingQuery, productFilter, locationFilter, normaliseQuery } from './catalog/query.ts';

/** Every query route of the shop, answered from read models only. Mount under `/api`. */
export function readRouter(docs: DocumentStore): Router {
  const router = new Router();
  categoryRoutes(router, docs);
  productRoutes(router, docs);
  searchRoutes(router, docs);
  countryRoutes(router);
  return router;
}
export { cartQueryRouter } from './cart/routes.ts';
export { myListQueryRouter } from './my-list/routes.ts';
export { reviewQueryRouter } from './review/routes.ts';
export { orderQueryRouter } from './order/routes.ts';
export { adminRouter, type AdminDeps } from './admin/index.ts';
