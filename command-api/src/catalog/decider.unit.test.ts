import { describe, expect, it } from 'vitest';
import { newId, type ProductDetails } from '@shop/contracts';
import { DomainError, fold } from '../shared/decider.ts';
import { bannerDecider, categoryDecider, categoryOrderDecider, productDecider } from './decider.ts';

const catId = newId();
const subId = newId();
const details: ProductDetails = {
  name: 'Brass Diya Set',
  brand: 'Deepam',
  description: 'Hand-polished brass lamps.',
  images: ['/images/seed/product/x.svg'],
  price: 899,
  oldPrice: 1199,
  discount: 25,
  countInStock: 12,
  rating: 4.5,
  isFeatured: true,
  catId,
  subCatId: subId,
  productRam: [],
  size: [],
  productWeight: [],
  location: [{ value: 'All', label: 'All' }],
};

describe('category decider', () => {
  const created = { type: 'CategoryCreated' as const, data: { categoryId: catId, name: 'Gifts', color: '#fff', images: [] } };

  it('given nothing, when created, then CategoryCreated', () => {
    const events = categoryDecider.decide({ type: 'CreateCategory', categoryId: catId, name: 'Gifts', color: '#fff', images: [] }, categoryDecider.initialState);
    expect(events).toEqual([created]);
  });

  it('given a category, when created again, then refused', () => {
    const state = fold(categoryDecider, [created]);
    expect(() => categoryDecider.decide({ type: 'CreateCategory', categoryId: catId, name: 'Gifts', color: '#fff', images: [] }, state)).toThrow(DomainError);
  });

  it('given a subcategory, when the same id is added again, then nothing happens; a new id with the same name is refused', () => {
    const added = { type: 'SubcategoryAdded' as const, data: { categoryId: catId, subcategoryId: subId, name: 'Lamps' } };
    const state = fold(categoryDecider, [created, added]);
    expect(categoryDecider.decide({ type: 'AddSubcategory', categoryId: catId, subcategoryId: subId, name: 'Lamps' }, state)).toEqual([]);
    expect(() => categoryDecider.decide({ type: 'AddSubcategory', categoryId: catId, subcategoryId: newId(), name: 'lamps' }, state)).toThrow(/already exists/);
  });

  it('given a category, when revised in part, then CategoryRevised holds the whole category; the same values are a no-op', () => {
    const state = fold(categoryDecider, [created]);
    expect(categoryDecider.decide({ type: 'ReviseCategory', categoryId: catId, color: '#000' }, state)).toEqual([
      { type: 'CategoryRevised', data: { categoryId: catId, name: 'Gifts', color: '#000', images: [] } },
    ]);
    expect(categoryDecider.decide({ type: 'ReviseCategory', categoryId: catId, name: 'Gifts', images: [] }, state)).toEqual([]);
    expect(() => categoryDecider.decide({ type: 'ReviseCategory', categoryId: catId, name: 'X' }, categoryDecider.initialState)).toThrow(/not found/);
  });

  it('given subcategories, when one is renamed, then SubcategoryRenamed; a sibling\'s name is refused, its own name is a no-op', () => {
    const other = newId();
    const state = fold(categoryDecider, [
      created,
      { type: 'SubcategoryAdded' as const, data: { categoryId: catId, subcategoryId: subId, name: 'Lamps' } },
      { type: 'SubcategoryAdded' as const, data: { categoryId: catId, subcategoryId: other, name: 'Bells' } },
    ]);
    expect(categoryDecider.decide({ type: 'RenameSubcategory', categoryId: catId, subcategoryId: subId, name: 'Diyas' }, state)).toEqual([
      { type: 'SubcategoryRenamed', data: { categoryId: catId, subcategoryId: subId, name: 'Diyas' } },
    ]);
    expect(() => categoryDecider.decide({ type: 'RenameSubcategory', categoryId: catId, subcategoryId: subId, name: 'bells' }, state)).toThrow(/already exists/);
    expect(categoryDecider.decide({ type: 'RenameSubcategory', categoryId: catId, subcategoryId: subId, name: 'Lamps' }, state)).toEqual([]);
    expect(() => categoryDecider.decide({ type: 'RenameSubcategory', categoryId: catId, subcategoryId: newId(), name: 'New' }, state)).toThrow(/not found/);
    // After a rename the old name is free again.
    const renamed = fold(categoryDecider, [created, { type: 'SubcategoryAdded' as const, data: { categoryId: catId, subcategoryId: subId, name: 'Lamps' } }, { type: 'SubcategoryRenamed' as const, data: { categoryId: catId, subcategoryId: subId, name: 'Diyas' } }]);
    expect(categoryDecider.decide({ type: 'AddSubcategory', categoryId: catId, subcategoryId: newId(), name: 'Lamps' }, renamed)).toHaveLength(1);
  });

  it('given no category, when a subcategory is added, then not found', () => {
    expect(() => categoryDecider.decide({ type: 'AddSubcategory', categoryId: catId, subcategoryId: subId, name: 'Lamps' }, categoryDecider.initialState)).toThrow(/not found/);
  });
});

