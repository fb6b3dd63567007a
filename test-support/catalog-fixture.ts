import { newId } from '@shop/contracts';
import type { CatalogFile } from '@shop/command-api';

/** A tiny catalog with known values, for tests that need exact answers. */
export function smallCatalog() {
  const ids = {
    fashion: newId(),
    electronics: newId(),
    shirts: newId(),
    shoes: newId(),
    phones: newId(),
    watch: newId(),
    shirt: newId(),
    phone: newId(),
    sneaker: newId(),
  };
  const base = {
    description: 'A well made thing.',
    images: ['/images/seed/product/a.svg', '/images/seed/product/b.svg'],
    oldPrice: 0,
    discount: 0,
    rating: 4,
    isFeatured: false,
    productRam: [],
    size: [],
    productWeight: [],
    location: [{ value: 'All', label: 'All' }],
  };
  const file: CatalogFile = {
    categories: [
      { id: ids.fashion, name: 'Fashion', color: '#fce4ec', images: [], subcategories: [{ id: ids.shirts, name: 'Shirts' }, { id: ids.shoes, name: 'Shoes' }] },
      { id: ids.electronics, name: 'Electronics', color: '#e3f2fd', images: [], subcategories: [{ id: ids.phones, name: 'Phones' }] },
    ],
    products: [
      { ...base, id: ids.shirt, name: 'Cotton Shirt', brand: 'Weave', price: 799, oldPrice: 999, discount: 20, countInStock: 10, catId: ids.fashion, subCatId: ids.shirts, size: ['S', 'M'], dateCreated: '2025-01-01T00:00:00.000Z' },
      { ...base, id: ids.sneaker, name: 'Running Sneaker', brand: 'Stride', price: 2499, countInStock: 0, rating: 4.5, catId: ids.fashion, subCatId: ids.shoes, isFeatured: true, dateCreated: '2025-02-01T00:00:00.000Z', location: [{ value: 'IN', label: 'India' }] },
      { ...base, id: ids.watch, name: 'Silver Watch', brand: 'Chrono', price: 5999, countInStock: 3, rating: 3, catId: ids.fashion, subCatId: ids.shirts, dateCreated: '2025-03-01T00:00:00.000Z', location: [{ value: 'US', label: 'United States' }] },
      { ...base, id: ids.phone, name: 'Nova Phone', brand: 'Nova', price: 19999, countInStock: 7, rating: 5, catId: ids.electronics, subCatId: ids.phones, isFeatured: true, productRam: ['6GB', '8GB'], dateCreated: '2025-04-01T00:00:00.000Z' },
    ],
    banners: [
      { id: newId(), kind: 'home', images: ['/images/seed/banner/home-1.svg'], catId: ids.fashion, subCatId: null },
      { id: newId(), kind: 'side', images: ['/images/seed/banner/side-1.svg'], catId: ids.electronics, subCatId: ids.phones },
    ],
  };
  return { ...file, ids };
}
