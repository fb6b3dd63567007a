import type { Order, OrderLine } from '../api/types.ts';
import { CART_TITLE_LENGTH } from '../shared/constants.ts';
import { datePart, rupees, truncate } from '../shared/format.ts';
import { shopDay } from '@shop/contracts/shop-time';

/**
 * The day an order was placed, on the shopper's own calendar (as its timeline's times are): an
 * order placed at 01:30 IST reads as that Indian day, not the UTC day before.
 */
export const orderDate = (iso: string, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone) => (Number.isNaN(new Date(iso).getTime()) ? datePart(iso) : shopDay(iso, timeZone));

/** Titles on order cards: the first 30 characters plus "...". */
export const lineTitle = (title: string) => truncate(title, CART_TITLE_LENGTH);

export const amount = (value: number) => rupees(value);

/** A moment of the order's life in the shopper's own clock: "5 Jan 2026, 3:50 pm". */
export function orderMoment(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}

/** A calendar day (an expected delivery date): "Thu, 8 Jan". */
export function deliveryDay(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return at.toLocaleDateString('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: iso.length === 10 ? 'UTC' : undefined });
}

const VARIANT_NAMES = [
  ['size', 'Size'],
  ['productRam', 'RAM'],
  ['productWeight', 'Weight'],
] as const;

/** The variant a line was bought in, as labels ("Size: M", "RAM: 16 GB"); none for a line without one. */
export function variantLabels(line: OrderLine): string[] {
  return VARIANT_NAMES.flatMap(([field, name]) => (line[field] ? [`${name}: ${line[field]}`] : []));
}

/** "Bengaluru, Karnataka": where the order goes, as far as the order says. */
export function cityAndState(order: { city?: string; state?: string }): string {
  return [order.city, order.state].filter(Boolean).join(', ');
}

/** What the shopper can expect next, per status (the confirmation page and the order page). */
export const WHAT_HAPPENS_NEXT: Record<string, string> = {
  pending: 'We will confirm your order and e-mail you as it moves on. Once it ships, its tracking number shows on the order page.',
  confirmed: 'Your order is being packed. Once it ships, its tracking number shows here and in an e-mail.',
  shipped: 'Your parcel is on its way: follow it with the tracking number.',
  delivered: 'Your order has been delivered. Thank you for shopping with us.',
  cancelled: 'This order was cancelled; what you paid is refunded to how you paid.',
};

export const PAYMENT_METHOD_LABELS: Record<NonNullable<Order['paymentMethod']>, string> = {
  upi: 'UPI',
  netbanking: 'Net banking',
  card: 'Card',
  cod: 'Cash on delivery',
  'gift-card': 'Gift card',
};
