import Router from '@koa/router';
import { z } from 'zod';
import { CART, CART_MESSAGES, idSchema, isId, type CartLineDoc, type StoredCartLine } from '@shop/contracts';
import { HttpError, assertSelf, failuresAs, requireUser, validate } from '@shop/platform';
import type { CartCommands, CartLineReply } from './commands.ts';
import { answerRefusals, refusalReply } from '../shared/refusals.ts';
import { READ_MODELS, bodyOf, type CommandDeps } from '../shared/http.ts';

/** The original client reads `status: false` + `msg` on cart failures, whatever the HTTP status. */
const cartFailureBody = (msg: string) => ({ status: false, msg });
const cartFailure = (status: number) => (msg: string) => new HttpError(status, cartFailureBody(msg));
/**
 * The cart's refusals (cart/decider.ts, cart/commands.ts) as the original client reads them:
 * `status: false` + `msg`.
 */
export const cartRefusal = refusalReply(cartFailureBody);

const option = z.string().trim().max(40).nullish();
const addBody = z.object({
  productId: idSchema,
  quantity: z.coerce.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').default(1),
  productRam: option,
  size: option,
  productWeight: option,
});
const quantityBody = z.object({
  quantity: z.coerce.number({ error: 'Quantity must be a number' }).int('Quantity must be a whole number').min(1, 'Quantity must be at least 1'),
});

/** Cart commands: add, change quantity, remove. The user is the token's; replies wait for the cart read model. */
export function cartCommandRoutes(deps: CommandDeps & { cart: CartCommands }): Router {
  const router = new Router();
  // A refused token or someone else's id is answered with `status: false` too.
  const auth = [failuresAs(cartFailureBody), requireUser(deps.tokens)];
  const { cart } = deps;
  /**
   * The command's line is the reply: it is the line as the next `GET /api/cart` serves it. Only a
   * line added before add events recorded their date takes it from the cart read model (the reply
   * already waited for it), so every reply of a line shows the date of its add.
   */
  const served = async (line: CartLineReply): Promise<CartLineDoc> => {
    const dateCreated = line.dateCreated ?? (await deps.docs.get<StoredCartLine>(CART.lines, line.id))?.dateCreated ?? new Date().toISOString();
    return deps.publicUrls.withImage<CartLineDoc>({ ...line, dateCreated });
  };
  const lineId = (id: string | undefined) => {
    if (!isId(id)) throw new HttpError(404, { status: false, msg: CART_MESSAGES.notFound });
    return id;
  };

  router.post('/cart/add', ...auth, answerRefusals(cartRefusal), deps.writes.guard('basket'), async (ctx) => {
    const body = bodyOf(ctx);
    const { userId } = assertSelf(ctx, body.userId);
    const input = validate(addBody, body, cartFailure(400));
    const { line, position } = await cart.add(userId, input, { correlationId: ctx.state.requestId });
    await deps.awaitProjections(position, [READ_MODELS.cart]);
    ctx.status = 201;
    ctx.body = await served(line);
  });

  router.put('/cart/:id', ...auth, answerRefusals(cartRefusal), deps.writes.guard('basket'), async (ctx) => {
    const body = bodyOf(ctx);
    const { userId } = assertSelf(ctx, body.userId);
    const id = lineId(ctx.params.id);
    const { quantity } = validate(quantityBody, body, cartFailure(400));
    const { line, position } = await cart.changeQuantity(userId, id, quantity, { correlationId: ctx.state.requestId });
    await deps.awaitProjections(position, [READ_MODELS.cart]);
    ctx.body = await served(line);
  });

  router.delete('/cart/:id', ...auth, answerRefusals(cartRefusal), deps.writes.guard('basket'), async (ctx) => {
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const id = lineId(ctx.params.id);
    const { position } = await cart.remove(userId, id, { correlationId: ctx.state.requestId });
    await deps.awaitProjections(position, [READ_MODELS.cart]);
    ctx.body = { success: true, message: CART_MESSAGES.removed };
  });

  return router;
}
