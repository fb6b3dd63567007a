import type { OrderStatus } from '@shop/contracts';
import type { CommandResult, StreamCommands } from '../../shared/stream-commands.ts';
import { releaseAndRefund } from '../give-back.ts';
import { orderStream, type OrderEvent, type OrderState } from './decider.ts';

/**
 * An admin moves an order along pending → confirmed → shipped → delivered, or cancels it (the
 * allowed moves are the shared ORDER_TRANSITIONS; the order decider refuses any other with
 * TransitionRefused). A cancelled order gives every line's reserved stock back and asks the
 * provider for the refund (the refund desk pays it). Both are idempotent, so they run on every
 * cancel request: repeating the request finishes what a crash left half-way.
 * Returns the order as it now is and the last position written.
 */
export async function changeOrderStatus(
  streams: StreamCommands,
  change: { orderId: string; status: OrderStatus; trackingNumber?: string | undefined; adminId: string },
): Promise<{ order: OrderState; position: bigint }> {
  const { orderId, status, trackingNumber, adminId } = change;
  const command = { type: 'ChangeStatus', orderId, status, changedBy: adminId, ...(trackingNumber ? { trackingNumber } : {}) } as const;
  const result: CommandResult<OrderEvent, OrderState> = await streams.handle(orderStream.at(orderId), command, { userId: adminId });
  let position = result.position;
  if (result.state.status === 'cancelled') {
    const { paymentId, providerOrderId, products } = result.state.placed!;
    const settled = await releaseAndRefund(streams, { paymentId, providerOrderId, lines: products }, 'order cancelled', { userId: adminId });
    if (settled > position) position = settled;
  }
  return { order: result.state, position };
}
