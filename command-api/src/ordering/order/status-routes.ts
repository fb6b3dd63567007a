import Router from '@koa/router';
import { z } from 'zod';
import { isId, orderDocFrom, orderStatus } from '@shop/contracts';
import { HttpError, requireAdmin, requireUser, validate } from '@shop/platform';
import { READ_MODELS, bodyOf, type CommandDeps } from '../../shared/http.ts';
import { REFUSAL_STATUS, answerRefusals, type RefusalReply } from '../../shared/refusals.ts';
import { changeOrderStatus } from './change-status.ts';
import { TransitionRefused } from './decider.ts';
import type { GiftCardCodes } from '../../gifting/codes.ts';

const statusBody = z.object({ status: orderStatus, trackingNumber: z.string().trim().min(1).max(64).optional() });
/**
 * Order refusals (order-decider.ts) in the original API's order shape: `error: true` + `msg`; a
 * refused transition also names the order's status and where it may go next, for the back office.
 */
export const orderRefusal: RefusalReply = (error) =>
  new HttpError(REFUSAL_STATUS[error.reason], {
    error: true,
    msg: error.message,
    ...(error instanceof TransitionRefused ? { status: error.current, allowed: error.allowed } : {}),
  });

/** Admin-only order commands: move an order along pending → confirmed → shipped → delivered, or cancel it. */
export function orderCommandRoutes(deps: CommandDeps & { gifting: { cards: { codes: GiftCardCodes } } }): Router {
  const router = new Router();

  router.put('/orders/:id/status', requireUser(deps.tokens), answerRefusals(orderRefusal), async (ctx) => {
    const admin = requireAdmin(ctx);
    const orderId = ctx.params.id;
    if (!isId(orderId)) throw new HttpError(404, { error: true, msg: 'Order not found' });
    const { status, trackingNumber } = validate(
      statusBody,
      bodyOf(ctx),
      () => new HttpError(400, { error: true, msg: `status must be one of ${orderStatus.options.join(', ')}; trackingNumber at most 64 characters` }),
    );
    const { order, position } = await changeOrderStatus(deps.streams, { orderId, status, trackingNumber, adminId: admin.userId }, deps.gifting.cards.codes);
    await deps.awaitProjections(position, [READ_MODELS.orders, READ_MODELS.catalog, READ_MODELS.backOffice]);
    ctx.body = deps.publicUrls.withLineImages(orderDocFrom(order.placed!, order.status!, order.trackingNumber));
  });

  return router;
}
