import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { INITIAL_PRICE_RANGE } from '../shared/constants.ts';
import { makeProduct, renderWithShop, stubApi } from '../test/render.tsx';
import { ALL_SUBCATEGORIES, FilterSidebar } from './FilterSidebar.tsx';
import {
  applyFilters,
  clampPriceRange,
  filtersFromUrl,
  listingQuery,
  NO_FILTERS,
  priceFilterActive,
  SEARCH_SORT_OPTIONS,
  SORT_OPTIONS,
  sortFromUrl,
  sortProducts,
  subcategoriesOf,
  typedPrice,
  withFilters,
} from './filters.ts';
import ListingPage from './ListingPage.tsx';
import SearchPage from './SearchPage.tsx';
import { useAddressFilters } from './useAddressFilters.ts';

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

describe('filters in the address', () => {
  it('reads price, rating, sort, page and per-page from the address, and anything malformed as no filter', () => {
    const read = (query: string) => filtersFromUrl(new URLSearchParams(query), SORT_OPTIONS);
    expect(read('minPrice=500&maxPrice=2000&rating=4&sort=price-asc&page=3&perPage=20')).toEqual({
      subCatId: null,
      price: [500, 2000],
      rating: 4,
      sort: 'price-asc',
      page: 3,
      perPage: 20,
    });
    expect(read('')).toEqual({ subCatId: null, price: INITIAL_PRICE_RANGE, rating: null, sort: 'newest', page: 1, perPage: 10 });
    // Hand-edited: out of range, reversed, not numbers, not whole.
    expect(read('minPrice=9000&maxPrice=1e9&rating=9&sort=cheapest&page=-2&perPage=1000')).toEqual({
      subCatId: null,
      price: [9000, 60000],
      rating: null,
      sort: 'newest',
      page: 1,
      perPage: 10,
    });
    expect(read('minPrice=5000&maxPrice=700').price).toEqual([700, 5000]);
    expect(read('minPrice=abc').price).toEqual(INITIAL_PRICE_RANGE);
    expect(read('rating=4.5&page=2.5')).toMatchObject({ rating: null, page: 1 });
    expect(filtersFromUrl(new URLSearchParams('subCat=<script>'), SEARCH_SORT_OPTIONS)).toMatchObject({ subCatId: null, sort: 'relevance' });
  });

  it('writes changes back, leaving defaults out, other parameters alone and the page at 1 after a filter change', () => {
    const write = (query: string, changes: Parameters<typeof withFilters<'newest'>>[1]) => withFilters(new URLSearchParams(query), changes, SORT_OPTIONS).toString();
    expect(write('q=shoe&page=4', { rating: 4 })).toBe('q=shoe&rating=4');
    expect(write('rating=4&sort=price-desc', { page: 2 })).toBe('rating=4&sort=price-desc&page=2');
    expect(write('rating=4&sort=price-desc&minPrice=500&maxPrice=900', { rating: null, sort: 'newest', price: INITIAL_PRICE_RANGE })).toBe('');
  });

  it('checks typed prices: whole rupees within the slider, empty for the end of the range', () => {
    expect(typedPrice(' 1,500 ', 'min')).toEqual({ value: 1500 });
    expect(typedPrice('', 'max')).toEqual({ value: 60000 });
    expect(typedPrice('99', 'min')).toEqual({ error: 'Between 100 and 60000' });
    expect(typedPrice('60005', 'max')).toEqual({ error: 'Between 100 and 60000' });
    expect(typedPrice('12.5', 'min')).toEqual({ error: 'Enter whole rupees' });
    expect(typedPrice('1e4', 'min')).toEqual({ error: 'Enter whole rupees' });
  });

  it('sorts search results as listings are sorted, best match keeping their order', () => {
    const results = [
      makeProduct({ id: 'a', price: 500, rating: 3, discount: 10, dateCreated: '2025-01-02T00:00:00.000Z' }),
      makeProduct({ id: 'b', price: 100, rating: 5, discount: 40, dateCreated: '2025-01-01T00:00:00.000Z' }),
      makeProduct({ id: 'c', price: 900, rating: 4, discount: 0, dateCreated: '2025-01-03T00:00:00.000Z' }),
    ];
    expect(ids(sortProducts(results, 'relevance'))).toEqual(['a', 'b', 'c']);
    expect(ids(sortProducts(results, 'price-asc'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortProducts(results, 'price-desc'))).toEqual(['c', 'a', 'b']);
    expect(ids(sortProducts(results, 'rating'))).toEqual(['b', 'c', 'a']);
    expect(ids(sortProducts(results, 'discount'))).toEqual(['b', 'a', 'c']);
    expect(ids(sortProducts(results, 'newest'))).toEqual(['c', 'a', 'b']);
  });

  it('asks the server for the filters the address names', async () => {
    const calls = stubApi({ '/api/products': { products: [makeProduct()], totalPages: 5, page: 2 }, '/api/category': { categoryList: [] } });
    renderWithShop(<ListingPage kind="category" />, { route: '/products/category/c1?minPrice=500&maxPrice=2000&rating=4&page=2&perPage=20&sort=rating' });
    await waitFor(() => expect(calls.some((c) => c.startsWith('/api/products?'))).toBe(true));
    const asked = new URL(calls.find((c) => c.startsWith('/api/products?'))!, 'http://shop').searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ minPrice: '500', maxPrice: '2000', rating: '4', page: '2', perPage: '20', sort: 'rating' });
  });
});

