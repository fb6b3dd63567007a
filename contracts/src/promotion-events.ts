import { z } from 'zod';
import { idSchema } from './ids.ts';
import { FIRST_ORDER_PROMOTION_ID, PROMOTION_STATES, PROMOTION_TYPES, type PromotionRule } from './promotion-rules.ts';

/** A promotion's id: a generated id, or the built-in first-order discount's. */
export const promotionIdSchema = z.union([idSchema, z.literal(FIRST_ORDER_PROMOTION_ID)]);

/**
 * A coupon code as shoppers type it: letters, digits and dashes, kept upper case. At least 4
 * characters, so codes are not trivially guessed (applying one is rate-limited too).
 */
export const couponCodeSchema = z
  .string({ error: 'Please enter a coupon code' })
  .trim()
  .max(32, 'A coupon code has at most 32 characters')
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9-]{4,32}$/, 'A coupon code has 4 to 32 letters, digits or dashes'));

const rupees = (max: number) => z.number().int().min(0).max(max);
const MAX_RUPEES = 10_000_000;
const isoInstant = z.iso.datetime({ offset: true });
const idList = z.array(idSchema).max(100);

/** What the back office sends to create a promotion (`POST /api/admin/promotions`). */
export const promotionInput = z
  .object({
    name: z.string().trim().min(1, 'Please give the promotion a name').max(80),
    type: z.enum(PROMOTION_TYPES, { error: 'type must be percent, flat, freeDelivery or buyXgetY' }),
    value: rupees(MAX_RUPEES),
    code: couponCodeSchema.optional(),
    maxDiscount: rupees(MAX_RUPEES).optional(),
    minCart: rupees(MAX_RUPEES).optional(),
    startsAt: isoInstant.optional(),
    endsAt: isoInstant.optional(),
    usageLimit: z.number().int().min(1).max(10_000_000).optional(),
    budget: z.number().int().min(1).max(MAX_RUPEES).optional(),
    perCustomerLimit: z.number().int().min(1).max(1000).optional(),
    firstOrderOnly: z.boolean().optional(),
    prepaidOnly: z.boolean().optional(),
    categoryIds: idList.optional(),
    productIds: idList.optional(),
    getQuantity: z.number().int().min(1).max(100).optional(),
  })
  .strict()
  .superRefine((p, ctx) => {
    const problem = (message: string) => ctx.addIssue({ code: 'custom', message });
    if (p.type === 'percent' && (p.value < 1 || p.value > 100)) problem('value: a percentage is 1 to 100');
    if (p.type === 'flat' && p.value < 1) problem('value: a flat discount is at least Rs 1');
    if (p.type === 'buyXgetY' && (p.value < 1 || p.value > 100)) problem('value: buy X get Y needs X from 1 to 100');
    if (p.startsAt && p.endsAt && Date.parse(p.endsAt) <= Date.parse(p.startsAt)) problem('endsAt must be after startsAt');
  });
export type PromotionInput = z.infer<typeof promotionInput>;

/** `PUT /api/admin/promotions/:id`: pause, resume, or end for good. */
export const promotionChange = z.object({ state: z.enum(PROMOTION_STATES, { error: 'state must be active, paused or ended' }) }).strict();

export const promotionCreated = z.object({
  promotionId: promotionIdSchema,
  name: z.string().min(1).max(80),
  type: z.enum(PROMOTION_TYPES),
  value: z.number().int().min(0),
  code: z.string().optional(),
  maxDiscount: z.number().int().min(0).optional(),
  minCart: z.number().int().min(0).optional(),
  startsAt: z.string().optional(),
  endsAt: z.string().optional(),
  usageLimit: z.number().int().min(1).optional(),
  budget: z.number().int().min(1).optional(),
  perCustomerLimit: z.number().int().min(1).optional(),
  firstOrderOnly: z.boolean().optional(),
  prepaidOnly: z.boolean().optional(),
  categoryIds: z.array(z.string()).optional(),
  productIds: z.array(z.string()).optional(),
  getQuantity: z.number().int().min(1).optional(),
});
const promotionRef = z.object({ promotionId: promotionIdSchema });

