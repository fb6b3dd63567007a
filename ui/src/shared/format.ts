import { groupIndian } from '@shop/contracts/money';
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
