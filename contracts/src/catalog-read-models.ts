import type { BannerKind, Location } from './catalog-events.ts';
import type { ProductVariant } from './product-variants.ts';

/** Every document the API serves carries both `_id` and `id` (the same string). */
export interface Identified {
  _id: string;
  id: string;
}

export interface ProductDoc extends Identified {
  name: string;
  brand: string;
  description: string;
  images: string[];
  price: number;
  oldPrice: number;
  discount: number;
  rating: number;
  numReviews: number;
  countInStock: number;
  isFeatured: boolean;
  catId: string;
  catName: string;
  subCatId: string;
  subCatName: string;
  subCat: string;
  productRam: string[];
  size: string[];
  productWeight: string[];
  /** Each variant with what is left of its stock (empty for a product without options); countInStock is their sum. */
  variants?: ProductVariant[];
  location: Location[];
  /** Location codes alone, so the store can filter on them with an index-friendly list. */
  locationCodes: string[];
  dateCreated: string;
  /** Used by the original client for recently viewed items. */
  prodId: string;
}

export interface SubcategoryDoc extends Identified {
  name: string;
  parentId: string;
}

export interface CategoryDoc extends Identified {
  name: string;
  color: string;
  images: string[];
  children: SubcategoryDoc[];
  dateCreated: string;
}

export interface BannerDoc extends Identified {
  kind: BannerKind;
  images: string[];
  catId: string | null;
  catName: string | null;
  subCatId: string | null;
  subCatName: string | null;
  dateCreated: string;
}

export interface CountryDoc {
  country: string;
  iso2: string;
}

export interface ProductPage {
  products: ProductDoc[];
  totalPages: number;
  page: number;
}

/** How many stock changes `stockChanges` keeps; a reader further behind starts afresh. */
export const STOCK_CHANGES_KEPT = 4096;

/** One stock change (`seq` counts them), or under `_id: 'head'` the last `seq` written. */
export interface StockChangeDoc {
  _id: string;
  seq: number;
  productId?: string;
}

/**
 * The back office's product list entry (`adminProducts`): what it filters, searches and sorts
 * by. The row's figures (price, stock) are read from the product's own document, so stock moves
 * never touch this collection.
 */
export interface AdminProductEntryDoc {
  _id: string;
  name: string;
  brand: string;
  catId: string;
  /** 1 on sale, 0 unpublished (a number, so it indexes and filters alike on every read store). */
  published: 0 | 1;
  dateCreated: string;
}

/** The storefront's category order (`categoryOrder`, one document): these ids first, in order. */
export interface CategoryOrderDoc {
  _id: string;
  ids: string[];
}
