import { ORDERS, firstOrderDiscountEligible, firstOrderDiscountFor, type OrderDiscount } from '@shop/contracts';
import type { DocumentStore } from '@shop/platform';
import type { CommandContext, HandleOptions, StreamCommands } from '../../shared/stream-commands.ts';
import { firstOrderDiscountStream } from './decider.ts';

/**
 * The first-order discount, start to end. The amount, the label and who may have it are the
 * shared rules (contracts order-rules: Rs 20 off a shopper's first order, as long as something is
 * left to pay). A payment is priced with it when the shopper still has it (`priceFirstOrderDiscount`);
 * the order that is placed then claims it (`claimFirstOrderDiscount`), and the claim stream
 * takes one claim ever, so of two payments opened at once only one order keeps it: the other
 * checkout is refused with FIRST_ORDER_DISCOUNT_TAKEN and refunded.
 */

/**
 * Whether the shopper's next order still gets the discount: no order has claimed it and they
 * have no order. This only prices the payment; the claim decides.
 */
export async function hasFirstOrderDiscount(deps: { streams: StreamCommands; docs: DocumentStore }, userId: string): Promise<boolean> {
  const claim = await deps.streams.load(firstOrderDiscountStream.at(userId));
  if (claim.claimedBy) return false;
  return firstOrderDiscountEligible({ claimed: false, ordersPlaced: await deps.docs.count(ORDERS.orders, { userid: userId }) });
}

/** The discount a payment for `subtotal` rupees is opened with, or null. */
export async function priceFirstOrderDiscount(
  deps: { streams: StreamCommands; docs: DocumentStore },
  userId: string,
  subtotal: number,
): Promise<OrderDiscount | null> {
  return firstOrderDiscountFor(subtotal, await hasFirstOrderDiscount(deps, userId));
}

/**
 * One order per shopper gets the discount: the claim stream takes one claim, ever (a second
 * order's claim is refused with a DomainError; the same checkout claiming again is a no-op).
 */
export async function claimFirstOrderDiscount(
  streams: StreamCommands,
  claim: { userId: string; paymentId: string; orderId: string; amount: number },
  ctx: CommandContext,
  options: HandleOptions,
): Promise<bigint> {
  const command = { type: 'ClaimFirstOrderDiscount', ...claim } as const;
  return (await streams.handle(firstOrderDiscountStream.at(claim.userId), command, ctx, options)).position;
}
