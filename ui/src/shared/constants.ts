/** Business constants of spec §9, in one place for the UI. */
export const CURRENCY_PREFIX = 'Rs';
export const FREE_DELIVERY_OVER = 299;
export const FIRST_ORDER_DISCOUNT = 20;
export const SALE_UP_TO_PERCENT = 50;

export const MOBILE_BREAKPOINT = 992;
export const HEADER_FIX_AT = 100;
export const SCROLL_TOP_AT = 500;

export const CARD_SKELETON_MS = 500;
export const CARD_NAME_LENGTH = 20;
export const CART_TITLE_LENGTH = 30;
export const SUGGESTION_NAME_LENGTH = 50;

export const HOME_FIRST_PAGE_SIZE = 16;
export const PER_PAGE_OPTIONS = [10, 20, 30, 40, 50, 60] as const;
export const DEFAULT_PER_PAGE = 10;
export const GRID_COLUMNS = [1, 3, 4] as const;
export type GridColumns = (typeof GRID_COLUMNS)[number];
export const DEFAULT_GRID_COLUMNS: GridColumns = 4;

export const PRICE_SLIDER = { min: 100, max: 60000, step: 5 } as const;
/** The original's initial range runs past the slider's maximum (100 000); kept, see `priceFilterActive`. */
export const INITIAL_PRICE_RANGE: readonly [number, number] = [100, 100000];
export const RATING_FILTERS = [5, 4, 3, 2, 1] as const;

export const SNACKBAR_MS = 6000;
export const SEARCH_DEBOUNCE_MS = 300;
export const GALLERY_THUMBNAILS = 5;
export const RELATED_PER_VIEW = 5;
export const RECENTLY_VIEWED_MAX = 10;

export const BANNER_SLIDER = { slidesPerView: 1, spaceBetween: 15, loop: true, speed: 500, autoplayDelay: 3500 } as const;
export const CATEGORY_SLIDES_PER_VIEW = 8;
