import { createHash } from 'node:crypto';
import { z } from 'zod';
import { orderDiscount } from './discount-events.ts';
import { billingSchema } from './order-billing.ts';
import { idSchema } from './ids.ts';
import { paymentMethod, pricedLine } from './payment-events.ts';
import { deliverBy, deliveryFee } from './delivery-terms.ts';
import { appliedPromotion } from './promotion-events.ts';
import { giftCardPayment } from './gift-card-events.ts';
import { giftOrder } from './gift-order.ts';

import { ORDER_STATUSES } from './order-rules.ts';

export const orderStatus = z.enum(ORDER_STATUSES);

/** What a cash-on-delivery order is placed with: the code the shopper confirms it with, and by when. */
export const codConfirmation = z.object({
  /** Sent in the order e-mail (and its link); never shown in an order reply. */
  code: z.string().regex(/^[A-Z2-9]{8}$/),
  /** Unconfirmed by then, the order is cancelled and its stock goes back. */
  confirmBy: z.iso.datetime(),
});

/**
 * The order as placed: everything the orders screen and an auditor need, amount from the server.
 * Version 2 (event-versions.ts): `paymentMethod`, `codFee` and, on cash-on-delivery orders, `cod`.
 */
export const orderPlaced = z.object({
  orderId: idSchema,
  paymentId: z.string().min(1),
  providerOrderId: z.string().min(1),
  userid: z.string().min(1),
  name: z.string().min(1),
  phoneNumber: z.string().min(1),
  address: z.string().min(1),
  pincode: z.string().min(1),
  email: z.string().min(1),
  country: z.string(),
  city: z.string(),
  state: z.string(),
  /** Whole rupees, as paid: the sum of the lines' subtotals less `discount`, plus `deliveryFee` and `codFee`. */
  amount: z.number().int().min(1),
  products: z.array(pricedLine).min(1),
  date: z.iso.datetime(),
  /** The first-order discount, a line of its own (orders placed without one have none). */
  discount: orderDiscount.optional(),
  /** The billing form as filled in, so the next checkout can start from this address. */
  billing: billingSchema.optional(),
  /**
   * Version 2: whole rupees of delivery inside `amount` (0 from the free-delivery threshold up;
   * orders placed before version 2 read as 0, they shipped free), and the latest delivery day
   * promised at checkout.
   */
  deliveryFee,
  deliverBy: deliverBy.optional(),
  /** Version 3: how the shopper pays: online before the order (upi, netbanking, card) or cash on delivery. */
  paymentMethod,
  /** Whole rupees of the cash-on-delivery fee included in `amount` (0 when paid online). */
  codFee: z.number().int().min(0),
  cod: codConfirmation.optional(),
  /**
   * Version 5: the discounts taken besides the first-order one (a sale, a coupon, an automatic
   * order discount, free delivery), each by name with what it took off each line; `amount` is net of them.
   */
  promotions: z.array(appliedPromotion).max(20).optional(),
  /** Version 6: the part of `amount` a gift card paid (a refund gives it back to the card). */
  giftCard: giftCardPayment.optional(),
  /** Version 6: a gift order's message, wrap (its fee inside `amount`) and recipient. */
  gift: giftOrder.optional(),
});

/**
 * OrderPlaced version 2 → 3: before the choice, every order was paid by card before it was
 * placed, with no cash-on-delivery fee.
 */
export function orderPlacedAsCardPayment(data: unknown): unknown {
  return { ...(data as Record<string, unknown>), paymentMethod: 'card', codFee: 0 };
}
export const orderStatusChanged = z.object({
  orderId: idSchema,
  from: orderStatus,
  to: orderStatus,
  changedBy: z.string().min(1),
  /** The carrier's tracking number, given when the order ships. */
  trackingNumber: z.string().min(1).max(64).optional(),
});

/**
 * An order e-mail the mail server refused for good (an address it will not take, a 5xx reply)
 * or that could not be delivered within the retry deadline: the shopper was not told, so the
 * back office shows it on the order. Recorded by the order mail desk, at most once per mail.
 */
export const orderMailRefused = z.object({
  orderId: idSchema,
  /**
   * Which mail: the confirmation (`placed`), the note of a status change (`status`), or (version
   * 2) the code of a gift card bought in the order, to its recipient (`gift-card`).
   */
  mail: z.enum(['placed', 'status', 'gift-card']),
  /** For a status mail: the status it announced. */
  status: orderStatus.optional(),
  /** The event the mail was about (its id), so the same refusal is never recorded twice. */
  eventId: z.string().min(1).max(100),
  /** What the mail server (or the mailer's own check) answered, cut to a readable length. */
  reason: z.string().min(1).max(300),
  refusedAt: z.iso.datetime(),
});

/**
 * OrderMailRefused 1 → 2: a refused mail may be a bought gift card's (`gift-card`). Earlier
 * refusals were of the other two kinds, so their data stays as written.
 */
export function withNoGiftCardMail(data: unknown): unknown {
  return data;
}

/** The shopper confirmed a cash-on-delivery order with the code from its e-mail: it may now be fulfilled. */
export const codOrderConfirmed = z.object({ orderId: idSchema, confirmedAt: z.iso.datetime() });

/** The courier's cash for a delivered cash-on-delivery order is in: the order's revenue counts from here. */
export const codCashCollected = z.object({
  orderId: idSchema,
  /** Whole rupees collected: the order amount, fee included. */
  amount: z.number().int().min(1),
  /** The admin who marked it. */
  collectedBy: z.string().min(1),
  collectedAt: z.iso.datetime(),
});

export const orderEventSchemas = {
  OrderPlaced: orderPlaced,
  OrderStatusChanged: orderStatusChanged,
  OrderMailRefused: orderMailRefused,
  CodOrderConfirmed: codOrderConfirmed,
  CodCashCollected: codCashCollected,
} as const;
export type OrderEventMap = { [K in keyof typeof orderEventSchemas]: z.infer<(typeof orderEventSchemas)[K]> };

export const orderStreams = { order: (orderId: string) => `order-${orderId}` } as const;

/**
 * One payment, one order: the order id is derived from the provider's payment id, so the same
 * confirmation arriving twice (browser and webhook, a retry, a double click) names one order.
 */
export function orderIdForPayment(paymentId: string): string {
  return createHash('sha256').update(`order:${paymentId}`).digest('hex').slice(0, 24);
}
