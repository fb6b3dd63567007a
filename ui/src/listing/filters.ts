import type { ListingSort, Product, ProductQuery } from '../api/types.ts';
import { DEFAULT_PER_PAGE, INITIAL_PRICE_RANGE, PER_PAGE_OPTIONS, PRICE_SLIDER } from '../shared/constants.ts';

export type PriceRange = readonly [number, number];

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

/** Whether the shopper has moved the price slider away from its initial range. */
export function priceFilterActive(price: PriceRange): boolean {
  return price[0] !== INITIAL_PRICE_RANGE[0] || price[1] !== INITIAL_PRICE_RANGE[1];
}

/** A slider value clamped to 100..60000 on the 5-rupee step, low end first. */
export function clampPriceRange(range: readonly number[]): PriceRange {
  const snap = (v: number) => Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, Math.round(v / PRICE_SLIDER.step) * PRICE_SLIDER.step));
  const a = snap(range[0] ?? PRICE_SLIDER.min);
  const b = snap(range[1] ?? PRICE_SLIDER.max);
  return a <= b ? [a, b] : [b, a];
}

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

/** The deepest page an address may name (the server refuses past it too). */
const MAX_PAGE = 100_000;
const WHOLE = /^\d{1,9}$/;

/**
 * The filters an address names. Anything hand-edited, out of range or malformed reads as no
 * filter (or page 1) rather than an error page; a price is clamped to the slider's range and a
 * reversed range put in order.
 */
export function filtersFromUrl<S extends string>(params: URLSearchParams, sorts: SortOptions<S>): AddressFilters<S> {
  const whole = (key: string) => {
    const raw = params.get(key);
    return raw !== null && WHOLE.test(raw) ? Number(raw) : null;
  };
  const min = whole('minPrice');
  const max = whole('maxPrice');
  const stars = whole('rating');
  const page = whole('page');
  const perPage = whole('perPage');
  const subCat = params.get('subCat');
  return {
    subCatId: subCat && /^[\w-]{1,64}$/.test(subCat) ? subCat : null,
    price: min === null && max === null ? INITIAL_PRICE_RANGE : clampPriceRange([min ?? PRICE_SLIDER.min, max ?? PRICE_SLIDER.max]),
    rating: stars !== null && stars >= 1 && stars <= 5 ? stars : null,
    sort: sorts.find((option) => option.value === params.get('sort'))?.value ?? sorts[0].value,
    page: page !== null && page >= 1 && page <= MAX_PAGE ? page : 1,
    perPage: PER_PAGE_OPTIONS.find((n) => n === perPage) ?? DEFAULT_PER_PAGE,
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

export type ListingRoute = { kind: 'category' | 'subCat'; id: string };

/** The GET /api/products query for a listing route, its filters, page and sort. Newest first is the server's order. */
export function listingQuery(route: ListingRoute, filters: Omit<ListingFilters, 'subCatId'>, page: number, perPage: number, location: string, sort: ListingSort = DEFAULT_SORT): ProductQuery {
  const query: ProductQuery = { page, perPage, location };
  // The default is not spelled, so the first page's query matches the boot prefetch's.
  if (sort !== DEFAULT_SORT) query.sort = sort;
  if (route.kind === 'category') query.catId = route.id;
  else query.subCatId = route.id;
  if (priceFilterActive(filters.price)) {
    query.minPrice = filters.price[0];
    query.maxPrice = filters.price[1];
  }
  if (filters.rating !== null) query.rating = filters.rating;
  return query;
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
