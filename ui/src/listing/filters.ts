import type { ListingSort, Product, ProductQuery } from '../api/types.ts';
import { INITIAL_PRICE_RANGE, PRICE_SLIDER } from '../shared/constants.ts';

export type PriceRange = readonly [number, number];

/**
 * The sort menu of listings, newest first (the original's order) by default; kept in the URL as
 * `?sort=`.
 */
export const SORT_OPTIONS: readonly { value: ListingSort; label: string }[] = [
  { value: 'newest', label: 'Newest' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
  { value: 'rating', label: 'Top rated' },
  { value: 'discount', label: 'Biggest discount' },
];
export const DEFAULT_SORT: ListingSort = 'newest';

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
