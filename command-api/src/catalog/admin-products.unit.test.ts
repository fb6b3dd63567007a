import { describe, expect, it } from 'vitest';
import { newId, type AdminProductInput } from '@shop/contracts';
import { detailsFromForm, discountOf } from './admin-products.ts';

const form: AdminProductInput = {
  name: 'Brass Diya Set',
  brand: 'Deepam',
  description: 'Hand-polished brass lamps.',
  images: ['/images/x.svg'],
  price: 750,
  oldPrice: 1000,
  countInStock: 99,
  isFeatured: false,
  catId: newId(),
  subCatId: newId(),
  productRam: [],
  size: [],
  productWeight: [],
  location: [{ value: 'All', label: 'All' }],
};

describe('admin product form', () => {
  it('derives the discount from price and old price, in whole percent; none without a higher old price', () => {
    expect(discountOf(750, 1000)).toBe(25);
    expect(discountOf(799, 999)).toBe(20);
    expect(discountOf(1000, 1000)).toBe(0);
    expect(discountOf(1000, 0)).toBe(0);
    expect(discountOf(1200, 1000)).toBe(0);
  });

  it("given kept rating and stock, when the form is turned into details, then the form's stock is ignored", () => {
    expect(detailsFromForm(form, { rating: 4.5, countInStock: 7 })).toEqual({ ...form, discount: 25, rating: 4.5, countInStock: 7 });
  });
});
