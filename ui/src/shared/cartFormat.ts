import type { CartItem } from '../api/types.ts';
import { CART_TITLE_LENGTH } from './constants.ts';
import { rupees, truncate } from './format.ts';
import { cartSummary } from './cartSummary.ts';

/** A cart line as read, with the options chosen when it was added (null when none). */
export type CartLine = CartItem & { productRam?: string | null; size?: string | null; productWeight?: string | null };

/** Cart formats: unit price and subtotal in the shop's one money format (`Rs 1,25,000`), titles cut to 30. */
export const unitPrice = (price: number) => rupees(price);
export const lineSubtotal = (subTotal: number) => rupees(Number(subTotal) || 0);
export const cartTitle = (title: string) => truncate(title, CART_TITLE_LENGTH);

/** "There are N products in your cart" (one product reads in the singular). */
export function productCountLine(count: number, where: string): string {
  return count === 1 ? `There is 1 product in ${where}` : `There are ${count} products in ${where}`;
}

/** Subtotal and total of the CART TOTALS card: sums of integer price × quantity. */
export function cartTotals(items: readonly CartLine[] | undefined): { count: number; subtotal: string; total: string; amount: number } {
  const { count, total } = cartSummary(items);
  return { count, amount: total, subtotal: rupees(total), total: rupees(total) };
}

/** The options a line was added with, for display ("Size: M"). */
export function lineOptions(line: CartLine): string[] {
  const out: string[] = [];
  if (line.productRam) out.push(`RAM: ${line.productRam}`);
  if (line.size) out.push(`Size: ${line.size}`);
  if (line.productWeight) out.push(`Weight: ${line.productWeight}`);
  return out;
}
