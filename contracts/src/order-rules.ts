/**
 * The order flow's rules the storefront shows and the server enforces, in one zod-free module so
 * the browser bundle can import it too (`@shop/contracts/order-rules`). The write side decides
 * with these; read-api and the UI only preview what it will decide.
 */

/**
 * The statuses in the order an order lives them. `returned`: the parcel came back to the shop
 * undelivered (return to origin, RTO), its stock back on the shelf.
 */
export const ORDER_STATUSES = ['pending', 'confirmed', 'shipped', 'delivered', 'cancelled', 'returned'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order may go next; delivered, cancelled and returned are final. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['shipped', 'cancelled'],
  shipped: ['delivered', 'returned'],
  delivered: [],
  cancelled: [],
  returned: [],
};

/**
 * What a status says to the person reading it, so every badge (storefront and back office) is
 * coloured by meaning: waiting on the shop (pending), moving (confirmed, shipped), arrived
 * (delivered), stopped (cancelled, returned to the shop). The colours themselves live with the UI's theme.
 */
export type OrderStatusTone = 'waiting' | 'moving' | 'arrived' | 'stopped';
export const ORDER_STATUS_TONES: Record<OrderStatus, OrderStatusTone> = {
  pending: 'waiting',
  confirmed: 'moving',
  shipped: 'moving',
  delivered: 'arrived',
  cancelled: 'stopped',
  returned: 'stopped',
};

/** The placeholder a carrier tracking URL template holds where the tracking number goes. */
export const TRACKING_NUMBER_PLACEHOLDER = '{trackingNumber}';

/**
 * The carrier's tracking page for one parcel: the template with the number URL-encoded in place
 * of the placeholder, so a number the operator typed can never change the link's host or path.
 */
export function trackingUrlFor(template: string, trackingNumber: string): string {
  return template.split(TRACKING_NUMBER_PLACEHOLDER).join(encodeURIComponent(trackingNumber));
}

/**
 * Where an order's money stands: `paid` (taken online before the order was placed), and for cash
 * on delivery `awaiting-confirmation` (the shopper has not confirmed the order yet), `due` (to be
 * paid at the door), `collected` (the courier's cash is in) or `not-collected` (cancelled, or the
 * parcel came back).
 */
export type PaymentState = 'paid' | 'awaiting-confirmation' | 'due' | 'collected' | 'not-collected';

export function paymentStateOf(order: {
  paymentMethod: 'upi' | 'netbanking' | 'card' | 'cod' | 'gift-card';
  status: OrderStatus;
  codConfirmed: boolean;
  cashCollected: boolean;
}): PaymentState {
  if (order.paymentMethod !== 'cod') return 'paid';
  if (order.cashCollected) return 'collected';
  if (order.status === 'cancelled' || order.status === 'returned') return 'not-collected';
  return order.codConfirmed ? 'due' : 'awaiting-confirmation';
}

/** Cash on delivery's refusals at checkout, word for word as the shopper reads them. */
export const COD_MESSAGES = {
  overCap: (cap: number) => `Cash on delivery is available for orders up to Rs ${cap.toLocaleString('en-IN')}; please pay by UPI, net banking or card`,
  notHere: (pincode: string) => `Cash on delivery is not available for pincode ${pincode}; please pay by UPI, net banking or card`,
  unverified: 'Cash on delivery is for accounts with a verified e-mail; please verify yours, or pay by UPI, net banking or card',
  unitsPerLine: (max: number) => `Cash on delivery takes at most ${max} of each item; please lower the quantity, or pay by UPI, net banking or card`,
  openPerAccount: (max: number) =>
    `You already have ${max} cash-on-delivery ${max === 1 ? 'order' : 'orders'} waiting for confirmation; please confirm ${max === 1 ? 'it' : 'them'} from the order e-mail, or pay by UPI, net banking or card`,
  openPerAddress: (max: number) =>
    `This delivery address already has ${max} cash-on-delivery ${max === 1 ? 'order' : 'orders'} waiting for confirmation; please pay by UPI, net banking or card`,
} as const;

/** Whole rupees off a shopper's first order. */
export const FIRST_ORDER_DISCOUNT = 20;
export const FIRST_ORDER_DISCOUNT_LABEL = 'First order discount';

/** The first-order discount as it is kept on a payment, a checkout and an order. */
export interface FirstOrderDiscount {
  kind: 'first-order';
  label: string;
  /** Whole rupees taken off the sum of the lines. */
  amount: number;
}

/**
 * Whether a shopper still has the first-order discount: no order of theirs has claimed it (the
 * claim stream, which a checkout that failed after claiming keeps) and they have placed no order
 * (orders placed before the discount existed count too).
 */
export function firstOrderDiscountEligible(shopper: { claimed: boolean; ordersPlaced: number }): boolean {
  return !shopper.claimed && shopper.ordersPlaced === 0;
}

/**
 * The first-order discount on a cart of `subtotal` rupees for a shopper who has it: Rs 20 off,
 * as long as something (at least Rs 1) is left to pay.
 */
export function firstOrderDiscountFor(subtotal: number, eligible: boolean): FirstOrderDiscount | null {
  if (!eligible || subtotal <= FIRST_ORDER_DISCOUNT) return null;
  return { kind: 'first-order', label: FIRST_ORDER_DISCOUNT_LABEL, amount: FIRST_ORDER_DISCOUNT };
}

/** What the cart answers, word for word as the storefront shows it. */
export const CART_MESSAGES = {
  duplicate: 'Product already added in the cart',
  /** No cart line may hold more than the product's count in stock (checked on add, change and checkout). */
  overStock: 'The quantity is greater than product count in stock',
  notFound: 'Cart item not found',
  removed: 'item removed from cart!',
  /** The storefront's own: adding to the cart needs a signed-in shopper. */
  loginRequired: 'Please login first',
  added: 'Item is added in the cart',
} as const;

/** Whether `quantity` of a product may be in one cart line, given its count in stock. */
export function cartQuantityFits(quantity: number, countInStock: number): boolean {
  return quantity <= countInStock;
}
