/** Quantity bounds: starts at 1, minus stops at 1, plus stops at countInStock. */
export function maxQuantity(countInStock: number): number {
  return Math.max(1, Math.floor(Number(countInStock) || 0));
}

export function clampQuantity(value: number, countInStock: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(maxQuantity(countInStock), Math.max(1, Math.floor(value)));
}

export const increment = (value: number, countInStock: number) => clampQuantity(value + 1, countInStock);
export const decrement = (value: number, countInStock: number) => clampQuantity(value - 1, countInStock);
