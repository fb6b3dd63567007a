/**
 * The shop's business constants: what it promises shoppers (free delivery, first-order discount)
 * and the UI's timings.
 */
export const CURRENCY = 'INR';
export const FREE_DELIVERY_OVER = 299;
export { FIRST_ORDER_DISCOUNT } from './order-rules.ts';
export const SALE_UP_TO_PERCENT = 50;

export const PRICE_FILTER = { min: 100, max: 60000, step: 5 } as const;
export const PER_PAGE_OPTIONS = [10, 20, 30, 40, 50, 60] as const;
export const DEFAULT_PER_PAGE = 10;
export const HOME_FIRST_PAGE_SIZE = 16;
/** Server-side ceiling on one page, so no query can ask for the whole catalog at once. */
export const MAX_PER_PAGE = 100;
/** Filter routes of the original returned every match; ours cap an unpaged reply at this. */
export const MAX_UNPAGED_RESULTS = 100;
export const SEARCH_RESULT_LIMIT = 60;