describe('product decider', () => {
  const productId = newId();
  const listed = { type: 'ProductListed' as const, data: { productId, listedAt: '2025-05-01T00:00:00.000Z', ...details } };

  it('lists a new product once', () => {
    const command = { type: 'ListProduct' as const, productId, details, listedAt: '2025-05-01T00:00:00.000Z' };
    expect(productDecider.decide(command, productDecider.initialState)).toEqual([listed]);
    expect(() => productDecider.decide(command, fold(productDecider, [listed]))).toThrow(/already listed/);
  });

  it('revises only when something changed', () => {
    const state = fold(productDecider, [listed]);
    expect(productDecider.decide({ type: 'ReviseProduct', productId, details }, state)).toEqual([]);
    const cheaper = { ...details, price: 799 };
    expect(productDecider.decide({ type: 'ReviseProduct', productId, details: cheaper }, state)).toEqual([
      { type: 'ProductRevised', data: { productId, ...cheaper } },
    ]);
  });

  const unpublished = { type: 'ProductUnpublished' as const, data: { productId } };
  const published = { type: 'ProductPublished' as const, data: { productId } };

  it('given a listed product, when unpublished, then ProductUnpublished; unpublishing again is a no-op', () => {
    const state = fold(productDecider, [listed]);
    expect(productDecider.decide({ type: 'UnpublishProduct', productId }, state)).toEqual([unpublished]);
    expect(productDecider.decide({ type: 'UnpublishProduct', productId }, fold(productDecider, [listed, unpublished]))).toEqual([]);
  });

  it('given an unpublished product, when published, then ProductPublished; a product on sale publishes to nothing', () => {
    expect(productDecider.decide({ type: 'PublishProduct', productId }, fold(productDecider, [listed, unpublished]))).toEqual([published]);
    expect(productDecider.decide({ type: 'PublishProduct', productId }, fold(productDecider, [listed]))).toEqual([]);
    expect(productDecider.decide({ type: 'PublishProduct', productId }, fold(productDecider, [listed, unpublished, published]))).toEqual([]);
  });

  it('given an unpublished product, when revised, then it stays unpublished', () => {
    const cheaper = { ...details, price: 799 };
    const state = fold(productDecider, [listed, unpublished, { type: 'ProductRevised' as const, data: { productId, ...cheaper } }]);
    expect(state).toMatchObject({ published: false, details: cheaper });
  });

  it('given nothing, when unpublished or published, then not found', () => {
    expect(() => productDecider.decide({ type: 'UnpublishProduct', productId }, productDecider.initialState)).toThrow(/not found/);
    expect(() => productDecider.decide({ type: 'PublishProduct', productId }, productDecider.initialState)).toThrow(/not found/);
  });
});

describe('banner decider', () => {
  it('publishes once; publishing again is a no-op', () => {
    const command = { type: 'PublishBanner' as const, bannerId: newId(), kind: 'home' as const, images: ['/b.svg'], catId, subCatId: null };
    const events = bannerDecider.decide(command, bannerDecider.initialState);
    expect(events).toHaveLength(1);
    expect(bannerDecider.decide(command, fold(bannerDecider, events))).toEqual([]);
  });
});

describe('category order decider', () => {
  const a = newId();
  const b = newId();

  it('given no order, when reordered, then CategoriesReordered; the same order again is a no-op', () => {
    const events = categoryOrderDecider.decide({ type: 'ReorderCategories', ids: [b, a] }, categoryOrderDecider.initialState);
    expect(events).toEqual([{ type: 'CategoriesReordered', data: { ids: [b, a] } }]);
    expect(categoryOrderDecider.decide({ type: 'ReorderCategories', ids: [b, a] }, fold(categoryOrderDecider, events))).toEqual([]);
    expect(categoryOrderDecider.decide({ type: 'ReorderCategories', ids: [a, b] }, fold(categoryOrderDecider, events))).toHaveLength(1);
  });

  it('refuses an order naming a category twice', () => {
    expect(() => categoryOrderDecider.decide({ type: 'ReorderCategories', ids: [a, b, a] }, categoryOrderDecider.initialState)).toThrow(/once/);
  });
});

describe('banner revisions and withdrawal', () => {
  const bannerId = newId();
  const published = { type: 'BannerPublished' as const, data: { bannerId, kind: 'home' as const, images: ['/b.svg'], catId, subCatId: null } };

  it('given a banner, when revised, then BannerRevised; the same fields are a no-op', () => {
    const state = fold(bannerDecider, [published]);
    const revise = { type: 'ReviseBanner' as const, bannerId, kind: 'side' as const, images: ['/b.svg'], catId, subCatId: subId };
    expect(bannerDecider.decide(revise, state)).toEqual([{ type: 'BannerRevised', data: { bannerId, kind: 'side', images: ['/b.svg'], catId, subCatId: subId } }]);
    expect(bannerDecider.decide({ ...revise, kind: 'home', subCatId: null }, state)).toEqual([]);
  });

  it('given a banner, when withdrawn, then BannerWithdrawn once; a withdrawn banner cannot be revised', () => {
    const withdrawn = fold(bannerDecider, [published, { type: 'BannerWithdrawn' as const, data: { bannerId } }]);
    expect(bannerDecider.decide({ type: 'WithdrawBanner', bannerId }, fold(bannerDecider, [published]))).toEqual([{ type: 'BannerWithdrawn', data: { bannerId } }]);
    expect(bannerDecider.decide({ type: 'WithdrawBanner', bannerId }, withdrawn)).toEqual([]);
    expect(() => bannerDecider.decide({ type: 'ReviseBanner', bannerId, kind: 'home', images: ['/c.svg'], catId: null, subCatId: null }, withdrawn)).toThrow(/not found/);
    expect(() => bannerDecider.decide({ type: 'WithdrawBanner', bannerId }, bannerDecider.initialState)).toThrow(/not found/);
  });
});
