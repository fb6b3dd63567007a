import type { Identified } from './catalog-read-models.ts';
import type { OrderDiscount } from './discount-events.ts';
import type { Billing } from './order-billing.ts';
import type { PricedLine } from './payment-events.ts';
import type { OrderEventMap, OrderStatus } from './order-events.ts';

/** An order as `GET /api/orders` and `/api/orders/:id` serve it (api-replies.md). */
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
export function orderDocFrom(placed: OrderEventMap['OrderPlaced'], status: OrderStatus): OrderDoc {
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
  };
}
