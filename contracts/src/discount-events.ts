import { z } from 'zod';
import { idSchema } from './ids.ts';

/**
 * A discount taken off an order's lines, kept as a line of its own on the payment, the checkout
 * and the order (never recomputed from today's rules).
 */
export const orderDiscount = z.object({
  kind: z.literal('first-order'),
  label: z.string().min(1).max(80),
  /** Whole rupees taken off the sum of the lines. */
  amount: z.number().int().min(1),
});
export type OrderDiscount = z.infer<typeof orderDiscount>;

/**
 * The shopper's first-order discount went to this order. `first-order-discount-<userId>` holds
 * at most one claim: it is appended with "no stream" expected, so of two checkouts racing one
 * gets it and the other is refused (and refunded).
 */
export const firstOrderDiscountClaimed = z.object({
  userId: z.string().min(1),
  paymentId: z.string().min(1),
  orderId: idSchema,
  amount: z.number().int().min(1),
});

export const discountEventSchemas = { FirstOrderDiscountClaimed: firstOrderDiscountClaimed } as const;
export type DiscountEventMap = { [K in keyof typeof discountEventSchemas]: z.infer<(typeof discountEventSchemas)[K]> };

export const discountStreams = {
  firstOrder: (userId: string) => `first-order-discount-${userId}`,
  /** Keyed on a hash of the normalised e-mail: one first-order discount per mailbox. */
  firstOrderByEmail: (customerKey: string) => `first-order-discount-email-${customerKey}`,
} as const;
