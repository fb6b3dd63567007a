import { addressPage, listingProductQuery, priceFilterActive, type ListingRoute, type PriceRange } from '@shop/contracts/listing-address';
import type { ListingSort, Product, ProductQuery } from '../api/types.ts';
import { DEFAULT_PER_PAGE, INITIAL_PRICE_RANGE, PRICE_SLIDER } from '../shared/constants.ts';

// How an address reads is shared with the server's first screen (one copy in contracts).
export { clampPriceRange, priceFilterActive, type ListingRoute, type PriceRange } from '@shop/contracts/listing-address';

/**
 * The sort menu of listings, newest first (the original's order) by default; kept in the URL as
 * `?sort=`.
 */
export const SORT_OPTIONS: SortOptions<ListingSort> = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Top rated' },
  { value: 'discount', label: 'Biggest discount' },
];
export const DEFAULT_SORT: ListingSort = 'newest';

/** Search results' sorts: best match first (the order the server ranks them) by default, then the listing's. */
export type ResultSort = ListingSort | 'relevance';
export const SEARCH_SORT_OPTIONS: SortOptions<ResultSort> = [{ value: 'relevance', label: 'Best match' }, ...SORT_OPTIONS];

/** The sort named in the URL, or the default for anything else. */
export function sortFromUrl(value: string | null): ListingSort {
  return SORT_OPTIONS.find((option) => option.value === value)?.value ?? DEFAULT_SORT;
}

export interface ListingFilters {
  /** Subcategory chosen in the sidebar (search page; listings carry it in the route). */
  subCatId: string | null;
  price: PriceRange;
  /** Minimum stars, 1 to 5; null for any. */
  rating: number | null;
}

export const NO_FILTERS: ListingFilters = { subCatId: null, price: INITIAL_PRICE_RANGE, rating: null };

/**
 * What a listing or results page keeps in its address (`?minPrice=&maxPrice=&rating=&sort=&page=&perPage=`,
 * and `subCat=` on search), so back, refresh and a shared link show the same products.
 */
export interface AddressFilters<S extends string = ListingSort> extends ListingFilters {
  sort: S;
  page: number;
  /** Listings only: the page's size goes with its number, or a refreshed page 3 would show other products. */
  perPage: number;
}

/** A page's sort menu: the first option is its default (left out of the address). */
export type SortOptions<S extends string> = readonly [{ value: S; label: string }, ...{ value: S; label: string }[]];

/**
 * The filters an address names (price, rating and page as a listing reads them: see
 * `addressPage`), with the page's sort and, on search, its subcategory.
 */
export function filtersFromUrl<S extends string>(params: URLSearchParams, sorts: SortOptions<S>): AddressFilters<S> {
  const subCat = params.get('subCat');
  return {
    ...addressPage(params),
    subCatId: subCat && /^[\w-]{1,64}$/.test(subCat) ? subCat : null,
    sort: sorts.find((option) => option.value === params.get('sort'))?.value ?? sorts[0].value,
  };
}

/**
 * The address's parameters with `changes` applied; defaults are left out (the plain route stays
 * the plain route), and a change of filter or sort goes back to page 1 unless it names a page.
 */
export function withFilters<S extends string>(params: URLSearchParams, changes: Partial<AddressFilters<S>>, sorts: SortOptions<S>): URLSearchParams {
  const next = { ...filtersFromUrl(params, sorts), page: 1, ...changes };
  const out = new URLSearchParams(params);
  for (const key of ['minPrice', 'maxPrice', 'rating', 'sort', 'page', 'perPage', 'subCat']) out.delete(key);
  if (priceFilterActive(next.price)) {
    out.set('minPrice', String(next.price[0]));
    out.set('maxPrice', String(next.price[1]));
  }
  if (next.rating !== null) out.set('rating', String(next.rating));
  if (next.subCatId !== null) out.set('subCat', next.subCatId);
  if (next.sort !== sorts[0].value) out.set('sort', next.sort);
  if (next.page > 1) out.set('page', String(next.page));
  if (next.perPage !== DEFAULT_PER_PAGE) out.set('perPage', String(next.perPage));
  return out;
}

/**
 * A typed price box's value: whole rupees within the slider's range, or the reason it is not one.
 * Empty means the end of the range.
 */
export function typedPrice(text: string, end: 'min' | 'max'): { value: number } | { error: string } {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return { value: end === 'min' ? PRICE_SLIDER.min : PRICE_SLIDER.max };
  if (!/^\d{1,7}$/.test(trimmed)) return { error: 'Enter whole rupees' };
  const value = Number(trimmed);
  if (value < PRICE_SLIDER.min || value > PRICE_SLIDER.max) return { error: `Between ${PRICE_SLIDER.min} and ${PRICE_SLIDER.max}` };
  return { value };
}

/** Sorts a result set as the listing's sort menu orders listings (search results; relevance is the order they came in). */
export function sortProducts<T extends Pick<Product, 'price' | 'rating' | 'dateCreated' | 'discount'>>(products: readonly T[], sort: ResultSort): T[] {
  const date = (p: T) => Date.parse(p.dateCreated) || 0;
  const by: Record<ListingSort, (a: T, b: T) => number> = {
    newest: (a, b) => date(b) - date(a),
    'price-asc': (a, b) => a.price - b.price,
    'price-desc': (a, b) => b.price - a.price,
    rating: (a, b) => (Number(b.rating) || 0) - (Number(a.rating) || 0),
    discount: (a, b) => (b.discount || 0) - (a.discount || 0),
  };
  // Array.prototype.sort is stable: equals keep their relevance order.
  return sort === 'relevance' ? [...products] : [...products].sort(by[sort]);
}

/** The GET /api/products query for a listing route, its filters, page and sort, in the shopper's location. */
export function listingQuery(route: ListingRoute, filters: Omit<ListingFilters, 'subCatId'>, page: number, perPage: number, location: string, sort: ListingSort = DEFAULT_SORT): ProductQuery {
  return { ...listingProductQuery(route, filters, page, perPage, sort), location };
}

/** Client-side filtering of a result set (search page): subcategory, price (inclusive), minimum rating. */
export function applyFilters<T extends Pick<Product, 'subCatId' | 'price' | 'rating'>>(products: readonly T[], filters: ListingFilters): T[] {
  const checkPrice = priceFilterActive(filters.price);
  return products.filter((p) => {
    if (filters.subCatId && p.subCatId !== filters.subCatId) return false;
    if (checkPrice && (p.price < filters.price[0] || p.price > filters.price[1])) return false;
    if (filters.rating !== null && (Number(p.rating) || 0) < filters.rating) return false;
    return true;
  });
}

/** The distinct subcategories of a result set, in first-seen order. */
export function subcategoriesOf(products: readonly Pick<Product, 'subCatId' | 'subCatName'>[]): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const p of products) if (p.subCatId && !seen.has(p.subCatId)) seen.set(p.subCatId, p.subCatName || 'Other');
  return [...seen].map(([id, name]) => ({ id, name }));
}