describe('address filters set in quick succession', () => {
  function TwoQuickChanges() {
    const [filters, setFilters] = useAddressFilters(SORT_OPTIONS);
    return (
      <button
        type="button"
        data-testid="two-changes"
        data-rating={filters.rating ?? ''}
        onClick={() => {
          // A price applied with Enter, then a rating clicked before the page re-rendered.
          setFilters({ price: [1000, 50000] });
          setFilters({ rating: 1 });
        }}
      />
    );
  }

  it('keeps the first change when the second comes before a render', async () => {
    renderWithShop(<TwoQuickChanges />, { route: '/products/category/c1?sort=price-desc' });
    fireEvent.click(screen.getByTestId('two-changes'));
    await waitFor(() => expect(screen.getByTestId('two-changes').dataset.rating).toBe('1'));
    const search = new URLSearchParams(screen.getByTestId('location-probe').textContent!.split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({ minPrice: '1000', maxPrice: '50000', rating: '1', sort: 'price-desc' });
  });
});

describe('typed price boxes', () => {
  const renderBoxes = () => {
    const onPrice = vi.fn();
    renderWithShop(<FilterSidebar subcategories={[]} subCatId={ALL_SUBCATEGORIES} allLabel="All" onSubCat={vi.fn()} price={INITIAL_PRICE_RANGE} onPrice={onPrice} rating={null} onRating={vi.fn()} />);
    return { onPrice, min: screen.getByTestId('price-min-box'), max: screen.getByTestId('price-max-box') };
  };

  it('applies a typed range on Enter, and moves the slider to it', () => {
    const { onPrice, min, max } = renderBoxes();
    expect(min).toHaveValue('100');
    expect(max).toHaveValue('60000');
    fireEvent.change(min, { target: { value: '1000' } });
    fireEvent.change(max, { target: { value: '5000' } });
    fireEvent.keyDown(max, { key: 'Enter' });
    expect(onPrice).toHaveBeenCalledWith([1000, 5000]);
    expect(screen.getByRole('slider', { name: 'Minimum price' })).toHaveAttribute('aria-valuenow', '1000');
  });

  it('refuses a minimum above the maximum, or a price outside the slider, and says why', () => {
    const { onPrice, min, max } = renderBoxes();
    fireEvent.change(min, { target: { value: '9000' } });
    fireEvent.change(max, { target: { value: '500' } });
    fireEvent.click(screen.getByTestId('price-apply'));
    expect(screen.getByText('Above the maximum')).toBeInTheDocument();
    fireEvent.change(min, { target: { value: '100' } });
    fireEvent.change(max, { target: { value: '999999' } });
    fireEvent.keyDown(max, { key: 'Enter' });
    expect(screen.getByText('Between 100 and 60000')).toBeInTheDocument();
    expect(onPrice).not.toHaveBeenCalled();
  });
});

describe('search results sort', () => {
  it('starts from ?sort= in the address and reorders the results, best match first by default', async () => {
    const results = [makeProduct({ id: 'a', name: 'Mid', price: 500 }), makeProduct({ id: 'b', name: 'Cheap', price: 100 }), makeProduct({ id: 'c', name: 'Dear', price: 900 })];
    stubApi({ '/api/search/results': { products: results, total: 3, page: 1, perPage: 60, totalPages: 1, didYouMean: [], fallback: null } });
    const cards = () => screen.getAllByTestId('product-card').map((card) => card.dataset.productId);
    renderWithShop(<SearchPage />, { route: '/search?q=shoe&sort=price-asc' });
    await waitFor(() => expect(cards()).toEqual(['b', 'a', 'c']));
    expect(screen.getByTestId('sort-menu')).toHaveTextContent('Sort: Price: low to high');
    fireEvent.click(screen.getByTestId('sort-menu'));
    fireEvent.click(await screen.findByTestId('sort-option-relevance'));
    await waitFor(() => expect(cards()).toEqual(['a', 'b', 'c']));
    expect(screen.getByTestId('location-probe')).toHaveTextContent(/^\/search\?q=shoe$/);
  });
});
