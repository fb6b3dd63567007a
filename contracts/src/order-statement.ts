import type { OrderDiscount } from './discount-events.ts';
import type { GiftCardPayment } from './gift-card-events.ts';
import type { GiftOrder } from './gift-order.ts';
import { formatRupees } from './money.ts';
import type { PaymentMethod, PricedLine } from './payment-events.ts';

/**
 * An order's money and its two parties as every surface shows them: the order and confirmation
 * pages, the e-mails, the back office, the packing slip and the invoice. Built from the order as
 * it was placed (the `OrderPlaced` event or the read model made from it), so no surface can print
 * a figure or an address the others do not: each adjustment is its own row, the rows add up to
 * the total, and the total less what a gift card paid is what the shopper paid (or pays at the
 * door).
 */

/** The fields of a placed order the statement reads (the event and the read models both carry them). */
export interface StatementSource {
  products: readonly Pick<PricedLine, 'subTotal'>[];
  amount: number;
  /** Sales, coupons, order discounts and free delivery, whole rupees off. */
  promotions?: readonly { label: string; amount: number; stage?: string; code?: string }[];
  discount?: Pick<OrderDiscount, 'label' | 'amount'>;
  deliveryFee?: number;
  codFee?: number;
  gift?: Pick<GiftOrder, 'wrap' | 'wrapFee'> & { recipient?: GiftOrder['recipient'] };
  giftCard?: Pick<GiftCardPayment, 'codeLast4' | 'applied'>;
  paymentMethod?: PaymentMethod;
}

/** What a row is, so a surface can style it (a discount in green, the fee in plain). */
export type StatementRowKind = 'items' | 'sale' | 'coupon' | 'order-discount' | 'first-order' | 'delivery' | 'delivery-discount' | 'gift-wrap' | 'cod-fee' | 'other';

export interface StatementRow {
  kind: StatementRowKind;
  label: string;
  /** Whole rupees: negative takes off, positive adds. */
  amount: number;
}

