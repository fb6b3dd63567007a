import { FIRST_ORDER_PROMOTION_ID, promotionRunning, type AppliedPromotionData, type OrderDiscount } from '@shop/contracts';
import { DomainError } from '../shared/decider.ts';
import type { CommandContext, StreamCommands } from '../shared/stream-commands.ts';
import { promotionStream, promotionWithdrawn } from './decider.ts';

/**
 * Checkouts racing on one promotion's stream retry on a stale revision; each retry re-decides on
 * the fresh state, so the limits hold whatever the number of attempts. Enough for a sale's rush.
 */
const CLAIM_ATTEMPTS = 100;

/** One use per promotion a checkout took (a promotion is named once per checkout, whatever it took off). */
function usesOf(promotions: readonly AppliedPromotionData[]): { promotionId: string; amount: number }[] {
  const byId = new Map<string, number>();
  for (const p of promotions) byId.set(p.promotionId, (byId.get(p.promotionId) ?? 0) + p.amount);
  return [...byId].map(([promotionId, amount]) => ({ promotionId, amount }));
}

/**
 * Claims a use of every promotion the checkout was priced with that has a limit (uses, budget, or
 * per customer), on each promotion's stream. One without a limit needs no claim (nothing can run
 * out), and an append per order on a sale's one stream would queue every checkout of a festival
 * behind the others: its uses are counted from the orders placed (the promotions read model). A
 * refusal (the last use, the budget or the shopper's limit went to another order) gives back the
 * uses this checkout already claimed and is thrown: the checkout compensates it like stock.
 */
export async function claimPromotionUses(
  streams: StreamCommands,
  checkout: { paymentId: string; orderId: string; customerKey: string; promotions: readonly AppliedPromotionData[] },
  ctx: CommandContext,
): Promise<bigint> {
  let position = 0n;
  const claimed: string[] = [];
  try {
    for (const use of usesOf(checkout.promotions)) {
      const { terms } = await streams.load(promotionStream.at(use.promotionId));
      if (terms && terms.usageLimit === undefined && terms.budget === undefined && terms.perCustomerLimit === undefined) continue;
      const command = { type: 'ClaimPromotionUse', promotionId: use.promotionId, paymentId: checkout.paymentId, orderId: checkout.orderId, customerKey: checkout.customerKey, amount: use.amount } as const;
      const result = await streams.handle(promotionStream.at(use.promotionId), command, ctx, { maxAttempts: CLAIM_ATTEMPTS });
      claimed.push(use.promotionId);
      if (result.position > position) position = result.position;
    }
  } catch (error) {
    if (error instanceof DomainError) await returnUses(streams, checkout.paymentId, claimed, 'checkout failed', ctx);
    throw error;
  }
  return position;
}

/** Gives back every use an order took (it was cancelled, or its checkout failed). Idempotent. */
export function returnPromotionUses(
  streams: StreamCommands,
  order: { paymentId: string; promotions?: readonly AppliedPromotionData[] },
  reason: string,
  ctx: CommandContext,
): Promise<bigint> {
  return returnUses(streams, order.paymentId, usesOf(order.promotions ?? []).map((u) => u.promotionId), reason, ctx);
}

async function returnUses(streams: StreamCommands, paymentId: string, promotionIds: string[], reason: string, ctx: CommandContext): Promise<bigint> {
  let position = 0n;
  for (const promotionId of promotionIds) {
    const command = { type: 'ReturnPromotionUse', promotionId, paymentId, reason } as const;
    const result = await streams.handle(promotionStream.at(promotionId), command, ctx, { maxAttempts: CLAIM_ATTEMPTS });
    if (result.position > position) position = result.position;
  }
  return position;
}

/**
 * Why a checkout may not keep the price it was opened at, or null: a promotion it was priced with
 * (a sale, the coupon, an order discount, the first-order discount) has since been ended or paused
 * by an admin, or its window has closed by `now`. Read from each promotion's own stream (a
 * promotion without limits is never claimed, so nothing else would look); a promotion whose
 * stream was never written is the built-in first-order rule, running.
 */
export async function withdrawnPromotion(
  streams: StreamCommands,
  priced: { promotions?: readonly AppliedPromotionData[]; discount?: OrderDiscount | null | undefined },
  now: Date,
): Promise<string | null> {
  const taken = (priced.promotions ?? []).map((p) => ({ promotionId: p.promotionId, label: p.label }));
  if (priced.discount) taken.push({ promotionId: FIRST_ORDER_PROMOTION_ID, label: priced.discount.label });
  for (const { promotionId, label } of taken) {
    const { terms, state } = await streams.load(promotionStream.at(promotionId));
    if (terms && !promotionRunning({ state, ...(terms.startsAt ? { startsAt: terms.startsAt } : {}), ...(terms.endsAt ? { endsAt: terms.endsAt } : {}) }, now)) return promotionWithdrawn(label);
  }
  return null;
}
