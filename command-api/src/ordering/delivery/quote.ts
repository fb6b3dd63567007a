import { FREE_DELIVERY_OVER, type IndianState } from '@shop/contracts';
import { lookupPincode, type PincodePlace } from './pincode-directory.ts';

/**
 * Where a parcel goes, seen from the shop's own pincode. Couriers in India price and promise by
 * these zones: within the city, within the state, between the big metros (daily line-haul), the
 * rest of the country, and the remote areas and the north-east (air or long road legs, and the
 * couriers' own limits on cash collection there).
 */
export const DELIVERY_ZONES = ['sameCity', 'sameState', 'metroToMetro', 'restOfIndia', 'remote'] as const;
export type DeliveryZone = (typeof DELIVERY_ZONES)[number];

/** What the shop promises for one zone: working days to deliver, and whether cash on delivery is offered. */
export interface ZoneTerms {
  minDays: number;
  maxDays: number;
  cod: boolean;
}

/** The shop's delivery settings (platform config: SHOP_PINCODE, DELIVERY_*), the quote's only inputs besides the pincode. */
export interface DeliverySettings {
  /** Where parcels leave from: the shop's own pincode, looked up in the directory. */
  origin: PincodePlace;
  zones: Record<DeliveryZone, ZoneTerms>;
  /** Whole rupees charged on an order whose lines come to less than `freeOver`. */
  fee: number;
  freeOver: number;
  /** The shop's time zone: "today", and so the promised date, is decided there. */
  timeZone: string;
}

/** North-eastern states, island territories and the high Himalaya: the couriers' "special" zone. */
const REMOTE_STATES: ReadonlySet<IndianState> = new Set<IndianState>([
  'Arunachal Pradesh',
  'Assam',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Sikkim',
  'Tripura',
  'Andaman and Nicobar Islands',
  'Lakshadweep',
  'Ladakh',
  'Jammu and Kashmir',
]);

/** The metros' districts as India Post names them (Delhi is a metro as a whole territory). */
const METRO_DISTRICTS: ReadonlySet<string> = new Set(['Mumbai', 'Kolkata', 'Chennai', 'Bengaluru Urban', 'Hyderabad', 'Pune', 'Ahmadabad']);
const isMetro = (place: PincodePlace) => place.state === 'Delhi' || METRO_DISTRICTS.has(place.district);

export function deliveryZone(origin: PincodePlace, destination: PincodePlace): DeliveryZone {
  if (REMOTE_STATES.has(destination.state)) return 'remote';
  if (destination.district === origin.district && destination.state === origin.state) return 'sameCity';
  if (destination.states.includes(origin.state)) return 'sameState';
  if (isMetro(origin) && isMetro(destination)) return 'metroToMetro';
  return 'restOfIndia';
}

/** The delivery fee of an order whose lines come to `subtotal`: free from the threshold up. */
export function deliveryFeeFor(subtotal: number, settings: Pick<DeliverySettings, 'fee' | 'freeOver'>): number {
  return subtotal < settings.freeOver ? settings.fee : 0;
}

/** What the shop promises for a pincode (the estimate endpoint's reply; `fee` for an order of `subtotal`). */
export interface DeliveryQuote {
  pincode: string;
  district: string;
  state: IndianState;
  zone: DeliveryZone;
  serviceable: true;
  /** Cash on delivery is offered to this pincode (its zone allows it); the COD rule asks this. */
  cod: boolean;
  minDays: number;
  maxDays: number;
  /** ISO date (YYYY-MM-DD) in the shop's time zone: the latest promised delivery day. */
  by: string;
  fee: number;
}

export type DeliveryRefusal = { reason: 'unknown-pincode' | 'state-mismatch'; message: string };

export const DELIVERY_MESSAGES = {
  unknownPincode: (pincode: string) => `We could not find Pincode ${pincode} in India Post's directory: please check it`,
  stateMismatch: (pincode: string, state: string) => `Pincode ${pincode} is in ${state}: please check the Pincode or the state`,
} as const;

/**
 * Quotes delivery to `pincode` (already six digits) ordered at `now`: the place, its zone's days
 * and COD, the latest delivery date, and the fee for an order of `subtotal` (no subtotal: the fee
 * an order under the threshold pays). With `state` (the address form's), a pincode outside that
 * state is refused, so an order never ships to an address that contradicts itself. Pure.
 */
export function quoteDelivery(
  pincode: string,
  state: string | undefined,
  settings: DeliverySettings,
  now: Date,
  subtotal?: number,
): { ok: true; quote: DeliveryQuote } | ({ ok: false } & DeliveryRefusal) {
  const place = lookupPincode(pincode);
  if (!place) return { ok: false, reason: 'unknown-pincode', message: DELIVERY_MESSAGES.unknownPincode(pincode) };
  if (state !== undefined && !place.states.some((s) => s.toLowerCase() === state.trim().toLowerCase())) {
    return { ok: false, reason: 'state-mismatch', message: DELIVERY_MESSAGES.stateMismatch(pincode, place.state) };
  }
  const zone = deliveryZone(settings.origin, place);
  const terms = settings.zones[zone];
  return {
    ok: true,
    quote: {
      pincode,
      district: place.district,
      state: place.state,
      zone,
      serviceable: true,
      cod: terms.cod,
      minDays: terms.minDays,
      maxDays: terms.maxDays,
      by: deliveryDate(now, terms.maxDays, settings.timeZone),
      fee: subtotal === undefined ? settings.fee : deliveryFeeFor(subtotal, settings),
    },
  };
}

/**
 * The day `days` working days after `now`'s day in `timeZone`, couriers not delivering on
 * Sundays: an order at 23:30 IST on a Saturday counts from that Saturday, not from UTC's day.
 */
export function deliveryDate(now: Date, days: number, timeZone: string): string {
  const [year, month, day] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(now)
    .split('-')
    .map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

export const DEFAULT_ZONES: Record<DeliveryZone, ZoneTerms> = {
  sameCity: { minDays: 1, maxDays: 2, cod: true },
  sameState: { minDays: 2, maxDays: 4, cod: true },
  metroToMetro: { minDays: 2, maxDays: 4, cod: true },
  restOfIndia: { minDays: 4, maxDays: 7, cod: true },
  remote: { minDays: 6, maxDays: 10, cod: false },
};

/** Settings from the shop's configuration values; throws when the shop's own pincode is not in the directory. */
export function deliverySettings(values: {
  shopPincode: string;
  fee: number;
  zones?: Partial<Record<DeliveryZone, ZoneTerms>>;
  timeZone?: string;
}): DeliverySettings {
  const origin = lookupPincode(values.shopPincode);
  if (!origin) throw new Error(`SHOP_PINCODE ${values.shopPincode} is not in India Post's pincode directory`);
  return {
    origin,
    zones: { ...DEFAULT_ZONES, ...values.zones },
    fee: values.fee,
    freeOver: FREE_DELIVERY_OVER,
    timeZone: values.timeZone ?? 'Asia/Kolkata',
  };
}