export interface OrderStatement {
  /** Every figure from the items to the last fee, in the order they apply; they add up to `total`. */
  rows: StatementRow[];
  /** What the order came to (`amount` as placed). */
  total: number;
  /** The part of the total a gift card paid. */
  giftCard: { label: string; amount: number } | null;
  /** What is left after the gift card, and what it is called: paid online, or due at the door. */
  due: { label: string; amount: number };
  /**
   * Rupees the rows miss to reach the total: 0 for every order this shop places. An order from
   * before a fee was recorded on its own still shows its true total; the difference is shown as
   * "Other charges" rather than hidden, so the rows still add up.
   */
  unexplained: number;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

const STAGE_KINDS: Record<string, StatementRowKind> = { sale: 'sale', coupon: 'coupon', order: 'order-discount', 'first-order': 'first-order', delivery: 'delivery-discount' };

function dueLabel(source: StatementSource, anyGiftCard: boolean): string {
  if (source.paymentMethod === 'cod') return 'To pay in cash on delivery';
  return anyGiftCard ? 'Paid online' : 'Amount paid';
}

/** The statement of one placed order (pure; the same order always gives the same rows). */
export function orderStatement(source: StatementSource): OrderStatement {
  const promotions = source.promotions ?? [];
  const promotionRow = (p: (typeof promotions)[number]): StatementRow => ({
    kind: STAGE_KINDS[p.stage ?? 'order'] ?? 'order-discount',
    label: p.code && !p.label.includes(p.code) ? `${p.label} (${p.code})` : p.label,
    amount: -p.amount,
  });
  const lineDiscounts = promotions.filter((p) => p.stage !== 'delivery').map(promotionRow);
  const deliveryDiscounts = promotions.filter((p) => p.stage === 'delivery').map(promotionRow);
  const rows: StatementRow[] = [
    { kind: 'items', label: 'Items', amount: sum(source.products.map((line) => line.subTotal)) },
    ...lineDiscounts,
    ...(source.discount ? [{ kind: 'first-order' as const, label: source.discount.label, amount: -source.discount.amount }] : []),
    { kind: 'delivery', label: 'Delivery', amount: source.deliveryFee ?? 0 },
    ...deliveryDiscounts,
    ...(source.gift?.wrap && source.gift.wrapFee > 0 ? [{ kind: 'gift-wrap' as const, label: 'Gift wrap', amount: source.gift.wrapFee }] : []),
    ...(source.codFee ? [{ kind: 'cod-fee' as const, label: 'Cash on delivery fee', amount: source.codFee }] : []),
  ];
  const unexplained = source.amount - sum(rows.map((row) => row.amount));
  const giftCard = source.giftCard && source.giftCard.applied > 0 ? { label: `Gift card ••••${source.giftCard.codeLast4}`, amount: source.giftCard.applied } : null;
  return {
    rows,
    total: source.amount,
    giftCard,
    due: { label: dueLabel(source, giftCard !== null), amount: source.amount - (giftCard?.amount ?? 0) },
    unexplained,
  };
}

/** A row's figure as printed: "−Rs 300" off, "Rs 40" added, "Free" for a delivery that cost nothing. */
export function statementFigure(row: StatementRow): string {
  if (row.kind === 'delivery' && row.amount === 0) return 'Free';
  return formatRupees(row.amount);
}

/** The rows to print: the statement's rows, and "Other charges" when an old order's rows miss some of its total. */
export function printedRows(statement: OrderStatement): StatementRow[] {
  return statement.unexplained === 0 ? statement.rows : [...statement.rows, { kind: 'other', label: 'Other charges', amount: statement.unexplained }];
}

/** A postal party of an order: who pays (billing) or who receives (delivery). */
export interface OrderParty {
  name: string;
  phoneNumber: string;
  /** Street lines, without empty ones. */
  street: string[];
  city: string;
  state: string;
  pincode: string;
}

/** The placed order's fields the parties are read from. */
export interface PartySource {
  name: string;
  phoneNumber: string;
  address: string;
  pincode: string;
  city?: string;
  state?: string;
  billing?: { fullName: string; phoneNumber: string; streetAddressLine1: string; streetAddressLine2?: string; city: string; state: string; zipCode: string };
  gift?: { recipient?: GiftOrder['recipient'] };
}

/** Who pays: the billing form as filled in (or, for orders from before it was kept, the order's own fields). */
export function billingPartyOf(order: PartySource): OrderParty {
  const b = order.billing;
  if (b) return { name: b.fullName, phoneNumber: b.phoneNumber, street: [b.streetAddressLine1, b.streetAddressLine2 ?? ''].filter((s) => s.trim()), city: b.city, state: b.state, pincode: b.zipCode };
  return { name: order.name, phoneNumber: order.phoneNumber, street: order.address.split(', ').filter((s) => s.trim()), city: order.city ?? '', state: order.state ?? '', pincode: order.pincode };
}

/**
 * Where the parcel goes and who receives it: a gift's recipient when the shopper sent it to
 * another address, otherwise the billing party. The packer, the courier, the delivery date and
 * the GST place of supply all follow this party, never the payer's address.
 */
export function deliveryPartyOf(order: PartySource): OrderParty {
  const to = order.gift?.recipient;
  if (!to) return billingPartyOf(order);
  return { name: to.name, phoneNumber: to.phoneNumber, street: [to.streetAddressLine1, to.streetAddressLine2 ?? ''].filter((s) => s.trim()), city: to.city, state: to.state, pincode: to.zipCode };
}

/** Whether the parcel goes somewhere other than the billing address (the invoice then prints both). */
export function shipsElsewhere(order: PartySource): boolean {
  return order.gift?.recipient !== undefined;
}

/** A party as address lines: name, the street ("4 Marina Road, Flat 2"), "City, State 600001". */
export function partyLines(party: OrderParty): string[] {
  const place = [[party.city, party.state].filter(Boolean).join(', '), party.pincode].filter(Boolean).join(' ');
  return [party.name, ...(party.street.length ? [party.street.join(', ')] : []), place];
}
