import { z } from 'zod';
import { billingSchema } from './order-billing.ts';
import { orderDiscount } from './discount-events.ts';
import { idSchema } from './ids.ts';
import { deliverBy, deliveryFee } from './delivery-terms.ts';
import { skuSchema } from './product-variants.ts';
import { appliedPromotion } from './promotion-events.ts';
import { giftCardPayment, giftCardPurchase } from './gift-card-events.ts';
import { giftOrder } from './gift-order.ts';

const optionLabel = z.string().min(1).max(40);

/** A line as it was priced by the server when the payment was opened. */
export const pricedLine = z.object({
  lineId: idSchema,
  productId: idSchema,
  productTitle: z.string().min(1),
  image: z.string(),
  price: z.number().int().min(0),
  quantity: z.number().int().min(1),
  subTotal: z.number().int().min(0),
  /** The variant bought (its SKU and options); absent on lines of products without variants and on lines priced before variants. */
  sku: skuSchema.optional(),
  size: optionLabel.optional(),
  productRam: optionLabel.optional(),
  productWeight: optionLabel.optional(),
});
export type PricedLine = z.infer<typeof pricedLine>;

/**
 * Who takes the money: a provider online, (`cod`) the courier at the door, or (`gift-card`) a gift
 * card that covered the whole amount; the last two open no provider payment.
 */
export const paymentProviderName = z.enum(['test', 'razorpay', 'cod', 'gift-card']);
export type PaymentProviderName = z.infer<typeof paymentProviderName>;

/** How the shopper pays: their choice at checkout, or `gift-card` when a gift card covered the whole amount. */
export const paymentMethod = z.enum(['upi', 'netbanking', 'card', 'cod', 'gift-card']);
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** The checkout's choice of how to pay: card when absent, so clients that never ask keep working. */
export const checkoutPaymentChoice = z.object({
  paymentMethod: z.enum(['upi', 'netbanking', 'card', 'cod'], { error: 'Please choose a payment method: upi, netbanking, card or cod' }).default('card'),
});

/**
 * The server priced the cart and asked the provider for a payment of exactly that amount.
 * Version 2 (event-versions.ts): `paymentMethod` added; version 1 payments were all card payments.
 * Version 3: `deliveryFee` (and `deliverBy`) added; earlier payments were delivered free.
 */
export const paymentOpened = z.object({
  providerOrderId: z.string().min(1),
  provider: paymentProviderName,
  userId: z.string().min(1),
  /** Whole rupees (the order amount): the lines' subtotals less `discount`, plus `deliveryFee`. */
  amount: z.number().int().min(1),
  /** Smallest unit sent to the provider: (amount less the gift card's part) × 100 paise; 0 when a card paid it all. */
  amountPaise: z.number().int().min(0),
  currency: z.literal('INR'),
  receipt: z.string().min(1).max(40),
  lines: z.array(pricedLine).min(1),
  billing: billingSchema,
  /** The first-order discount this payment was opened with (absent on payments without one). */
  discount: orderDiscount.optional(),
  paymentMethod,
  /** Whole rupees of delivery, included in `amount` (0 from the free-delivery threshold up). */
  deliveryFee,
  /** The latest delivery day promised when the payment was opened. */
  deliverBy: deliverBy.optional(),
  /**
   * Version 5: the discounts taken besides the first-order one (a sale, a coupon, an automatic
   * order discount, free delivery), each by name with what it took off each line; `amount` is net of them.
   */
  promotions: z.array(appliedPromotion).max(20).optional(),
  /** Version 5: whose per-person promotion limits this counts against (a hash of the normalised e-mail). */
  customerKey: z.string().min(1).max(80).optional(),
  /** Version 6: the gift card's part of `amount`, debited from the card before the payment was opened. */
  giftCard: giftCardPayment.optional(),
  /** Version 6: the order is a gift (message, wrap and its fee inside `amount`, recipient). */
  gift: giftOrder.optional(),
  /** Version 7: this payment buys a gift card (its one line); whom the card's code is mailed to. */
  giftCardPurchase: giftCardPurchase.optional(),
});

/**
 * PaymentOpened version 1 → 2: the checkout offered one way to pay, a card form, so every
 * payment opened before the choice existed was a card payment.
 */
export function paymentOpenedV1ToV2(data: unknown): unknown {
  return { ...(data as Record<string, unknown>), paymentMethod: 'card' };
}

/**
 * PaymentOpened 2 → 3, CheckoutStarted 1 → 2, OrderPlaced 1 → 2: priced lines may name their
 * variant (`sku`, `size`, `productRam`, `productWeight`). Lines priced before then had no
 * variant, so their data stays as written; the version tells an older release that it cannot
 * read these events without losing what was bought.
 */
export function pricedLinesWithoutVariant(data: unknown): unknown {
  return data;
}

export const paymentConfirmed = z.object({ providerOrderId: z.string().min(1), paymentId: z.string().min(1) });
/** A confirmed payment that did not become an order: the money has to go back. */
export const paymentRefundRequested = z.object({
  providerOrderId: z.string().min(1),
  paymentId: z.string().min(1),
  amount: z.number().int().min(0),
  reason: z.string().max(300),
});

/** The provider took the refund (`refundId` is its id); the shopper gets the money back. */
export const paymentRefunded = z.object({
  providerOrderId: z.string().min(1),
  paymentId: z.string().min(1),
  refundId: z.string().min(1).max(100),
  amount: z.number().int().min(0),
  refundedAt: z.iso.datetime(),
});

/**
 * One attempt to pay failed (a declined card or bank, a UPI payment declined in the app or left to
 * expire). The payment stays open: the shopper may try again, and the cart and stock are untouched.
 * At most one per provider payment id (a redelivered `payment.failed` webhook records nothing).
 */
export const paymentFailed = z.object({
  providerOrderId: z.string().min(1),
  /** The provider's id of the failed attempt, or `attempt-<n>` for a refusal the offline provider gave no id. */
  paymentId: z.string().min(1).max(100),
  reason: z.string().min(1).max(300),
  failedAt: z.iso.datetime(),
});

export const paymentEventSchemas = {
  PaymentOpened: paymentOpened,
  PaymentConfirmed: paymentConfirmed,
  PaymentRefundRequested: paymentRefundRequested,
  PaymentRefunded: paymentRefunded,
  PaymentFailed: paymentFailed,
} as const;
export type PaymentEventMap = { [K in keyof typeof paymentEventSchemas]: z.infer<(typeof paymentEventSchemas)[K]> };

export const paymentStreams = {
  payment: (providerOrderId: string) => `payment-${providerOrderId}`,
  /** One stream per provider webhook delivery id, to answer redeliveries without redoing them. */
  webhook: (provider: string, eventId: string) => `webhook-${provider}-${eventId}`,
} as const;

export const paymentWebhookHandled = z.object({ provider: paymentProviderName, eventId: z.string().min(1), event: z.string() });
