import { isGiftCardLine } from '@shop/contracts';
import type { CommandContext, HandleOptions, StreamCommands } from '../shared/stream-commands.ts';
import { paymentStream } from './payment/decider.ts';
import { stockStream } from './stock/decider.ts';
import { giveBackGiftCard } from '../gifting/gift-cards.ts';

/** What was paid for, as far as giving it back goes: the payment and the reserved lines. */
export interface PaidFor {
  paymentId: string;
  providerOrderId: string;
  lines: ReadonlyArray<{ productId: string; sku?: string }>;
  /** False for cash on delivery (and a gift card that paid it all): no provider money was taken, so none goes back. */
  moneyTaken: boolean;
  /** The part a gift card paid: it goes back to the card. */
  giftCard?: { cardId: string; debitId: string };
}

/** One count a checkout holds stock of: a product's, or one variant's (`sku`). */
export interface StockHold {
  productId: string;
  sku?: string;
  productTitle: string;
  quantity: number;
}

/**
 * The stock a checkout's lines take (a bought gift card takes none), one hold per product or variant (two lines of one variant,
 * say the same shirt added with different old options, add up), in a fixed order so two
 * checkouts never take the same counts in opposite orders.
 */
export function stockHolds(lines: ReadonlyArray<{ productId: string; sku?: string; productTitle: string; quantity: number }>): StockHold[] {
  const holds = new Map<string, StockHold>();
  for (const line of lines) {
    // A bought gift card is no stock.
    if (isGiftCardLine(line)) continue;
    const key = `${line.productId}#${line.sku ?? ''}`;
    const held = holds.get(key);
    holds.set(key, held ? { ...held, quantity: held.quantity + line.quantity } : { productId: line.productId, ...(line.sku ? { sku: line.sku } : {}), productTitle: line.productTitle, quantity: line.quantity });
  }
  return [...holds.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, hold]) => hold);
}

/**
 * Undo a payment by new events: every line's reservation goes back to stock, a gift card's part
 * goes back to the card, then the refund of the rest is asked for (when money was taken). Both steps are idempotent (a released reservation or a requested refund is not done
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
  const released = new Set<string>();
  for (const line of paid.lines) {
    if (isGiftCardLine(line)) continue;
    const key = `${line.productId}#${line.sku ?? ''}`;
    if (released.has(key)) continue;
    released.add(key);
    const release = { type: 'ReleaseStock', productId: line.productId, ...(line.sku ? { sku: line.sku } : {}), reservationId: paid.paymentId, reason } as const;
    const result = await streams.handle(stockStream.at(line.productId), release, ctx, { maxAttempts: 20 });
    if (result.position > position) position = result.position;
  }
  if (paid.giftCard) {
    const credited = await giveBackGiftCard(streams, paid.giftCard, reason, ctx);
    if (credited > position) position = credited;
  }
  if (!paid.moneyTaken) return position;
  const refund = { type: 'RequestRefund', providerOrderId: paid.providerOrderId, paymentId: paid.paymentId, reason } as const;
  const options: HandleOptions = refundEventIds ? { eventIds: refundEventIds } : {};
  const refunded = await streams.handle(paymentStream.at(paid.providerOrderId), refund, ctx, options);
  return refunded.position > position ? refunded.position : position;
}
