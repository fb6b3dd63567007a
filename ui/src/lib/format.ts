import { CURRENCY_PREFIX } from './constants.ts';

/** Cuts `text` to `max` characters and appends "..." when it was longer (spec: 20/30/50). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** "Rs 1,299" — the spec's price prefix, Indian digit grouping. */
export function rupees(amount: number | null | undefined): string {
  const value = Number(amount ?? 0);
  return `${CURRENCY_PREFIX} ${Number.isFinite(value) ? value.toLocaleString('en-IN') : '0'}`;
}

/** Totals as INR currency in en-US format (spec §5: cart and checkout totals). */
export function inr(amount: number): string {
  return amount.toLocaleString('en-US', { style: 'currency', currency: 'INR' });
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
