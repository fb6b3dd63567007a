import { z } from 'zod';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, idSchema } from '@shop/contracts';
import type { ListingSortName } from '@shop/contracts/listing-address';
import type { Filter, SortSpec } from '@shop/platform';

/**
 * The listing sort menu, as `?sort=`: newest first (the original's order, the default), price low
 * to high or high to low, best rated, biggest discount. Each ends with the listing's tie-break in
 * the same direction as its first key, so the catalog's indexes (projections/src/catalog/
 * collections.ts) give the order without sorting (price low to high shows the older of two equal
 * prices first).
 */
export const LISTING_SORTS = {
  newest: [['dateCreated', -1], ['_id', -1]],
  'price-asc': [['price', 1], ['dateCreated', 1], ['_id', 1]],
  'price-desc': [['price', -1], ['dateCreated', -1], ['_id', -1]],
  rating: [['rating', -1], ['dateCreated', -1], ['_id', -1]],
  discount: [['discount', -1], ['dateCreated', -1], ['_id', -1]],
} as const satisfies Record<ListingSortName, SortSpec>;
export type ListingSort = keyof typeof LISTING_SORTS;
const sortNames = Object.keys(LISTING_SORTS) as [ListingSort, ...ListingSort[]];

const positiveInt = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be at least 1`);
/**
 * Listing URLs now carry the page and the price range the shopper chose (shared, bookmarked,
 * edited by hand): bounded, so no URL asks the store to skip or compare past what a catalog holds.
 */
const MAX_PAGE = 100_000;
/** Rs 10 crore: above any product, and above the 10 lakh an original client sends as "no maximum". */
const MAX_PRICE = 100_000_000;
const price = (name: string) =>
  z.coerce.number({ error: `${name} must be a number` }).min(0, `${name} must not be negative`).max(MAX_PRICE, `${name} must be at most ${MAX_PRICE}`);

/** The filters every listing route understands, all optional. Unknown fields are ignored. */
export const listingQuery = z.object({
  page: positiveInt('page').max(MAX_PAGE, `page must be at most ${MAX_PAGE}`).optional(),
  perPage: positiveInt('perPage').max(MAX_PER_PAGE, `perPage must be at most ${MAX_PER_PAGE}`).optional(),
  catId: idSchema.optional(),
  subCatId: idSchema.optional(),
  catName: z.string().trim().min(1).max(80).optional(),
  minPrice: price('minPrice').optional(),
  maxPrice: price('maxPrice').optional(),
  rating: z.coerce.number({ error: 'rating must be a number' }).min(0).max(5, 'rating must be between 1 and 5').optional(),
  location: z
    .string()
    .regex(/^(All|[A-Za-z]{2})$/, 'location must be a two-letter country code or All')
    .optional(),
  sort: z.enum(sortNames, { error: `sort must be one of ${sortNames.join(', ')}` }).optional(),
});
export type ListingQuery = z.infer<typeof listingQuery>;

/**
 * The original client sends some listing URLs with a stray closing brace (`?catId=abc}`) and
 * repeats parameters; take the first value and drop the brace rather than failing the page.
 */
export function normaliseQuery(query: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value === undefined || value === '' || value === 'undefined' || value === 'null') continue;
    out[key.replace(/}$/, '')] = value.replace(/}$/, '');
  }
  return out;
}

/** Products sold in a country are those listed for it and those listed for All. */
export function locationFilter(location: string | undefined): Filter {
  if (!location || location === 'All') return {};
  return { locationCodes: { $contains: [location.toUpperCase(), 'All'] } };
}

export function productFilter(q: ListingQuery): Filter {
  const filter: Filter = { ...locationFilter(q.location) };
  if (q.catId) filter.catId = q.catId;
  if (q.subCatId) filter.subCatId = q.subCatId;
  if (q.catName) filter.catName = q.catName;
  if (q.minPrice !== undefined || q.maxPrice !== undefined) {
    filter.price = {
      ...(q.minPrice !== undefined ? { $gte: q.minPrice } : {}),
      ...(q.maxPrice !== undefined ? { $lte: q.maxPrice } : {}),
    };
  }
  // "4 stars" in the filter means four stars and up, so half-star ratings are not lost.
  if (q.rating !== undefined) filter.rating = { $gte: q.rating };
  return filter;
}

export function sortOf(q: ListingQuery): SortSpec {
  return LISTING_SORTS[q.sort ?? 'newest'];
}

export function pageOf(q: ListingQuery, defaultPerPage = DEFAULT_PER_PAGE) {
  const page = q.page ?? 1;
  const perPage = q.perPage ?? defaultPerPage;
  return { page, perPage, skip: (page - 1) * perPage };
}
