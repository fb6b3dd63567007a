import Router from '@koa/router';
import { z } from 'zod';
import { isId, skuSchema } from '@shop/contracts';
import { HttpError, requireAdmin, requireUser, validate } from '@shop/platform';
import { READ_MODELS, bodyOf, type CommandDeps } from '../../shared/http.ts';
import { answerRefusals, refusalReply } from '../../shared/refusals.ts';
import { receiveStock } from './receive-stock.ts';

/** `sku` names the variant that arrived (products with variants); without it the product's one count. */
const receiptBody = z.object({ quantity: z.number().int().min(1).max(100_000), sku: skuSchema.optional() });
const stockRefusal = refusalReply((msg) => ({ error: true, msg }));

/** Admin stock commands: `POST /admin/products/:id/stock { quantity }` adds what arrived. */
export function stockCommandRoutes(deps: CommandDeps): Router {
  const router = new Router();
  router.post('/admin/products/:id/stock', requireUser(deps.tokens), answerRefusals(stockRefusal), async (ctx) => {
    const admin = requireAdmin(ctx);
    const productId = ctx.params.id;
    if (!isId(productId)) throw new HttpError(404, { error: true, msg: 'Product not found' });
    const { quantity, sku } = validate(
      receiptBody,
      bodyOf(ctx),
      () => new HttpError(400, { error: true, msg: 'quantity must be a whole number from 1 to 100000, sku one of the product\'s SKUs' }),
    );
    const { remaining, position } = await receiveStock(deps.streams, { productId, quantity, ...(sku ? { sku } : {}) }, { userId: admin.userId });
    await deps.awaitProjections(position, [READ_MODELS.catalog, READ_MODELS.backOffice]);
    ctx.body = { productId, ...(sku ? { sku } : {}), countInStock: remaining };
  });
  return router;
}
