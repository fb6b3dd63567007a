import { z } from 'zod';
import { billingSchema } from './order-billing.ts';
import { orderDiscount } from './discount-events.ts';
import { idSchema } from './ids.ts';
import { paymentProviderName, pricedLine } from './payment-events.ts';
import { deliverBy, deliveryFee } from './delivery-terms.ts';
import { appliedPromotion } from './promotion-events.ts';
import { giftCardPayment } from './gift-card-events.ts';
import { giftOrder } from './gift-order.ts';

/**
 * The checkout process's own stream (`checkout-<paymentId>`): started once the payment is
 * verified, then completed or failed. Whatever is started and not finished is re-run at startup.
 */
export const checkoutStarted = z.object({
  paymentId: z.string().min(1),
  providerOrderId: z.string().min(1),
  provider: paymentProviderName,
  orderId: idSchema,
  userId: z.string().min(1),
  amount: z.number().int().min(1),
  lines: z.array(pricedLine).min(1),
  billing: billingSchema,
  discount: orderDiscount.optional(),
  /** Version 2: the delivery fee inside `amount` and the promised day (checkouts before had neither). */
  deliveryFee,
  deliverBy: deliverBy.optional(),
  /**
   * Version 4: the discounts taken besides the first-order one (a sale, a coupon, an automatic
   * order discount, free delivery), each by name with what it took off each line; `amount` is net of them.
   */
  promotions: z.array(appliedPromotion).max(20).optional(),
  /** Version 4: whose per-person promotion limits this counts against (a hash of the normalised e-mail). */
  customerKey: z.string().min(1).max(80).optional(),
  /** Version 5: the gift card's part of `amount`, and the gift details (see PaymentOpened). */
  giftCard: giftCardPayment.optional(),
  gift: giftOrder.optional(),
});
export const checkoutCompleted = z.object({ paymentId: z.string().min(1), orderId: idSchema });
export const checkoutFailed = z.object({ paymentId: z.string().min(1), orderId: idSchema, reason: z.string().max(300) });

export const checkoutEventSchemas = {
  CheckoutStarted: checkoutStarted,
  CheckoutCompleted: checkoutCompleted,
  CheckoutFailed: checkoutFailed,
} as const;
export type CheckoutEventMap = { [K in keyof typeof checkoutEventSchemas]: z.infer<(typeof checkoutEventSchemas)[K]> };

export const checkoutStreams = { process: (paymentId: string) => `checkout-${paymentId}` } as const;
