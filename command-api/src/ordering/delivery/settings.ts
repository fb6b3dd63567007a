import { deliverySettings, type DeliverySettings, type DeliveryZone, type ZoneTerms } from './quote.ts';

/** The configuration values delivery reads (platform config's SHOP_PINCODE, DELIVERY_*). */
export interface DeliveryConfig {
  SHOP_PINCODE: string;
  DELIVERY_FEE: number;
  DELIVERY_DAYS_SAME_CITY: [number, number];
  DELIVERY_DAYS_SAME_STATE: [number, number];
  DELIVERY_DAYS_METRO_TO_METRO: [number, number];
  DELIVERY_DAYS_REST_OF_INDIA: [number, number];
  DELIVERY_DAYS_REMOTE: [number, number];
  DELIVERY_NO_COD_ZONES: DeliveryZone[];
}

/** The shop's delivery settings from its configuration; throws when SHOP_PINCODE is not a known pincode. */
export function deliverySettingsFrom(config: DeliveryConfig, timeZone?: string): DeliverySettings {
  const terms = (zone: DeliveryZone, [minDays, maxDays]: [number, number]): ZoneTerms => ({ minDays, maxDays, cod: !config.DELIVERY_NO_COD_ZONES.includes(zone) });
  return deliverySettings({
    shopPincode: config.SHOP_PINCODE,
    fee: config.DELIVERY_FEE,
    ...(timeZone ? { timeZone } : {}),
    zones: {
      sameCity: terms('sameCity', config.DELIVERY_DAYS_SAME_CITY),
      sameState: terms('sameState', config.DELIVERY_DAYS_SAME_STATE),
      metroToMetro: terms('metroToMetro', config.DELIVERY_DAYS_METRO_TO_METRO),
      restOfIndia: terms('restOfIndia', config.DELIVERY_DAYS_REST_OF_INDIA),
      remote: terms('remote', config.DELIVERY_DAYS_REMOTE),
    },
  });
}
