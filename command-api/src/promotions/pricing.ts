import {
  FIRST_ORDER_PROMOTION_ID,
  FIRST_ORDER_RULE,
  PROMOTIONS,
  firstOrderDiscountEligible,
  isGiftCardLine,
  priceCart,
  ORDERS,
  type OrderDoc,
  type PipelineInput,
  type PipelineLine,
  type PipelineResult,
  type PromotionDoc,
  type PromotionRedemptionDoc,
  type PromotionRule,
  type PromotionUsage,
} from '@shop/contracts';
import type { DocumentStore } from '@shop/platform';
import type { MailboxKeys } from '../account/emails.ts';
import type { StreamCommands } from '../shared/stream-commands.ts';
import { firstOrderDiscountByEmailStream, firstOrderDiscountStream } from '../ordering/discount/decider.ts';
import { cartCouponStream } from './decider.ts';

/** Who is buying, as the token says: the account and its e-mail. */
export interface Shopper {
  userId: string;
  email: string;
}

export interface PricingDeps {
  streams: StreamCommands;
  docs: DocumentStore;
  /** Whose per-person limits a shopper counts against (see EmailLookup.mailbox). */
  emails: MailboxKeys;
}

/** The rule a promotion document describes (the read model's counters left out). */
function ruleOf(doc: PromotionDoc): PromotionRule {
  const { _id: _key, createdAt: _createdAt, uses: _uses, discountGiven: _given, ...rule } = doc;
  return rule;
}

/**
 * Whether the shopper's next order is their first: no order placed by the account, and no
 * first-order discount claimed by the account or by another account of the same mailbox.
 */
export async function isFirstOrder(deps: PricingDeps, shopper: Shopper): Promise<boolean> {
  const [byAccount, byEmail] = await Promise.all([
    deps.streams.load(firstOrderDiscountStream.at(shopper.userId)),
    deps.streams.load(firstOrderDiscountByEmailStream.at(deps.emails.mailbox(shopper.email))),
  ]);
  if (byAccount.claimedBy || byEmail.claimedBy) return false;
  // A gift card bought for someone else is not the shopper's first order of goods: it leaves the discount for that.
  const orders = await deps.docs.find<OrderDoc>(ORDERS.orders, { userid: shopper.userId }, { limit: ORDERS_LOOKED_AT });
  const ordersPlaced = orders.filter((order) => !order.products.every(isGiftCardLine)).length;
  return firstOrderDiscountEligible({ claimed: false, ordersPlaced });
}

/** Orders of goods claim the discount, so a shopper with orders and no claim has few: these are enough to find one of goods. */
const ORDERS_LOOKED_AT = 50;

/** What a cart is priced with: the running automatic promotions, the cart's coupon, usage so far. */
export interface PricingContext {
  automatic: PromotionRule[];
  coupon: PromotionRule | null;
  usage: Map<string, PromotionUsage>;
  firstOrder: boolean;
  customerKey: string;
}

/** The promotion with this coupon code, if any. */
export async function promotionByCode(docs: DocumentStore, code: string): Promise<PromotionRule | null> {
  const [doc] = await docs.find<PromotionDoc>(PROMOTIONS.rules, { code }, { limit: 1 });
  return doc ? ruleOf(doc) : null;
}

async function usageOf(docs: DocumentStore, doc: PromotionDoc, customerKey: string): Promise<PromotionUsage> {
  if (doc.perCustomerLimit === undefined || doc.id === FIRST_ORDER_PROMOTION_ID) return { uses: doc.uses, discountGiven: doc.discountGiven, byCustomer: 0 };
  const mine = await docs.find<PromotionRedemptionDoc>(PROMOTIONS.redemptions, { promotionId: doc.id, customerKey });
  return { uses: doc.uses, discountGiven: doc.discountGiven, byCustomer: mine.filter((r) => !r.returnedAt).length };
}

/**
 * Reads what the shopper's cart is priced with. The read model's counts only price the cart: the
 * claims at checkout decide (a promotion used up meanwhile refuses the checkout, which is refunded).
 * `couponId` overrides the cart's own coupon (applying one prices the cart with it first).
 */
export async function pricingContext(deps: PricingDeps, shopper: Shopper, couponOverride?: PromotionRule | null): Promise<PricingContext> {
  const customerKey = deps.emails.mailbox(shopper.email);
  const [active, applied, firstOrder] = await Promise.all([
    deps.docs.find<PromotionDoc>(PROMOTIONS.rules, { state: 'active' }),
    couponOverride === undefined ? deps.streams.load(cartCouponStream.at(shopper.userId)) : Promise.resolve({ applied: null }),
    isFirstOrder(deps, shopper),
  ]);
  const automaticDocs = active.filter((doc) => !doc.code);
  const automatic = automaticDocs.map(ruleOf);
  // A fresh shop (or one whose read model has not caught up) still gives the first-order discount.
  if (!automatic.some((rule) => rule.id === FIRST_ORDER_PROMOTION_ID) && !(await deps.docs.get<PromotionDoc>(PROMOTIONS.rules, FIRST_ORDER_PROMOTION_ID))) automatic.push(FIRST_ORDER_RULE);
  let couponDoc: PromotionDoc | null = null;
  if (couponOverride) couponDoc = await deps.docs.get<PromotionDoc>(PROMOTIONS.rules, couponOverride.id);
  else if (applied.applied) couponDoc = await deps.docs.get<PromotionDoc>(PROMOTIONS.rules, applied.applied.promotionId);
  const usage = new Map<string, PromotionUsage>();
  for (const doc of [...automaticDocs, ...(couponDoc ? [couponDoc] : [])]) usage.set(doc.id, await usageOf(deps.docs, doc, customerKey));
  return { automatic, coupon: couponDoc ? ruleOf(couponDoc) : null, usage, firstOrder, customerKey };
}

/** Runs the price pipeline on cart lines with what `pricingContext` read. */
export function pricedWith(
  context: PricingContext,
  lines: PipelineLine[],
  terms: Pick<PipelineInput, 'paymentMethod' | 'deliveryFeeFor'> & { now: Date },
): PipelineResult {
  return priceCart({
    lines,
    automatic: context.automatic,
    coupon: context.coupon,
    usage: context.usage,
    customer: { firstOrder: context.firstOrder },
    now: terms.now,
    ...(terms.paymentMethod ? { paymentMethod: terms.paymentMethod } : {}),
    ...(terms.deliveryFeeFor ? { deliveryFeeFor: terms.deliveryFeeFor } : {}),
  });
}
