import Router from '@koa/router';
import { z } from 'zod';
import {
  isId,
  orderDocFrom,
  orderEventSchemas,
  orderStatus,
  orderStreams,
  paymentEventSchemas,
  paymentStreams,
  stockEventSchemas,
  stockStreams,
} from '@shop/contracts';
import { HttpError, requireAdmin, requireUser, validate } from '@shop/platform';
import { READ_MODELS, bodyOf, type CommandDeps } from '../cart/http.ts';
import { answerRefusals, refusalReply } from '../shared/refusals.ts';
import { streamCommands, type StreamCommands } from '../shared/stream-commands.ts';
import { paymentDecider } from '../checkout/payment-decider.ts';
import { stockDecider } from '../checkout/stock-decider.ts';
import type { DomainEvent } from '../shared/decider.ts';
import { orderDecider, type OrderState } from './decider.ts';

const schemas: Record<string, { parse(data: unknown): unknown }> = { ...orderEventSchemas, ...stockEventSchemas, ...paymentEventSchemas };
const check = (event: DomainEvent) => {
  schemas[event.type]?.parse(event.data);
};
const statusBody = z.object({ status: orderStatus });
/** Order refusals (order/decider.ts) as the spec's replies: `error: true` + `msg`. */
export const orderRefusal = refusalReply((msg) => ({ error: true, msg }));

/**
 * A cancelled order gives its stock back and asks for the refund. Both steps are idempotent,
 * so they run on every cancel request: repeating the request finishes what a crash left.
 */
async function settleCancelled(streams: StreamCommands, order: OrderState, userId: string): Promise<bigint> {
  const placed = order.placed!;
  let position = 0n;
  const reason = 'order cancelled';
  for (const line of placed.products) {
    const release = { type: 'ReleaseStock', productId: line.productId, reservationId: placed.paymentId, reason } as const;
    const result = await streams.handle(stockStreams.product(line.productId), stockDecider, release, { userId }, { check, maxAttempts: 20 });
    if (result.position > position) position = result.position;
  }
  const refund = { type: 'RequestRefund', providerOrderId: placed.providerOrderId, paymentId: placed.paymentId, reason } as const;
  const refunded = await streams.handle(paymentStreams.payment(placed.providerOrderId), paymentDecider, refund, { userId }, { check });
  return refunded.position > position ? refunded.position : position;
}

/** Admin-only order commands: move an order along pending → confirmed → shipped → delivered, or cancel it. */
export function orderCommandRoutes(deps: CommandDeps): Router {
  const router = new Router();
  const streams = streamCommands(deps.events);

  router.put('/orders/:id/status', requireUser(deps.tokens), answerRefusals(orderRefusal), async (ctx) => {
    const admin = requireAdmin(ctx);
    const orderId = ctx.params.id;
    if (!isId(orderId)) throw new HttpError(404, { error: true, msg: 'Order not found' });
    const { status } = validate(statusBody, bodyOf(ctx), () => new HttpError(400, { error: true, msg: `status must be one of ${orderStatus.options.join(', ')}` }));
    const command = { type: 'ChangeStatus', orderId, status, changedBy: admin.userId } as const;
    const result = await streams.handle(orderStreams.order(orderId), orderDecider, command, { userId: admin.userId }, { check });
    let position = result.position;
    if (result.state.status === 'cancelled') {
      const settled = await settleCancelled(streams, result.state, admin.userId);
      if (settled > position) position = settled;
    }
    await deps.awaitProjections(position, [READ_MODELS.orders, READ_MODELS.catalog]);
    ctx.body = deps.publicUrls.withLineImages(orderDocFrom(result.state.placed!, result.state.status!));
  });

  return router;
}
