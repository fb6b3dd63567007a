import { ORDER_TRANSITIONS, type OrderStatus } from '@shop/contracts';
import type { GiftCardCodes } from '../../gifting/codes.ts';
import { voidPurchasedGiftCard } from '../../gifting/purchase.ts';
import type { CommandContext, CommandResult, StreamCommands } from '../../shared/stream-commands.ts';
import { releaseAndRefund } from '../give-back.ts';
import { returnPromotionUses } from '../../promotions/claims.ts';
import { orderStream, type OrderEvent, type OrderState } from './decider.ts';

/**
 * An admin moves an order along pending → confirmed → shipped → delivered, or cancels it, or marks a
 * shipped parcel that came back undelivered as returned (the allowed moves are the shared
 * ORDER_TRANSITIONS; the order decider refuses any other with TransitionRefused). A cancelled or
 * returned order gives every line's reserved stock back and, when money was taken online, asks the
 * provider for the refund (the refund desk pays it; cash on delivery took none); a gift card
 * bought in it is voided first, and the order cannot end once that card was spent. Both are idempotent, so they run on every
 * cancel request: repeating the request finishes what a crash left half-way.
 * Returns the order as it now is and the last position written.
 */
export async function changeOrderStatus(
  streams: StreamCommands,
  change: { orderId: string; status: OrderStatus; trackingNumber?: string | undefined; adminId: string },
  /** The gift card key: an order that bought a card voids it before it ends (and cannot end once the card was spent). */
  giftCards?: GiftCardCodes,
): Promise<{ order: OrderState; position: bigint }> {
  const { orderId, status, trackingNumber, adminId } = change;
  if (giftCards && (status === 'cancelled' || status === 'returned')) {
    // Voided first, so money is never refunded for a card that can still be spent; a move the
    // order decider will refuse voids nothing.
    const current = await streams.load(orderStream.at(orderId), { fresh: true });
    if (current.placed && current.status && ORDER_TRANSITIONS[current.status].includes(status)) await voidPurchasedGiftCard(streams, giftCards, current.placed, adminId);
  }
  const command = { type: 'ChangeStatus', orderId, status, changedBy: adminId, ...(trackingNumber ? { trackingNumber } : {}) } as const;
  const result: CommandResult<OrderEvent, OrderState> = await streams.handle(orderStream.at(orderId), command, { userId: adminId });
  const settled = await settleEndedOrder(streams, result.state, { userId: adminId });
  return { order: result.state, position: settled > result.position ? settled : result.position };
}

/**
 * An order that ended without being delivered (cancelled, or returned to origin) gives every
 * line's reserved stock back and, when money was taken online, asks for the refund; cash on
 * delivery took none; the promotions it used get their uses back. Idempotent, so it runs on every such request. Returns the last position (0n).
 */
export async function settleEndedOrder(streams: StreamCommands, order: OrderState, ctx: CommandContext): Promise<bigint> {
  if (!order.placed || (order.status !== 'cancelled' && order.status !== 'returned')) return 0n;
  const { paymentId, providerOrderId, products, paymentMethod, giftCard } = order.placed;
  const paid = { paymentId, providerOrderId, lines: products, moneyTaken: paymentMethod !== 'cod' && paymentMethod !== 'gift-card', ...(giftCard ? { giftCard } : {}) };
  const reason = order.status === 'cancelled' ? 'order cancelled' : 'returned to origin undelivered';
  const given = await releaseAndRefund(streams, paid, reason, ctx);
  // Its promotions' uses (a coupon's, a budget's rupees) go back for another order to take.
  const returned = await returnPromotionUses(streams, order.placed, reason, ctx);
  return returned > given ? returned : given;
}
