import Router from '@koa/router';
import { z } from 'zod';
import { isId, orderDocFrom } from '@shop/contracts';
import { HttpError, requireAdmin, requireUser, validate } from '@shop/platform';
import { READ_MODELS, bodyOf, type CommandDeps } from '../../shared/http.ts';
import { answerRefusals } from '../../shared/refusals.ts';
import { orderRefusal } from '../order/status-routes.ts';
import { COD_ORDER_MESSAGES, orderStream, type OrderState } from '../order/decider.ts';

const confirmBody = z.object({
  code: z.string({ error: COD_ORDER_MESSAGES.wrongCode }).trim().min(1, COD_ORDER_MESSAGES.wrongCode).max(20, COD_ORDER_MESSAGES.wrongCode),
});

/** Read models that show an order's payment state. */
const ORDER_VIEWS = [READ_MODELS.orders, READ_MODELS.backOffice];

/**
 * Cash on delivery after checkout: the shopper confirms the order with the code from its e-mail
 * (no sign-in: the e-mail's link may be opened on another device; the code is the proof), and an
 * admin marks a delivered order's cash as collected. A parcel that came back is `PUT .../status`
 * `returned`.
 */
export function codCommandRoutes(deps: CommandDeps): Router {
  const router = new Router();
  const reply = (order: OrderState) => deps.publicUrls.withLineImages(orderDocFrom(order.placed!, order.status!, order.trackingNumber, order.cod));

  router.post('/orders/:id/confirm-cod', answerRefusals(orderRefusal), async (ctx) => {
    const orderId = ctx.params.id;
    if (!isId(orderId)) throw new HttpError(400, { error: true, msg: COD_ORDER_MESSAGES.wrongCode });
    const { code } = validate(confirmBody, bodyOf(ctx), () => new HttpError(400, { error: true, msg: COD_ORDER_MESSAGES.wrongCode }));
    await deps.writes.takeFor(ctx, 'codConfirmation', orderId);
    const command = { type: 'ConfirmCodOrder', orderId, code, at: new Date().toISOString() } as const;
    const { state, position } = await deps.streams.handle(orderStream.at(orderId), command, { correlationId: `cod-confirm-${orderId}` });
    await deps.awaitProjections(position, ORDER_VIEWS);
    ctx.body = reply(state);
  });

  router.post('/orders/:id/cash-collected', requireUser(deps.tokens), answerRefusals(orderRefusal), async (ctx) => {
    const admin = requireAdmin(ctx);
    const orderId = ctx.params.id;
    if (!isId(orderId)) throw new HttpError(404, { error: true, msg: 'Order not found' });
    const command = { type: 'CollectCash', orderId, adminId: admin.userId, at: new Date().toISOString() } as const;
    const { state, position } = await deps.streams.handle(orderStream.at(orderId), command, { userId: admin.userId });
    await deps.awaitProjections(position, ORDER_VIEWS);
    ctx.body = reply(state);
  });

  return router;
}
