import type { Identified } from './catalog-read-models.ts';
import type { OrderDiscount } from './discount-events.ts';
import type { Billing } from './order-billing.ts';
import type { PricedLine } from './payment-events.ts';
import type { VariantOptions } from './product-variants.ts';
import type { OrderEventMap } from './order-events.ts';
import type { OrderStatus } from './order-rules.ts';

/**
 * An order as `GET /api/orders` and `/api/orders/:id` serve it: the original's fields, plus the
 * provider's order id, the discount, the billing form and the tracking number.
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
  /** The billing form as filled in (orders placed since it is kept). */
  billing?: Billing;
  /** The carrier's tracking number, once the order has shipped with one. */
  trackingNumber?: string;
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
  mail: 'placed' | 'status';
  /** For a status mail: the status it announced. */
  status?: OrderStatus;
  reason: string;
  at: string;
}

/** An order as the back office lists it: the served order, its status history and its refused e-mails. */
export interface AdminOrderDoc extends OrderDoc {
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

/** Orders placed on one UTC day and what they came to (whole rupees). */
export interface DashboardDayDoc extends Identified {
  day: string;
  orders: number;
  revenue: number;
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

/** The served order, from the event that placed it and its current status (projection and replies). */
export function orderDocFrom(placed: OrderEventMap['OrderPlaced'], status: OrderStatus, trackingNumber?: string | null): OrderDoc {
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
    ...(placed.billing ? { billing: placed.billing } : {}),
    ...(trackingNumber ? { trackingNumber } : {}),
  };
}
