import { COD_MESSAGES } from '@shop/contracts';
import { quoteDelivery, type DeliverySettings } from '../delivery/quote.ts';

/** The shop's cash-on-delivery settings (COD_MAX_AMOUNT, COD_FEE). */
export interface CodSettings {
  /** Whole rupees, fee included: dearer orders are paid online. */
  maxAmount: number;
  /** Whole rupees added to a cash-on-delivery order. */
  fee: number;
  /** Unconfirmed cash-on-delivery orders one account (one mailbox's accounts together) may have open at once (COD_MAX_OPEN_PER_ACCOUNT). */
  maxOpenPerAccount: number;
  /** The same for one delivery address, whichever accounts order to it (COD_MAX_OPEN_PER_ADDRESS). */
  maxOpenPerAddress: number;
  /** Units of one line a cash-on-delivery order may hold (COD_MAX_UNITS_PER_LINE). */
  maxUnitsPerLine: number;
  /** How long an unconfirmed order holds its stock before it is cancelled (COD_CONFIRM_WITHIN_MINUTES). */
  confirmWithinMs: number;
}

/**
 * Whether the courier takes cash at this pincode. The delivery zones decide it (a zone may have no
 * cash on delivery, e.g. remote areas); this port is where the zone's answer comes in.
 */
export interface CodAvailability {
  codAllowedHere(pincode: string): Promise<boolean>;
}

/**
 * Cash on delivery where the pincode's delivery zone takes cash (zones listed in
 * DELIVERY_NO_COD_ZONES do not), and nowhere India Post does not list.
 */
export function codByDeliveryZone(delivery: DeliverySettings, now: () => Date = () => new Date()): CodAvailability {
  return {
    codAllowedHere: (pincode) => {
      const quoted = quoteDelivery(pincode, undefined, delivery, now());
      return Promise.resolve(quoted.ok && quoted.quote.cod);
    },
  };
}

/** `unverified`: the account is the reason (403); `invalid`: the order is (400). */
export type CodDecision = { ok: true } | { ok: false; reason: 'unverified' | 'invalid'; msg: string };

/**
 * May this order be paid in cash at the door? Cash on delivery takes stock nobody has paid for, so
 * it is a privilege: only for an account whose own e-mail is verified (the confirmation code goes
 * there, so confirming proves the buyer), only where the delivery pincode's zone takes cash, up to
 * the cap (the order's amount with the fee), and never more than a few units of one item, so one
 * order cannot take a product's whole stock. Pure: the caller asks the account and the zone first.
 */
export function decideCod(
  order: { amount: number; pincode: string; codAllowedHere: boolean; verifiedAccount: boolean; quantities: readonly number[] },
  settings: Pick<CodSettings, 'maxAmount' | 'maxUnitsPerLine'>,
): CodDecision {
  if (!order.verifiedAccount) return { ok: false, reason: 'unverified', msg: COD_MESSAGES.unverified };
  if (!order.codAllowedHere) return { ok: false, reason: 'invalid', msg: COD_MESSAGES.notHere(order.pincode) };
  if (order.amount > settings.maxAmount) return { ok: false, reason: 'invalid', msg: COD_MESSAGES.overCap(settings.maxAmount) };
  if (order.quantities.some((quantity) => quantity > settings.maxUnitsPerLine)) return { ok: false, reason: 'invalid', msg: COD_MESSAGES.unitsPerLine(settings.maxUnitsPerLine) };
  return { ok: true };
}

/**
 * The delivery address as one holder of cash-on-delivery orders: the pincode and the first address
 * line with case, spaces and punctuation dropped, so "12, M.G. Road" and "12 mg road" at one
 * pincode are one address. (The second line, a landmark or area, is left out: varying it changes
 * nothing for the courier.)
 */
export function codAddressOf(destination: { zipCode: string; streetAddressLine1: string }): string {
  const line = destination.streetAddressLine1.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return `${destination.zipCode.trim()}|${line}`;
}
