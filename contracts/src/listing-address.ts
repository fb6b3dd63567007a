import { DEFAULT_PER_PAGE, PER_PAGE_OPTIONS, PRICE_FILTER } from './constants.ts';

/**
 * What a listing's address (`/products/category/:id` or `/products/subCat/:id` with
 * `?minPrice=&maxPrice=&rating=&sort=&page=&perPage=`) asks of `GET /api/products`. One copy for
 * the storefront, which reads its filters from the address, and the server, which reads the same
 * products into the page's first screen: if the two read an address differently, the first screen
 * would show other products than the page that replaces it. Plain TypeScript (no zod): the
 * storefront's bundle imports it.
 */

export type PriceRange = readonly [number, number];

/** The listing's sorts as `?sort=` names them, newest first (the default, never spelt in an address). */
export const LISTING_SORT_NAMES = ['newest', 'price-asc', 'price-desc', 'rating', 'discount'] as const;
export type ListingSortName = (typeof LISTING_SORT_NAMES)[number];
export const DEFAULT_LISTING_SORT: ListingSortName = 'newest';

/** The original's initial range runs past the slider's maximum (100 000); kept, see `priceFilterActive`. */
export const INITIAL_PRICE_RANGE: PriceRange = [100, 100000];

/** The deepest page an address may name (the server refuses past it too). */
const MAX_PAGE = 100_000;
const WHOLE = /^\d{1,9}$/;

/** Whether the shopper has moved the price slider away from its initial range. */
export function priceFilterActive(price: PriceRange): boolean {
  return price[0] !== INITIAL_PRICE_RANGE[0] || price[1] !== INITIAL_PRICE_RANGE[1];
}

/** A slider value clamped to 100..60000 on the 5-rupee step, low end first. */
export function clampPriceRange(range: readonly number[]): PriceRange {
  const snap = (v: number) => Math.min(PRICE_FILTER.max, Math.max(PRICE_FILTER.min, Math.round(v / PRICE_FILTER.step) * PRICE_FILTER.step));
  const a = snap(range[0] ?? PRICE_FILTER.min);
  const b = snap(range[1] ?? PRICE_FILTER.max);
  return a <= b ? [a, b] : [b, a];
}

/** The price, rating and page an address names, as a listing reads them. */
export interface AddressPage {
  price: PriceRange;
  /** Minimum stars, 1 to 5; null for any. */
  rating: number | null;
  page: number;
  /** The page's size goes with its number, or a refreshed page 3 would show other products. */
  perPage: number;
}

/**
 * The price, rating and page an address names. Anything hand-edited, out of range or malformed
 * reads as no filter (or page 1) rather than an error page; a price is clamped to the slider's
 * range and a reversed range put in order.
 */
export function addressPage(params: URLSearchParams): AddressPage {
  const whole = (key: string) => {
    const raw = params.get(key);
    return raw !== null && WHOLE.test(raw) ? Number(raw) : null;
  };
  const min = whole('minPrice');
  const max = whole('maxPrice');
  const stars = whole('rating');
  const page = whole('page');
  const perPage = whole('perPage');
  return {
    price: min === null && max === null ? INITIAL_PRICE_RANGE : clampPriceRange([min ?? PRICE_FILTER.min, max ?? PRICE_FILTER.max]),
    rating: stars !== null && stars >= 1 && stars <= 5 ? stars : null,
    page: page !== null && page >= 1 && page <= MAX_PAGE ? page : 1,
    perPage: PER_PAGE_OPTIONS.find((n) => n === perPage) ?? DEFAULT_PER_PAGE,
  };
}

export type ListingRoute = { kind: 'category' | 'subCat'; id: string };

/** `GET /api/products`'s parameters for a listing (the shopper's location aside). */
export interface ListingProductQuery {
  catId?: string;
  subCatId?: string;
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  page: number;
  perPage: number;
  sort?: ListingSortName;
}

/** The query for a listing route, its filters, page and sort. Newest first is the server's order, so it is not spelt. */
export function listingProductQuery(route: ListingRoute, filters: Pick<AddressPage, 'price' | 'rating'>, page: number, perPage: number, sort: ListingSortName = DEFAULT_LISTING_SORT): ListingProductQuery {
  // In the order the storefront's first request spells them (`?catId=…&page=1&perPage=10`).
  const query: ListingProductQuery = { ...(route.kind === 'category' ? { catId: route.id } : { subCatId: route.id }), page, perPage };
  if (sort !== DEFAULT_LISTING_SORT) query.sort = sort;
  if (priceFilterActive(filters.price)) {
    query.minPrice = filters.price[0];
    query.maxPrice = filters.price[1];
  }
  if (filters.rating !== null) query.rating = filters.rating;
  return query;
}

/** The query a listing's address (route and `?…` parameters) asks for, as the storefront reads it. */
export function listingQueryOfAddress(route: ListingRoute, params: URLSearchParams): ListingProductQuery {
  const { price, rating, page, perPage } = addressPage(params);
  const sort = LISTING_SORT_NAMES.find((name) => name === params.get('sort')) ?? DEFAULT_LISTING_SORT;
  return listingProductQuery(route, { price, rating }, page, perPage, sort);
}

/** `key=value&…` of a query's fields, in their order. */
export function queryString(query: object): string {
  return new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString();
}

/** The request path for a listing query, `/api/products?…` (the key the first screen's data goes under). */
export function listingRequestPath(query: ListingProductQuery): string {
  return `/api/products?${queryString(query)}`;
}
