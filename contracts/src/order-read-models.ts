import type { Identified } from './catalog-read-models.ts';
import type { OrderDiscount } from './discount-events.ts';
import type { Billing } from './order-billing.ts';
import type { PricedLine } from './payment-events.ts';
import type { VariantOptions } from './product-variants.ts';
import type { OrderEventMap } from './order-events.ts';
import { paymentStateOf, type OrderStatus, type PaymentState } from './order-rules.ts';
import type { PaymentMethod } from './payment-events.ts';
import { isGiftCardLine, type GiftCardPayment } from './gift-card-events.ts';
import type { GiftOrder } from './gift-order.ts';

/** One status an order reached and when (the event's time), for the shopper's timeline. */
export interface OrderTimelineStep {
  status: OrderStatus;
  /** ISO time of the event. */
  at: string;
}

/**
 * An order as `GET /api/orders` and `/api/orders/:id` serve it: the original's fields, plus the
 * provider's order id, the discount, the billing form, the delivery city and state, the tracking
 * number and link, and the statuses it went through.
 */
export interface OrderDoc extends Identified {
  paymentId: string;
  providerOrderId: string;
  name: string;
  phoneNumber: string;
  address: string;
  pincode: string;
  amount: number;
  email: string;
  userid: string;
  status: OrderStatus;
  /** ISO date the order was placed. */
  date: string;
  products: PricedLine[];
  /** The first-order discount, when this order got it (`amount` is already net of it). */
  discount?: OrderDiscount;
  /** The other discounts it got (a sale, a coupon, free delivery), by name; `amount` is net of them. */
  promotions?: { label: string; amount: number; stage: 'sale' | 'coupon' | 'order' | 'delivery'; code?: string }[];
  /** The billing form as filled in (orders placed since it is kept). */
  billing?: Billing;
  /** The carrier's tracking number, once the order has shipped with one. */
  trackingNumber?: string;
  /** The carrier's page for `trackingNumber` (added by the query from the shop's setting). */
  trackingUrl?: string;
  /** Where it is delivered (orders keep these from the event that placed them). */
  city?: string;
  state?: string;
  /** Every status the order reached, oldest first (the shopper's order projection keeps it). */
  history?: OrderTimelineStep[];
  /** Whole rupees of delivery inside `amount` (0: delivered free, as every order before the fee was). */
  deliveryFee?: number;
  /** ISO date: the latest delivery day promised at checkout (orders since the promise is made). */
  deliverBy?: string;
  /** How the shopper pays (card for orders from before the choice). */
  paymentMethod: PaymentMethod;
  /** Where the order's money stands (paymentStateOf). */
  paymentState: PaymentState;
  /** Whole rupees of the cash-on-delivery fee in `amount` (0 when paid online). */
  codFee: number;
  /** Cash on delivery: when the shopper confirmed the order, and by when they must (unconfirmed). */
  codConfirmedAt?: string;
  codConfirmBy?: string;
  /** The part of `amount` a gift card paid, and the card's last four characters. */
  giftCard?: Pick<GiftCardPayment, 'codeLast4' | 'applied'>;
  /** A gift order: message, wrap and its fee (inside `amount`), recipient. */
  gift?: GiftOrder;
}

/** One step of an order's life, as the back office shows it. */
export interface OrderStatusStep {
  from: OrderStatus | null;
  to: OrderStatus;
  /** ISO time of the event. */
  at: string;
  /** The account that made the change (the shopper's own id for placing it). */
  by: string;
  trackingNumber?: string;
}

/** An order e-mail that was not delivered (`OrderMailRefused`), as the back office shows it. */
export interface RefusedOrderMail {
  mail: 'placed' | 'status' | 'gift-card';
  /** For a status mail: the status it announced. */
  status?: OrderStatus;
  reason: string;
  at: string;
}

/** An order as the back office lists it: the served order, its status history and its refused e-mails. */
export interface AdminOrderDoc extends Omit<OrderDoc, 'history'> {
  /** Cash on delivery: the cash the courier brought in, and the admin who marked it. */
  cashCollected?: { amount: number; by: string; at: string };
  history: OrderStatusStep[];
  /** Absent while every e-mail of the order went out. */
  refusedMails?: RefusedOrderMail[];
}

/**
 * One way the back office finds an order (`key`: its id, payment id, provider order id or
 * lower-cased e-mail), with the fields its list filters and sorts by, so a search is one
 * indexed read however many orders there are.
 */
export interface AdminOrderKeyDoc extends Identified {
  key: string;
  orderId: string;
  status: OrderStatus;
  date: string;
}

/**
 * Orders placed in one 15-minute UTC slot (`slot`: its start, ISO) and what they came to (whole
 * rupees). The dashboard adds up the slots of a day in the shop's time zone, so the zone is a
 * setting read at query time, not baked into the read model.
 */
export interface DashboardSlotDoc extends Identified {
  slot: string;
  orders: number;
  /** Net sales: `gross` less `reversed` (whole rupees). */
  revenue: number;
  /** Goods and fees sold, counted when the money is in (paid online at placement, cash when collected); gift cards sold are not sales. */
  gross?: number;
  /** Sales taken back in this slot: orders cancelled or returned whose money had been counted. */
  reversed?: number;
  /** Gift cards sold (money owed in goods: a liability, a sale only when spent), less cards voided by a cancel. */
  giftCardsSold?: number;
}

/** A sum of a period's dashboard slots. */
export interface DashboardSales {
  orders: number;
  /** Net sales (`gross` − `reversed`). */
  revenue: number;
  gross: number;
  reversed: number;
  giftCardsSold: number;
}

