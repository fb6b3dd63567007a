import type { CartItem } from '../api/types.ts';

/** Item count (lines) and total (integer price × quantity, as the original) of a cart. */
export function cartSummary(items: readonly Pick<CartItem, 'price' | 'quantity'>[] | undefined): { count: number; total: number } {
  const list = Array.isArray(items) ? items : [];
  const total = list.reduce((sum, item) => sum + Math.trunc(Number(item.price) || 0) * (Number(item.quantity) || 0), 0);
  return { count: list.length, total };
}
