import Router from '@koa/router';
import type { MyListDoc } from '@shop/contracts';
import { assertSelf, requireUser, type DocumentStore, type Filter, type TokenService } from '@shop/platform';
import { MY_LIST } from '@shop/projections';

/** The caller's My List; with `productId`, a non-empty array means the product is listed. */
export function myListQueryRouter(deps: { docs: DocumentStore; tokens: TokenService }): Router {
  const router = new Router();
  router.get('/my-list', requireUser(deps.tokens), async (ctx) => {
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const filter: Filter = { userId };
    const productId = ctx.query.productId;
    if (typeof productId === 'string' && productId) filter.productId = productId;
    ctx.body = await deps.docs.find<MyListDoc>(MY_LIST.entries, filter, { sort: [['dateCreated', 1], ['_id', 1]] });
  });
  return router;
}