/** The value of an order's gift card lines: a card sold is money owed in goods, not a sale. */
export function giftCardLinesValue(lines: readonly { productId: string; subTotal: number }[]): number {
  return lines.filter(isGiftCardLine).reduce((sum, line) => sum + line.subTotal, 0);
}

/** Running totals of the dashboard: orders per status and refunds still owed. */
export interface DashboardTotalsDoc extends Identified {
  statuses: Record<OrderStatus, number>;
  refundsOwed: { count: number; amount: number };
}

/** One variant's stock in a product's stock level. */
export interface VariantStockLevel {
  sku: string;
  options: VariantOptions;
  countInStock: number;
  /** Its stock has moved: the stock stream, not the listing, says what is left. */
  stockTracked: boolean;
}

/** A product's stock as the dashboard's "low on stock" list reads it. */
export interface StockLevelDoc extends Identified {
  name: string;
  /** The product's stock: for a product with variants, the sum of theirs. */
  countInStock: number;
  /**
   * What "low on stock" goes by: its least-stocked variant's count (a laptop with 40 of 8 GB and
   * none of 16 GB is out of what shoppers pick most), or its own count when it has no variants.
   */
  lowestInStock: number;
  /** Each variant's stock (absent for a product without variants). */
  variants?: VariantStockLevel[];
  /** Stock has moved: the stock stream, not the listing, says what is left. */
  stockTracked: boolean;
  /** Off sale (unpublished): its stock still follows, but it is not "low on stock". */
  unpublished?: true;
}

/** A refund the shop owes (`requested`) or has made (`refunded`), per provider order. */
export interface RefundDoc extends Identified {
  providerOrderId: string;
  paymentId: string;
  /** Whole rupees. */
  amount: number;
  reason: string;
  status: 'requested' | 'refunded';
  requestedAt: string;
  refundId: string | null;
  refundedAt: string | null;
}

/** A checkout process still in flight (read model the startup recovery scans). */
export interface CheckoutProcessDoc extends Identified {
  paymentId: string;
  status: 'started' | 'completed' | 'failed';
  startedAt: string;
}

/** What happened to a cash-on-delivery order's money after it was placed (nothing, for one paid online). */
export interface CodProgress {
  confirmedAt: string | null;
  cashCollected: boolean;
}

export const NO_COD_PROGRESS: CodProgress = { confirmedAt: null, cashCollected: false };

/** The served order, from the event that placed it and its current status (projection and replies). */
export function orderDocFrom(
  placed: OrderEventMap['OrderPlaced'],
  status: OrderStatus,
  trackingNumber?: string | null,
  cod: CodProgress = NO_COD_PROGRESS,
): OrderDoc {
  const paymentState = paymentStateOf({ paymentMethod: placed.paymentMethod, status, codConfirmed: cod.confirmedAt !== null, cashCollected: cod.cashCollected });
  return {
    _id: placed.orderId,
    id: placed.orderId,
    paymentId: placed.paymentId,
    providerOrderId: placed.providerOrderId,
    name: placed.name,
    phoneNumber: placed.phoneNumber,
    address: placed.address,
    pincode: placed.pincode,
    amount: placed.amount,
    email: placed.email,
    userid: placed.userid,
    status,
    date: placed.date,
    products: placed.products,
    ...(placed.discount ? { discount: placed.discount } : {}),
    ...(placed.promotions?.length ? { promotions: placed.promotions.map(({ label, amount, stage, code }) => ({ label, amount, stage, ...(code ? { code } : {}) })) } : {}),
    ...(placed.billing ? { billing: placed.billing } : {}),
    ...(placed.city ? { city: placed.city } : {}),
    ...(placed.state ? { state: placed.state } : {}),
    ...(trackingNumber ? { trackingNumber } : {}),
    deliveryFee: placed.deliveryFee,
    ...(placed.deliverBy ? { deliverBy: placed.deliverBy } : {}),
    paymentMethod: placed.paymentMethod,
    paymentState,
    codFee: placed.codFee,
    ...(cod.confirmedAt ? { codConfirmedAt: cod.confirmedAt } : {}),
    ...(placed.cod && !cod.confirmedAt ? { codConfirmBy: placed.cod.confirmBy } : {}),
    ...(placed.giftCard ? { giftCard: { codeLast4: placed.giftCard.codeLast4, applied: placed.giftCard.applied } } : {}),
    ...(placed.gift ? { gift: placed.gift } : {}),
  };
}

/**
 * An order document after a status change or a cash-on-delivery fact, with its payment state
 * worked out again (projections; a cash collection is kept as `paymentState: 'collected'`).
 */
export function orderDocWith<T extends Omit<OrderDoc, 'history'>>(
  doc: T,
  change: { status?: OrderStatus; trackingNumber?: string; codConfirmedAt?: string; cashCollected?: true },
): T {
  const { codConfirmBy: _due, ...rest } = doc;
  const next = {
    ...(change.codConfirmedAt ? rest : doc),
    ...(change.status ? { status: change.status } : {}),
    ...(change.trackingNumber ? { trackingNumber: change.trackingNumber } : {}),
    ...(change.codConfirmedAt ? { codConfirmedAt: change.codConfirmedAt } : {}),
  } as T;
  // Orders projected before payment methods existed were all paid by card.
  const paymentMethod = next.paymentMethod ?? 'card';
  const cashCollected = change.cashCollected === true || next.paymentState === 'collected';
  return { ...next, paymentMethod, codFee: next.codFee ?? 0, paymentState: paymentStateOf({ paymentMethod, status: next.status, codConfirmed: Boolean(next.codConfirmedAt), cashCollected }) };
}
