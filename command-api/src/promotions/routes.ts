import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import {
  COUPON_MESSAGES,
  FIRST_ORDER_PROMOTION_ID,
  FIRST_ORDER_RULE,
  couponCodeSchema,
  newId,
  offerFor,
  promotionChange,
  promotionIdSchema,
  promotionInput,
  type PipelineLine,
  type PipelineResult,
  type PromotionEventMap,
} from '@shop/contracts';
import { HttpError, assertSelf, currentUser, failuresAs, requireAdmin, requireUser, validate } from '@shop/platform';
import type { CartCommands } from '../cart/commands.ts';
import { READ_MODELS, bodyOf, type CommandDeps } from '../shared/http.ts';
import { answerRefusals } from '../shared/refusals.ts';
import { adminRefusal, parseBody } from '../catalog/admin-http.ts';
import { cartRefusal } from '../cart/routes.ts';
import type { StreamCommands } from '../shared/stream-commands.ts';
import { cartCouponStream, promotionCodeStream, promotionStream, PROMOTION_NOT_FOUND } from './decider.ts';
import { pricedWith, pricingContext, promotionByCode, type Shopper } from './pricing.ts';

export const CODE_TAKEN = 'Another promotion already has this coupon code';

const couponBody = z.object({ code: couponCodeSchema });
const couponFailure = (msg: string) => new HttpError(400, { status: false, msg });

/** The cart's lines as the pipeline prices them (catalog prices now; what is gone is left out). */
async function cartLines(deps: CommandDeps & { cart: CartCommands }, userId: string): Promise<PipelineLine[]> {
  const cart = await deps.cart.state(userId);
  const lines: PipelineLine[] = [];
  for (const line of cart.lines.values()) {
    const product = await deps.products.get(line.productId);
    const offer = product && offerFor(product, line);
    if (!product || !offer) continue;
    lines.push({ lineId: line.lineId, productId: product.id, catId: product.catId, subCatId: product.subCatId, price: offer.price, quantity: line.quantity });
  }
  return lines;
}

/** The cart's discounts as the cart page shows them (before an address: no delivery fee yet). */
function cartPricingReply(priced: PipelineResult, code: string | null) {
  return {
    status: true,
    code,
    couponRefused: priced.couponRefused,
    discounts: priced.discounts.map(({ label, amount, code: c }) => ({ label, amount, ...(c ? { code: c } : {}) })),
    subtotal: priced.subtotal,
    total: priced.total,
  };
}

/** The default first-order rule's stream, created the first time the back office changes it. */
async function ensureDefaultRule(streams: StreamCommands, promotionId: string, userId: string): Promise<void> {
  if (promotionId !== FIRST_ORDER_PROMOTION_ID) return;
  const { id: _id, state: _state, ...rule } = FIRST_ORDER_RULE;
  await streams.handle(promotionStream.at(promotionId), { type: 'CreatePromotion', terms: { promotionId, ...rule } }, { userId });
}

/**
 * Promotions' commands: the back office creates, pauses, resumes and ends them; a shopper applies
 * a coupon code to their cart (one try taken from a per-user budget first, so codes cannot be
 * guessed at speed) and removes it. Replies wait for the promotions read model.
 */
export function promotionCommandRoutes(deps: CommandDeps & { cart: CartCommands }): Router {
  const router = new Router();
  const signedIn = requireUser(deps.tokens);
  const adminRefusals = answerRefusals(adminRefusal);
  const settled = (position: bigint) => deps.awaitProjections(position, [READ_MODELS.promotions]);
  const shopperAuth = [failuresAs((msg: string) => ({ status: false, msg })), requireUser(deps.tokens), answerRefusals(cartRefusal)];
  const shopper = (ctx: Context): Shopper => {
    const { userId, email } = currentUser(ctx);
    return { userId, email };
  };

  router.post('/admin/promotions', signedIn, adminRefusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const input = parseBody(promotionInput, ctx);
    const promotionId = newId();
    if (input.code) {
      const reserved = await deps.streams.claim(promotionCodeStream.at(input.code), { type: 'PromotionCodeReserved', data: { code: input.code, promotionId } }, { userId });
      if (!reserved.claimed) throw new HttpError(409, { error: true, msg: CODE_TAKEN });
    }
    const terms: PromotionEventMap['PromotionCreated'] = { promotionId, ...input };
    const { position } = await deps.streams.handle(promotionStream.at(promotionId), { type: 'CreatePromotion', terms }, { userId });
    await settled(position);
    ctx.status = 201;
    ctx.body = { id: promotionId };
  });

  router.put('/admin/promotions/:id', signedIn, adminRefusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const id = promotionIdSchema.safeParse(ctx.params.id);
    if (!id.success) throw new HttpError(404, { error: true, msg: PROMOTION_NOT_FOUND });
    const { state } = parseBody(promotionChange, ctx);
    await ensureDefaultRule(deps.streams, id.data, userId);
    const result = await deps.streams.handle(promotionStream.at(id.data), { type: 'ChangePromotionState', promotionId: id.data, state }, { userId });
    await settled(result.position);
    ctx.body = { id: id.data, state: result.state.state };
  });

  router.get('/cart/discounts', ...shopperAuth, async (ctx) => {
    const me = shopper(ctx);
    const context = await pricingContext(deps, me);
    ctx.body = cartPricingReply(pricedWith(context, await cartLines(deps, me.userId), { now: new Date() }), context.coupon?.code ?? null);
  });

  router.post('/cart/coupon', ...shopperAuth, deps.writes.guard('coupon'), async (ctx) => {
    const body = bodyOf(ctx);
    const me = assertSelf(ctx, body.userId);
    const { code } = validate(couponBody, body, couponFailure);
    const promotion = await promotionByCode(deps.docs, code);
    if (!promotion) throw new HttpError(404, { status: false, msg: COUPON_MESSAGES.unknown });
    const context = await pricingContext(deps, me, promotion);
    const priced = pricedWith(context, await cartLines(deps, me.userId), { now: new Date() });
    if (priced.couponRefused) throw new HttpError(priced.couponRefused === COUPON_MESSAGES.usedUp || priced.couponRefused === COUPON_MESSAGES.alreadyUsed ? 409 : 400, { status: false, msg: priced.couponRefused });
    await deps.streams.handle(cartCouponStream.at(me.userId), { type: 'ApplyCartCoupon', userId: me.userId, promotionId: promotion.id, code }, { userId: me.userId, correlationId: ctx.state.requestId });
    ctx.body = cartPricingReply(priced, code);
  });

  router.delete('/cart/coupon', ...shopperAuth, async (ctx) => {
    const me = assertSelf(ctx, ctx.query.userId);
    await deps.streams.handle(cartCouponStream.at(me.userId), { type: 'RemoveCartCoupon', userId: me.userId }, { userId: me.userId, correlationId: ctx.state.requestId });
    const context = await pricingContext(deps, me, null);
    ctx.body = cartPricingReply(pricedWith(context, await cartLines(deps, me.userId), { now: new Date() }), null);
  });

  return router;
}
