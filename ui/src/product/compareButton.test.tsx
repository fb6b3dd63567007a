import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addToCompare, COMPARE_MESSAGES, resetCompareCache } from '../shared/compareList.ts';
import { makeProduct, renderWithShop, stubApi } from '../test/render.tsx';
import { ProductDetailBody } from './ProductDetailBody.tsx';

afterEach(resetCompareCache);

const stored = () => JSON.parse(localStorage.getItem('compare') ?? '[]') as { id: string }[];

describe('Add to Compare on the product page', () => {
  it('adds the product to local storage, then says ADDED TO COMPARE and links to /compare', async () => {
    stubApi({});
    const { store } = renderWithShop(<ProductDetailBody product={makeProduct({ id: 'p1', name: 'Lumio Desk Lamp' })} reviewCount={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Compare' }));
    expect(store.getState().snackbar).toMatchObject({ message: COMPARE_MESSAGES.added, severity: 'success' });
    expect(stored()).toEqual([{ id: 'p1', name: 'Lumio Desk Lamp', image: '/images/seed/product/a.svg' }]);
    const link = await screen.findByRole('link', { name: 'ADDED TO COMPARE' });
    expect(link).toHaveAttribute('href', '/compare');
  });

  it('refuses a fifth product with a clear message and keeps the four', () => {
    stubApi({});
    for (const id of ['a', 'b', 'c', 'd']) addToCompare({ id, name: `Product ${id}`, images: [] });
    const { store } = renderWithShop(<ProductDetailBody product={makeProduct({ id: 'p5' })} reviewCount={0} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Compare' }));
    expect(store.getState().snackbar).toMatchObject({ message: 'You can compare up to 4 products. Remove one to add another.', severity: 'error' });
    expect(stored().map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(screen.getByRole('button', { name: 'Add to Compare' })).toBeInTheDocument();
  });
});
