import { CATALOG_STOCK_COUNTER } from '@shop/contracts';
import type { CollectionSpec } from '@shop/platform';

/** Read-model collections of the catalog, with the indexes its routes query by. */
export const CATALOG = { products: 'products', categories: 'categories', banners: 'banners', stockChanges: 'stockChanges' } as const;

/**
 * Change counters of the catalog (`DocumentStore.changeVersion`). A product's stock moving (every
 * checkout) changes no listing's members or order, only that product's documents, so it raises
 * `stock` instead of the products' counter, and `stockChanges` says which products moved: reply
 * caches then retire only the replies that hold them (see read-api's catalog cache).
 */
export const CATALOG_COUNTERS = {
  /** Everything but stock: listings' members and order, product details, categories, banners. */
  catalog: [CATALOG.products, CATALOG.categories, CATALOG.banners],
  stock: CATALOG_STOCK_COUNTER,
} as const;

/** How many stock changes `stockChanges` keeps; a reader further behind starts afresh. */
export const STOCK_CHANGES_KEPT = 4096;

/** One stock change (`seq` counts them), or under `_id: 'head'` the last `seq` written. */
export interface StockChangeDoc {
  _id: string;
  seq: number;
  productId?: string;
}

export const catalogCollections: CollectionSpec[] = [
  {
    name: CATALOG.products,
    // Every listing sorts newest first (dateCreated, then _id); ending each index with those keys
    // lets a page be read, counted and sorted from the index alone.
    indexes: [
      ['dateCreated', '_id'],
      ['catId', 'dateCreated', '_id'],
      ['subCatId', 'dateCreated', '_id'],
      ['catName', 'dateCreated', '_id'],
      ['isFeatured', 'dateCreated', '_id'],
      ['catId', 'price', 'dateCreated', '_id'],
      ['subCatId', 'price', 'dateCreated', '_id'],
      ['catId', 'rating', 'dateCreated', '_id'],
      ['subCatId', 'rating', 'dateCreated', '_id'],
      // The listing sort menu (?sort=, read-api/src/catalog/query.ts): price and rating above,
      // biggest discount here, and each sort over the whole catalog.
      ['catId', 'discount', 'dateCreated', '_id'],
      ['subCatId', 'discount', 'dateCreated', '_id'],
      ['price', 'dateCreated', '_id'],
      ['rating', 'dateCreated', '_id'],
      ['discount', 'dateCreated', '_id'],
    ],
    textFields: ['name', 'brand', 'catName'],
  },
  { name: CATALOG.categories, indexes: [['dateCreated']] },
  { name: CATALOG.banners, indexes: [['kind', 'dateCreated']] },
  { name: CATALOG.stockChanges, indexes: [['seq']] },
];
