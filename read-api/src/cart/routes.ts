import Router from '@koa/router';
import { CART, CATALOG, cartLineReply, lineStock, type CartCount, type ProductDoc, type StoredCartLine } from '@shop/contracts';
import { assertSelf, isVisitor, userOrVisitor, type DocumentStore, type PublicUrls, type TokenService } from '@shop/platform';

const OLDEST_FIRST: [string, 1][] = [['dateCreated', 1], ['_id', 1]];
const EMPTY_COUNT: CartCount = { count: 0, total: 0 };

/**
 * Cart queries: the caller's lines (countInStock joined live from the catalog) and the header
 * badge. A visitor (no token, or an existing client's `Bearer null` right after signing in) has
 * an empty cart; a token that is not valid is still a 401.
 */
export function cartQueryRouter(deps: { docs: DocumentStore; tokens: TokenService; publicUrls: PublicUrls }): Router {
  const router = new Router();
  const auth = userOrVisitor(deps.tokens);

  router.get('/cart', auth, async (ctx) => {
    if (isVisitor(ctx)) {
      ctx.body = [];
      return;
    }
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const lines = await deps.docs.find<StoredCartLine>(CART.lines, { userId }, { sort: OLDEST_FIRST });
    const ids = [...new Set(lines.map((line) => line.productId))];
    const products = ids.length ? await deps.docs.find<ProductDoc>(CATALOG.products, { _id: { $in: ids } }) : [];
    const byId = new Map(products.map((p) => [p.id, p]));
    ctx.body = lines.map((line) => deps.publicUrls.withImage(cartLineReply(line, lineStock(byId.get(line.productId), line))));
  });

  router.get('/cart/count', auth, async (ctx) => {
    if (isVisitor(ctx)) {
      ctx.body = EMPTY_COUNT;
      return;
    }
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const lines = await deps.docs.find<StoredCartLine>(CART.lines, { userId });
    const reply: CartCount = { count: lines.length, total: lines.reduce((sum, line) => sum + line.subTotal, 0) };
    ctx.body = reply;
  });
  return router;
}
