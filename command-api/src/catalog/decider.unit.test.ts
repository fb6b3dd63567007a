import { describe, expect, it } from 'vitest';
import { given, givenState } from '../shared/given-when-then.ts';
import { newId, type ProductDetails } from '@shop/contracts';
import { DomainError } from '../shared/decider.ts';
import { bannerStream, categoryStream, categoryOrderStream, productStream } from './decider.ts';

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
    const events = given(categoryStream).when({ type: 'CreateCategory', categoryId: catId, name: 'Gifts', color: '#fff', images: [] });
    expect(events).toEqual([created]);
  });

  it('given a category, when created again, then refused', () => {
    const state = given(categoryStream, [created]).state;
    expect(() => givenState(categoryStream, state).when({ type: 'CreateCategory', categoryId: catId, name: 'Gifts', color: '#fff', images: [] })).toThrow(DomainError);
  });

  it('given a subcategory, when the same id is added again, then nothing happens; a new id with the same name is refused', () => {
    const added = { type: 'SubcategoryAdded' as const, data: { categoryId: catId, subcategoryId: subId, name: 'Lamps' } };
    const state = given(categoryStream, [created, added]).state;
    expect(givenState(categoryStream, state).when({ type: 'AddSubcategory', categoryId: catId, subcategoryId: subId, name: 'Lamps' })).toEqual([]);
    expect(() => givenState(categoryStream, state).when({ type: 'AddSubcategory', categoryId: catId, subcategoryId: newId(), name: 'lamps' })).toThrow(/already exists/);
  });

  it('given a category, when revised in part, then CategoryRevised holds the whole category; the same values are a no-op', () => {
    const state = given(categoryStream, [created]).state;
    expect(givenState(categoryStream, state).when({ type: 'ReviseCategory', categoryId: catId, color: '#000' })).toEqual([
      { type: 'CategoryRevised', data: { categoryId: catId, name: 'Gifts', color: '#000', images: [] } },
    ]);
    expect(givenState(categoryStream, state).when({ type: 'ReviseCategory', categoryId: catId, name: 'Gifts', images: [] })).toEqual([]);
    expect(() => given(categoryStream).when({ type: 'ReviseCategory', categoryId: catId, name: 'X' })).toThrow(/not found/);
  });

  it('given subcategories, when one is renamed, then SubcategoryRenamed; a sibling\'s name is refused, its own name is a no-op', () => {
    const other = newId();
    const state = given(categoryStream, [
      created,
      { type: 'SubcategoryAdded' as const, data: { categoryId: catId, subcategoryId: subId, name: 'Lamps' } },
      { type: 'SubcategoryAdded' as const, data: { categoryId: catId, subcategoryId: other, name: 'Bells' } },
    ]).state;
    expect(givenState(categoryStream, state).when({ type: 'RenameSubcategory', categoryId: catId, subcategoryId: subId, name: 'Diyas' })).toEqual([
      { type: 'SubcategoryRenamed', data: { categoryId: catId, subcategoryId: subId, name: 'Diyas' } },
    ]);
    expect(() => givenState(categoryStream, state).when({ type: 'RenameSubcategory', categoryId: catId, subcategoryId: subId, name: 'bells' })).toThrow(/already exists/);
    expect(givenState(categoryStream, state).when({ type: 'RenameSubcategory', categoryId: catId, subcategoryId: subId, name: 'Lamps' })).toEqual([]);
    expect(() => givenState(categoryStream, state).when({ type: 'RenameSubcategory', categoryId: catId, subcategoryId: newId(), name: 'New' })).toThrow(/not found/);
    // After a rename the old name is free again.
    const renamed = given(categoryStream, [created, { type: 'SubcategoryAdded' as const, data: { categoryId: catId, subcategoryId: subId, name: 'Lamps' } }, { type: 'SubcategoryRenamed' as const, data: { categoryId: catId, subcategoryId: subId, name: 'Diyas' } }]).state;
    expect(givenState(categoryStream, renamed).when({ type: 'AddSubcategory', categoryId: catId, subcategoryId: newId(), name: 'Lamps' })).toHaveLength(1);
  });

  it('given no category, when a subcategory is added, then not found', () => {
    expect(() => given(categoryStream).when({ type: 'AddSubcategory', categoryId: catId, subcategoryId: subId, name: 'Lamps' })).toThrow(/not found/);
  });
});

