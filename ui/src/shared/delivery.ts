import { PINCODE_PATTERN } from '@shop/contracts/pincode';
import type { DeliveryEstimate } from '../api/types.ts';

/** Where the shopper's last pincode is kept, so the product page, cart and checkout start from it. */
const LAST_PINCODE_KEY = 'deliveryPincode';

export function lastPincode(): string {
  try {
    const kept = localStorage.getItem(LAST_PINCODE_KEY) ?? '';
    return PINCODE_PATTERN.test(kept) ? kept : '';
  } catch {
    return '';
  }
}

export function rememberPincode(pincode: string): void {
  try {
    if (PINCODE_PATTERN.test(pincode)) localStorage.setItem(LAST_PINCODE_KEY, pincode);
  } catch {
    // Private browsing without storage: the box simply starts empty next time.
  }
}

const DAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/** "Thu, 3 Dec" for the ISO date "2026-12-03" (a calendar day: read in UTC so no time zone moves it). */
export function deliveryDay(isoDate: string): string {
  const parts = DAY.formatToParts(new Date(`${isoDate}T00:00:00Z`));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')}`;
}

/** "Deliver to 560038 — by Thu, 3 Dec", or what is wrong with the pincode. */
export function deliveryLine(estimate: DeliveryEstimate): string {
  return estimate.serviceable ? `Deliver to ${estimate.pincode} — by ${deliveryDay(estimate.by)}` : estimate.msg;
}
