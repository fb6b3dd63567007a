import Router from '@koa/router';
import { MY_LIST, type MyListDoc } from '@shop/contracts';
import { assertSelf, isVisitor, userOrVisitor, type DocumentStore, type Filter, type PublicUrls, type TokenService } from '@shop/platform';

/**
 * The caller's My List; with `productId`, a non-empty array means the product is listed. A
 * visitor (no token, or an existing client's `Bearer null` right after signing in) has an empty
 * list, so no product shows as listed; a token that is not valid is still a 401.
 */
export function myListQueryRouter(deps: { docs: DocumentStore; tokens: TokenService; publicUrls: PublicUrls }): Router {
  const router = new Router();
  router.get('/my-list', userOrVisitor(deps.tokens), async (ctx) => {
    if (isVisitor(ctx)) {
      ctx.body = [];
      return;
    }
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const filter: Filter = { userId };
    const productId = ctx.query.productId;
    if (typeof productId === 'string' && productId) filter.productId = productId;
    const entries = await deps.docs.find<MyListDoc>(MY_LIST.entries, filter, { sort: [['dateCreated', 1], ['_id', 1]] });
    ctx.body = entries.map((entry) => deps.publicUrls.withImage(entry));
  });
  return router;
}
