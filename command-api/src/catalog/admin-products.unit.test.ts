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
    expect(detailsFromForm(form, { rating: 4.5, countInStock: 7 })).toEqual({ ...form, discount: 25, rating: 4.5, countInStock: 7, variants: [] });
  });

  it('given variants, a listed variant keeps its opening stock, a new one takes the form\'s, and the product holds their sum', () => {
    const laptop = { ...form, productRam: ['8GB', '16GB'] };
    const variants = [
      { sku: 'LAP-8GB', options: { productRam: '8GB' }, price: 750, countInStock: 50 },
      { sku: 'LAP-16GB', options: { productRam: '16GB' }, price: 900, countInStock: 4 },
    ];
    const kept = { rating: 0, countInStock: 5, variants: [{ sku: 'LAP-8GB', options: { productRam: '8GB' }, price: 700, countInStock: 5 }] };
    const details = detailsFromForm({ ...laptop, variants }, kept);
    expect(details.variants).toEqual([{ ...variants[0], countInStock: 5 }, variants[1]]);
    expect(details.countInStock).toBe(9);
  });

  it('refuses variants that do not match the option lists, repeat a combination or share a SKU', () => {
    const laptop = { ...form, productRam: ['8GB', '16GB'] };
    const v = (sku: string, productRam: string) => ({ sku, options: { productRam }, price: 750, countInStock: 1 });
    const kept = { rating: 0, countInStock: 0 };
    expect(() => detailsFromForm({ ...laptop, variants: [v('A', '12GB')] }, kept)).toThrow(/one of the product's RAM options/);
    expect(() => detailsFromForm({ ...laptop, variants: [v('A', '8GB'), v('B', '8GB')] }, kept)).toThrow(/Two variants are both RAM: 8GB/);
    expect(() => detailsFromForm({ ...laptop, variants: [v('A', '8GB'), v('a', '16GB')] }, kept)).toThrow(/SKU a is used by two variants/);
    expect(() => detailsFromForm({ ...form, variants: [v('A', '8GB')] }, kept)).toThrow(/Variants need options/);
  });
});