describe('product decider', () => {
  const productId = newId();
  const listed = { type: 'ProductListed' as const, data: { productId, listedAt: '2025-05-01T00:00:00.000Z', ...details } };

  it('lists a new product once', () => {
    const command = { type: 'ListProduct' as const, productId, details, listedAt: '2025-05-01T00:00:00.000Z' };
    expect(given(productStream).when(command)).toEqual([listed]);
    expect(() => given(productStream, [listed]).when(command)).toThrow(/already listed/);
  });

  it('revises only when something changed', () => {
    const state = given(productStream, [listed]).state;
    expect(givenState(productStream, state).when({ type: 'ReviseProduct', productId, details })).toEqual([]);
    const cheaper = { ...details, price: 799 };
    expect(givenState(productStream, state).when({ type: 'ReviseProduct', productId, details: cheaper })).toEqual([
      { type: 'ProductRevised', data: { productId, ...cheaper } },
    ]);
  });

  const unpublished = { type: 'ProductUnpublished' as const, data: { productId } };
  const published = { type: 'ProductPublished' as const, data: { productId } };

  it('given a listed product, when unpublished, then ProductUnpublished; unpublishing again is a no-op', () => {
    const state = given(productStream, [listed]).state;
    expect(givenState(productStream, state).when({ type: 'UnpublishProduct', productId })).toEqual([unpublished]);
    expect(given(productStream, [listed, unpublished]).when({ type: 'UnpublishProduct', productId })).toEqual([]);
  });

  it('given an unpublished product, when published, then ProductPublished; a product on sale publishes to nothing', () => {
    expect(given(productStream, [listed, unpublished]).when({ type: 'PublishProduct', productId })).toEqual([published]);
    expect(given(productStream, [listed]).when({ type: 'PublishProduct', productId })).toEqual([]);
    expect(given(productStream, [listed, unpublished, published]).when({ type: 'PublishProduct', productId })).toEqual([]);
  });

  it('given an unpublished product, when revised, then it stays unpublished', () => {
    const cheaper = { ...details, price: 799 };
    const state = given(productStream, [listed, unpublished, { type: 'ProductRevised' as const, data: { productId, ...cheaper } }]).state;
    expect(state).toMatchObject({ published: false, details: cheaper });
  });

  it('given nothing, when listed as a draft, then listed and unpublished in one append; publishing puts it on sale', () => {
    const draft = { type: 'ListProduct' as const, productId, details, listedAt: '2025-05-01T00:00:00.000Z', draft: true };
    expect(given(productStream).when(draft)).toEqual([listed, unpublished]);
    expect(given(productStream, [listed, unpublished]).state.published).toBe(false);
    expect(given(productStream, [listed, unpublished]).when({ type: 'PublishProduct', productId })).toEqual([published]);
  });

  it('given nothing, when unpublished or published, then not found', () => {
    expect(() => given(productStream).when({ type: 'UnpublishProduct', productId })).toThrow(/not found/);
    expect(() => given(productStream).when({ type: 'PublishProduct', productId })).toThrow(/not found/);
  });
});

describe('banner decider', () => {
  it('publishes once; publishing again is a no-op', () => {
    const command = { type: 'PublishBanner' as const, bannerId: newId(), kind: 'home' as const, images: ['/b.svg'], catId, subCatId: null };
    const events = given(bannerStream).when(command);
    expect(events).toHaveLength(1);
    expect(given(bannerStream, events).when(command)).toEqual([]);
  });
});

describe('category order decider', () => {
  const a = newId();
  const b = newId();

  it('given no order, when reordered, then CategoriesReordered; the same order again is a no-op', () => {
    const events = given(categoryOrderStream).when({ type: 'ReorderCategories', ids: [b, a] });
    expect(events).toEqual([{ type: 'CategoriesReordered', data: { ids: [b, a] } }]);
    expect(given(categoryOrderStream, events).when({ type: 'ReorderCategories', ids: [b, a] })).toEqual([]);
    expect(given(categoryOrderStream, events).when({ type: 'ReorderCategories', ids: [a, b] })).toHaveLength(1);
  });

  it('refuses an order naming a category twice', () => {
    expect(() => given(categoryOrderStream).when({ type: 'ReorderCategories', ids: [a, b, a] })).toThrow(/once/);
  });
});

describe('banner revisions and withdrawal', () => {
  const bannerId = newId();
  const published = { type: 'BannerPublished' as const, data: { bannerId, kind: 'home' as const, images: ['/b.svg'], catId, subCatId: null } };

  it('given a banner, when revised, then BannerRevised; the same fields are a no-op', () => {
    const state = given(bannerStream, [published]).state;
    const revise = { type: 'ReviseBanner' as const, bannerId, kind: 'side' as const, images: ['/b.svg'], catId, subCatId: subId };
    expect(givenState(bannerStream, state).when(revise)).toEqual([{ type: 'BannerRevised', data: { bannerId, kind: 'side', images: ['/b.svg'], catId, subCatId: subId } }]);
    expect(givenState(bannerStream, state).when({ ...revise, kind: 'home', subCatId: null })).toEqual([]);
  });

  it('given a banner, when withdrawn, then BannerWithdrawn once; a withdrawn banner cannot be revised', () => {
    const withdrawn = given(bannerStream, [published, { type: 'BannerWithdrawn' as const, data: { bannerId } }]).state;
    expect(given(bannerStream, [published]).when({ type: 'WithdrawBanner', bannerId })).toEqual([{ type: 'BannerWithdrawn', data: { bannerId } }]);
    expect(givenState(bannerStream, withdrawn).when({ type: 'WithdrawBanner', bannerId })).toEqual([]);
    expect(() => givenState(bannerStream, withdrawn).when({ type: 'ReviseBanner', bannerId, kind: 'home', images: ['/c.svg'], catId: null, subCatId: null })).toThrow(/not found/);
    expect(() => given(bannerStream).when({ type: 'WithdrawBanner', bannerId })).toThrow(/not found/);
  });
});
