import Router from '@koa/router';
import type { CartCount, CartLineDoc, ProductDoc } from '@shop/contracts';
import { assertSelf, requireUser, type DocumentStore, type TokenService } from '@shop/platform';
import { CART, CATALOG } from '@shop/projections';

const OLDEST_FIRST: [string, 1][] = [['dateCreated', 1], ['_id', 1]];

/** Cart queries: the caller's lines (countInStock joined live from the catalog) and the header badge. */
export function cartQueryRouter(deps: { docs: DocumentStore; tokens: TokenService }): Router {
  const router = new Router();
  const auth = requireUser(deps.tokens);

  router.get('/cart', auth, async (ctx) => {
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const lines = await deps.docs.find<Omit<CartLineDoc, 'countInStock'>>(CART.lines, { userId }, { sort: OLDEST_FIRST });
    const ids = [...new Set(lines.map((line) => line.productId))];
    const products = ids.length ? await deps.docs.find<ProductDoc>(CATALOG.products, { _id: { $in: ids } }) : [];
    const stock = new Map(products.map((p) => [p.id, p.countInStock]));
    ctx.body = lines.map((line): CartLineDoc => ({ ...line, countInStock: stock.get(line.productId) ?? 0 }));
  });

  router.get('/cart/count', auth, async (ctx) => {
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const lines = await deps.docs.find<CartLineDoc>(CART.lines, { userId });
    const reply: CartCount = { count: lines.length, total: lines.reduce((sum, line) => sum + line.subTotal, 0) };
    ctx.body = reply;
  });
  return router;
}
