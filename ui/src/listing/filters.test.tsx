import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INITIAL_PRICE_RANGE } from '../shared/constants.ts';
import { makeProduct, renderWithShop, stubApi } from '../test/render.tsx';
import { ALL_SUBCATEGORIES, FilterSidebar } from './FilterSidebar.tsx';
import { applyFilters, clampPriceRange, listingQuery, NO_FILTERS, priceFilterActive, sortFromUrl, subcategoriesOf } from './filters.ts';
import ListingPage from './ListingPage.tsx';

const products = [
  makeProduct({ id: 'a', subCatId: 's1', subCatName: 'Mobiles', price: 100, rating: 5 }),
  makeProduct({ id: 'b', subCatId: 's1', subCatName: 'Mobiles', price: 15000, rating: 3.5 }),
  makeProduct({ id: 'c', subCatId: 's2', subCatName: 'Laptops', price: 60000, rating: 4 }),
  makeProduct({ id: 'd', subCatId: 's2', subCatName: 'Laptops', price: 75000, rating: 4.5 }),
];
const ids = (list: { id: string }[]) => list.map((p) => p.id);

describe('client-side filters (search results)', () => {
  it('keeps everything with no filter, including prices above the slider', () => {
    expect(ids(applyFilters(products, NO_FILTERS))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('filters by subcategory', () => {
    expect(ids(applyFilters(products, { ...NO_FILTERS, subCatId: 's2' }))).toEqual(['c', 'd']);
  });

  it('filters by price, inclusive at both ends', () => {
    expect(ids(applyFilters(products, { ...NO_FILTERS, price: [100, 60000] }))).toEqual(['a', 'b', 'c']);
    expect(ids(applyFilters(products, { ...NO_FILTERS, price: [200, 59995] }))).toEqual(['b']);
  });

  it('filters by minimum rating, half stars included', () => {
    expect(ids(applyFilters(products, { ...NO_FILTERS, rating: 4 }))).toEqual(['a', 'c', 'd']);
    expect(ids(applyFilters(products, { ...NO_FILTERS, rating: 5 }))).toEqual(['a']);
  });

  it('combines the three', () => {
    expect(ids(applyFilters(products, { subCatId: 's1', price: [100, 20000], rating: 4 }))).toEqual(['a']);
  });

  it('lists the distinct subcategories of a result set', () => {
    expect(subcategoriesOf(products)).toEqual([
      { id: 's1', name: 'Mobiles' },
      { id: 's2', name: 'Laptops' },
    ]);
  });
});

describe('listing query (server-side filters)', () => {
  it('asks for the category, page and per-page, without price or rating by default', () => {
    expect(listingQuery({ kind: 'category', id: 'c1' }, { price: INITIAL_PRICE_RANGE, rating: null }, 1, 10, 'All')).toEqual({ catId: 'c1', page: 1, perPage: 10, location: 'All' });
  });

  it('adds the price range once moved and the rating once chosen', () => {
    expect(listingQuery({ kind: 'subCat', id: 's9' }, { price: [500, 2000], rating: 4 }, 2, 20, 'IN')).toEqual({
      subCatId: 's9',
      page: 2,
      perPage: 20,
      location: 'IN',
      minPrice: 500,
      maxPrice: 2000,
      rating: 4,
    });
  });

  it('treats the initial 100–100000 range as no price filter and clamps slider values to 100–60000 on 5s', () => {
    expect(priceFilterActive(INITIAL_PRICE_RANGE)).toBe(false);
    expect(priceFilterActive([100, 60000])).toBe(true);
    expect(clampPriceRange([50, 70000])).toEqual([100, 60000]);
    expect(clampPriceRange([1003, 1502])).toEqual([1005, 1500]);
    expect(clampPriceRange([900, 300])).toEqual([300, 900]);
  });
});

describe('FilterSidebar', () => {
  it('offers 5 to 1 star filters and reports the subcategory and rating choices', () => {
    const onRating = vi.fn();
    const onSubCat = vi.fn();
    renderWithShop(
      <FilterSidebar
        subcategories={[
          { id: 's1', name: 'Mobiles' },
          { id: 's2', name: 'Laptops' },
        ]}
        subCatId={ALL_SUBCATEGORIES}
        allLabel="All Electronics"
        onSubCat={onSubCat}
        price={INITIAL_PRICE_RANGE}
        onPrice={vi.fn()}
        rating={null}
        onRating={onRating}
      />,
    );
    expect(screen.getAllByTestId(/^rating-filter-/).map((el) => el.dataset.testid)).toEqual(['rating-filter-5', 'rating-filter-4', 'rating-filter-3', 'rating-filter-2', 'rating-filter-1']);
    fireEvent.click(screen.getByTestId('rating-filter-4'));
    expect(onRating).toHaveBeenCalledWith(4);
    fireEvent.click(screen.getByRole('radio', { name: 'Laptops' }));
    expect(onSubCat).toHaveBeenCalledWith('s2');
    expect(screen.getByRole('slider', { name: 'Minimum price' })).toHaveAttribute('aria-valuemin', '100');
    expect(screen.getByRole('slider', { name: 'Maximum price' })).toHaveAttribute('aria-valuemax', '60000');
    expect(screen.getByRole('slider', { name: 'Minimum price' })).toHaveAttribute('step', '5');
  });
});

describe('Listing sort menu', () => {
  it('starts from ?sort= in the URL, asks the server for that order, and keeps a new choice in the URL', async () => {
    const calls = stubApi({ '/api/products': { products: [makeProduct()], totalPages: 1, page: 1 }, '/api/category': { categoryList: [] } });
    renderWithShop(<ListingPage kind="category" />, { route: '/products/category/c1?sort=price-asc' });
    await waitFor(() => expect(calls.some((c) => c.startsWith('/api/products?') && c.includes('sort=price-asc'))).toBe(true));
    expect(screen.getByTestId('sort-menu')).toHaveTextContent('Sort: Price: low to high');
    fireEvent.click(screen.getByTestId('sort-menu'));
    fireEvent.click(await screen.findByTestId('sort-option-price-desc'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/products/category/c1?sort=price-desc'));
    await waitFor(() => expect(calls.some((c) => c.includes('sort=price-desc'))).toBe(true));
    fireEvent.click(screen.getByTestId('sort-menu'));
    fireEvent.click(await screen.findByTestId('sort-option-newest'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent(/^\/products\/category\/c1$/));
  });

  it('falls back to newest for an unknown sort and does not send the default', () => {
    expect(sortFromUrl('cheapest')).toBe('newest');
    expect(listingQuery({ kind: 'subCat', id: 's1' }, NO_FILTERS, 1, 10, 'All')).not.toHaveProperty('sort');
    expect(listingQuery({ kind: 'subCat', id: 's1' }, NO_FILTERS, 1, 10, 'All', 'discount')).toMatchObject({ sort: 'discount' });
  });
});
