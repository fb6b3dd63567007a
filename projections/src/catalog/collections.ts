import type { CollectionSpec } from '@shop/platform';

/** Read-model collections of the catalog, with the indexes its routes query by. */
export const CATALOG = { products: 'products', categories: 'categories', banners: 'banners' } as const;

export const catalogCollections: CollectionSpec[] = [
  {
    name: CATALOG.products,
    indexes: [
      ['dateCreated'],
      ['catId', 'dateCreated'],
      ['subCatId', 'dateCreated'],
      ['catName', 'dateCreated'],
      ['isFeatured', 'dateCreated'],
      ['catId', 'price'],
      ['subCatId', 'price'],
      ['catId', 'rating'],
      ['subCatId', 'rating'],
    ],
    textFields: ['name', 'brand', 'catName'],
  },
  { name: CATALOG.categories, indexes: [['dateCreated']] },
  { name: CATALOG.banners, indexes: [['kind', 'dateCreated']] },
];
