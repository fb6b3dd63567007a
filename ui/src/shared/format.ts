import { CURRENCY_PREFIX } from './constants.ts';

/**
 * Cuts `text` to `max` characters and appends "..." when it was longer (cards and checkout 20,
 * cart and order titles 30, search suggestions 50).
 */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/**
 * Indian digit grouping (1,25,000) without Intl: the first Intl call loads locale data, which
 * costs more than rendering the whole header on a slow phone.
 */
export function groupIndian(value: number): string {
  if (!Number.isFinite(value)) return '0';
  const negative = value < 0;
  const [whole = '0', fraction] = Math.abs(Math.round(value * 100) / 100).toString().split('.');
  const last3 = whole.slice(-3);
  const rest = pairs(whole.slice(0, -3));
  const grouped = rest ? `${rest},${last3}` : last3;
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction.padEnd(2, '0')}` : ''}`;
}

/** "1234567" → "1,23,45,67": commas between pairs of digits counted from the right. */
function pairs(digits: string): string {
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 2) groups.unshift(digits.slice(Math.max(0, end - 2), end));
  return groups.join(',');
}

/**
 * "Rs 1,49,999": the one money format of the storefront and the back office (prices, subtotals,
 * totals, discounts, fees), Rs and Indian digit grouping, so one screen never mixes styles.
 */
export function rupees(amount: number | null | undefined): string {
  return `${CURRENCY_PREFIX} ${groupIndian(Number(amount ?? 0))}`;
}

/** The date part of an ISO timestamp (reviews and orders show only what precedes the T). */
export function datePart(iso: string | null | undefined): string {
  return (iso ?? '').split('T')[0] ?? '';
}

/** Discount percent shown on badges: the stored one, else derived from the two prices. */
export function discountPercent(product: { discount?: number; price: number; oldPrice?: number }): number {
  if (product.discount && product.discount > 0) return Math.round(product.discount);
  if (product.oldPrice && product.oldPrice > product.price) return Math.round(((product.oldPrice - product.price) / product.oldPrice) * 100);
  return 0;
}

export function inStock(countInStock: number | null | undefined): boolean {
  return Number(countInStock ?? 0) >= 1;
}
