import { COD_MESSAGES } from '@shop/contracts';
import { quoteDelivery, type DeliverySettings } from '../delivery/quote.ts';

/** The shop's cash-on-delivery settings (COD_MAX_AMOUNT, COD_FEE). */
export interface CodSettings {
  /** Whole rupees, fee included: dearer orders are paid online. */
  maxAmount: number;
  /** Whole rupees added to a cash-on-delivery order. */
  fee: number;
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

export type CodDecision = { ok: true } | { ok: false; msg: string };

/**
 * May this order be paid in cash at the door? Only up to the cap (the order's amount with the fee)
 * and only where the pincode's zone allows it. Pure: the caller asks the zone first.
 */
export function decideCod(order: { amount: number; pincode: string; codAllowedHere: boolean }, settings: CodSettings): CodDecision {
  if (!order.codAllowedHere) return { ok: false, msg: COD_MESSAGES.notHere(order.pincode) };
  if (order.amount > settings.maxAmount) return { ok: false, msg: COD_MESSAGES.overCap(settings.maxAmount) };
  return { ok: true };
}
