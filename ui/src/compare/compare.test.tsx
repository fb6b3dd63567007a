import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { makeProduct, renderWithShop, stubApi } from '../test/render.tsx';
import ComparePage from './ComparePage.tsx';
import { addToCompare, COMPARE_MAX, parseCompareList, resetCompareCache, withProduct } from '../shared/compareList.ts';
import CompareTray from './CompareTray.tsx';

afterEach(resetCompareCache);

const stored = () => JSON.parse(localStorage.getItem('compare') ?? '[]') as { id: string }[];
const item = (id: string) => ({ id, name: `Product ${id}`, image: `/images/${id}.svg` });

describe('the compare list', () => {
  it('holds up to four products, once each', () => {
    const list = [item('a'), item('b'), item('c')];
    expect(withProduct(list, item('b')).outcome).toBe('already');
    const fourth = withProduct(list, item('d'));
    expect(fourth.outcome).toBe('added');
    expect(fourth.list.map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
    const fifth = withProduct(fourth.list, item('e'));
    expect(fifth).toEqual({ list: fourth.list, outcome: 'full' });
    expect(COMPARE_MAX).toBe(4);
  });

  it('reads back only well-formed, distinct entries from local storage, at most four', () => {
    expect(parseCompareList(null)).toEqual([]);
    expect(parseCompareList('not json')).toEqual([]);
    expect(parseCompareList('{"id":"a"}')).toEqual([]);
    const raw = JSON.stringify([item('a'), { id: 'x' }, item('a'), 7, item('b'), item('c'), item('d'), item('e')]);
    expect(parseCompareList(raw).map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('the compare table', () => {
  it('shows each product side by side from the catalog, with a remove button each', async () => {
    localStorage.setItem('compare', JSON.stringify([item('p1'), item('p2')]));
    stubApi({
      '/api/products/p1': makeProduct({ id: 'p1', name: 'Nova Phone 5G', brand: 'Nova', price: 15999, oldPrice: 17999, rating: 4.5, countInStock: 7, productRam: ['6GB', '8GB'], size: [], productWeight: ['180g'] }),
      '/api/products/p2': makeProduct({ id: 'p2', name: 'Orbit Phone Lite', brand: 'Orbit', price: 8999, oldPrice: 8999, rating: 3, countInStock: 0, productRam: ['4GB'], size: ['Standard'], productWeight: [] }),
    });
    renderWithShop(<ComparePage />, { route: '/compare' });
    const table = await screen.findByTestId('compare-table');
    await waitFor(() => expect(within(table).getAllByTestId('compare-name').map((n) => n.textContent)).toEqual(['Nova Phone 5G', 'Orbit Phone Lite']));
    const row = (name: string) => Array.from(within(table).getByTestId(`compare-row-${name}`).querySelectorAll('td')).map((td) => td.textContent);
    await waitFor(() => expect(row('brand')).toEqual(['Nova', 'Orbit']));
    expect(row('price')[0]).toContain('Rs 15,999');
    expect(row('price')[1]).toContain('Rs 8,999');
    expect(row('rating')).toEqual(['4.5', '3']);
    expect(row('stock')).toEqual(['In Stock', 'Out of Stock']);
    expect(row('ram')).toEqual(['6GB, 8GB', '4GB']);
    expect(row('size')).toEqual(['—', 'Standard']);
    expect(row('weight')).toEqual(['180g', '—']);
    expect(Array.from(table.querySelectorAll('thead img')).map((img) => img.getAttribute('src'))).toEqual(['/images/seed/product/a.svg', '/images/seed/product/a.svg']);
    expect(screen.getByText('2 of 4 products')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove Nova Phone 5G from compare' }));
    await waitFor(() => expect(within(table).getAllByTestId('compare-name').map((n) => n.textContent)).toEqual(['Orbit Phone Lite']));
    expect(stored().map((i) => i.id)).toEqual(['p2']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Orbit Phone Lite from compare' }));
    expect(await screen.findByText('No products to compare yet')).toBeInTheDocument();
    expect(localStorage.getItem('compare')).toBeNull();
  });
});

describe('the compare tray', () => {
  it('lists the chosen products, removes one, and leads to /compare', () => {
    for (const id of ['a', 'b']) addToCompare({ id, name: `Product ${id}`, images: [`/images/${id}.svg`] });
    renderWithShop(<CompareTray items={[item('a'), item('b')]} bottom={24} />);
    const tray = screen.getByRole('complementary', { name: 'Compare tray' });
    expect(within(tray).getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual(['Product a', 'Product b']);
    expect(within(tray).getByRole('link', { name: /Compare \(2\/4\)/ })).toHaveAttribute('href', '/compare');
    act(() => fireEvent.click(within(tray).getByRole('button', { name: 'Remove Product a from compare' })));
    expect(stored().map((i) => i.id)).toEqual(['b']);
  });
});