/**
 * One use of a promotion by one order, appended to the promotion's own stream with its expected
 * revision: of checkouts racing for the last use (or the last rupee of the budget, or a shopper's
 * last use) one gets it and the others are refused and refunded. `customerKey` is a hash of the
 * shopper's normalised e-mail, never the address itself.
 */
export const promotionUseClaimed = z.object({
  promotionId: promotionIdSchema,
  paymentId: z.string().min(1),
  orderId: idSchema,
  customerKey: z.string().min(1).max(80),
  amount: z.number().int().min(0),
});
/** A use given back: the order was cancelled, or its checkout failed after claiming. */
export const promotionUseReturned = z.object({
  promotionId: promotionIdSchema,
  paymentId: z.string().min(1),
  orderId: idSchema,
  amount: z.number().int().min(0),
  reason: z.string().min(1).max(200),
});

/** The coupon a shopper applied to their cart (`cart-coupon-<userId>`). */
export const cartCouponApplied = z.object({ userId: z.string().min(1), promotionId: promotionIdSchema, code: z.string().min(1).max(32) });
export const cartCouponRemoved = z.object({ userId: z.string().min(1) });

/** A coupon code went to a promotion (`promotion-code-<CODE>`, one event ever: codes are unique). */
export const promotionCodeReserved = z.object({ code: z.string().min(1).max(32), promotionId: promotionIdSchema });

export const promotionEventSchemas = {
  PromotionCreated: promotionCreated,
  PromotionCodeReserved: promotionCodeReserved,
  PromotionPaused: promotionRef,
  PromotionResumed: promotionRef,
  PromotionEnded: promotionRef,
  PromotionUseClaimed: promotionUseClaimed,
  PromotionUseReturned: promotionUseReturned,
} as const;
export type PromotionEventMap = { [K in keyof typeof promotionEventSchemas]: z.infer<(typeof promotionEventSchemas)[K]> };

export const cartCouponEventSchemas = { CartCouponApplied: cartCouponApplied, CartCouponRemoved: cartCouponRemoved } as const;
export type CartCouponEventMap = { [K in keyof typeof cartCouponEventSchemas]: z.infer<(typeof cartCouponEventSchemas)[K]> };

export const promotionStreams = {
  promotion: (promotionId: string) => `promotion-${promotionId}`,
  /** One promotion per coupon code, ever (a uniqueness stream). */
  code: (code: string) => `promotion-code-${code}`,
  cartCoupon: (userId: string) => `cart-coupon-${userId}`,
} as const;

/**
 * A discount as a payment, a checkout and an order keep it (besides the first-order discount,
 * kept in `discount` as before): by name, with what it took off each line.
 */
export const appliedPromotion = z.object({
  promotionId: promotionIdSchema,
  label: z.string().min(1).max(80),
  stage: z.enum(['sale', 'coupon', 'order', 'delivery']),
  amount: z.number().int().min(1),
  code: z.string().optional(),
  lines: z.array(z.object({ lineId: z.string(), amount: z.number().int().min(1) })),
});
export type AppliedPromotionData = z.infer<typeof appliedPromotion>;

/**
 * PaymentOpened 4 → 5, CheckoutStarted 3 → 4, OrderPlaced 4 → 5: they may name `promotions` (the
 * discounts besides the first-order one) and `customerKey` (whose per-person limits the uses
 * count against). Events written before took no promotion, so their data stays as written
 * (absent means none); the version tells an older release it cannot read these without losing
 * what was taken off.
 */
export function withNoPromotions(data: unknown): unknown {
  return data;
}

/** Collections of the promotions read model (a member of the back-office group). */
export const PROMOTIONS = { rules: 'promotions', redemptions: 'promotionRedemptions' } as const;

/** A promotion as the back office lists it and the pricing reads it. */
export interface PromotionDoc extends PromotionRule {
  _id: string;
  createdAt: string;
  /** Uses counted (claims less uses given back) and the rupees they took off. */
  uses: number;
  discountGiven: number;
}

/** One order's use of a promotion. */
export interface PromotionRedemptionDoc {
  _id: string;
  promotionId: string;
  paymentId: string;
  orderId: string;
  customerKey: string;
  amount: number;
  claimedAt: string;
  returnedAt?: string;
  /** `claim`: a limited promotion's use, claimed on its stream; `order`: counted from the order placed. */
  countedFrom: 'claim' | 'order';
}
