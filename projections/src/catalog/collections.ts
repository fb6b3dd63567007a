import { CATALOG } from '@shop/contracts';
import type { CollectionSpec } from '@shop/platform';

/** The catalog's collections (named in @shop/contracts) with the indexes its routes query by. */
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
  { name: CATALOG.unpublishedProducts, indexes: [['catId'], ['subCatId']] },
  { name: CATALOG.categoryOrder },
  {
    name: CATALOG.adminProducts,
    // The back office's list: newest first, by category and/or on-sale state, or by name and brand.
    indexes: [
      ['dateCreated', '_id'],
      ['catId', 'dateCreated', '_id'],
      ['published', 'dateCreated', '_id'],
      ['catId', 'published', 'dateCreated', '_id'],
    ],
    textFields: ['name', 'brand'],
  },
];
