import type { CommandContext, HandleOptions, StreamCommands } from '../shared/stream-commands.ts';
import { paymentStream } from './payment/decider.ts';
import { stockStream } from './stock/decider.ts';

/** What was paid for, as far as giving it back goes: the payment and the reserved lines. */
export interface PaidFor {
  paymentId: string;
  providerOrderId: string;
  lines: ReadonlyArray<{ productId: string }>;
  /** False for cash on delivery: no money was taken, so none goes back. */
  moneyTaken: boolean;
}

/**
 * Undo a payment by new events: every line's reservation goes back to stock, then the refund is
 * asked for (when money was taken). Both steps are idempotent (a released reservation or a requested refund is not done
 * twice), so running this again finishes what a crash left. Used by a checkout that fails after
 * payment and by an order that is cancelled. `refundEventIds` makes the refund's event id stable
 * for callers that retry a whole process. Returns the last position written (0n if none).
 */
export async function releaseAndRefund(
  streams: StreamCommands,
  paid: PaidFor,
  reason: string,
  ctx: CommandContext,
  refundEventIds?: HandleOptions['eventIds'],
): Promise<bigint> {
  let position = 0n;
  for (const line of paid.lines) {
    const release = { type: 'ReleaseStock', productId: line.productId, reservationId: paid.paymentId, reason } as const;
    const released = await streams.handle(stockStream.at(line.productId), release, ctx, { maxAttempts: 20 });
    if (released.position > position) position = released.position;
  }
  if (!paid.moneyTaken) return position;
  const refund = { type: 'RequestRefund', providerOrderId: paid.providerOrderId, paymentId: paid.paymentId, reason } as const;
  const options: HandleOptions = refundEventIds ? { eventIds: refundEventIds } : {};
  const refunded = await streams.handle(paymentStream.at(paid.providerOrderId), refund, ctx, options);
  return refunded.position > position ? refunded.position : position;
}
