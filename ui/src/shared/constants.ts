/**
 * The shop's business constants (free delivery threshold, first-order discount, timings) come from
 * contracts, the one copy the server uses too (only that module: `@shop/contracts` itself would
 * pull zod into the bundle); the rest are the UI's own.
 */
export {
  DEFAULT_PER_PAGE,
  FIRST_ORDER_DISCOUNT,
  FREE_DELIVERY_OVER,
  HOME_FIRST_PAGE_SIZE,
  PER_PAGE_OPTIONS,
  PRICE_FILTER as PRICE_SLIDER,
} from '@shop/contracts/constants';

export const CURRENCY_PREFIX = 'Rs';

export const MOBILE_BREAKPOINT = 992;
export const HEADER_FIX_AT = 100;
export const SCROLL_TOP_AT = 500;

export const CARD_SKELETON_MS = 500;
export const CARD_NAME_LENGTH = 20;
export const CART_TITLE_LENGTH = 30;
export const SUGGESTION_NAME_LENGTH = 50;

export const GRID_COLUMNS = [1, 3, 4] as const;
export type GridColumns = (typeof GRID_COLUMNS)[number];
export const DEFAULT_GRID_COLUMNS: GridColumns = 4;

export { INITIAL_PRICE_RANGE } from '@shop/contracts/listing-address';
export const RATING_FILTERS = [5, 4, 3, 2, 1] as const;

export const SNACKBAR_MS = 6000;
export const SEARCH_DEBOUNCE_MS = 300;
export const GALLERY_THUMBNAILS = 5;
export const RELATED_PER_VIEW = 5;
export const RECENTLY_VIEWED_MAX = 10;

export const BANNER_SLIDER = { slidesPerView: 1, spaceBetween: 15, loop: true, speed: 500, autoplayDelay: 3500 } as const;
