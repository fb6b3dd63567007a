import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeProduct, renderWithShop, SHOPPER, stubApi, VISITOR } from '../../test/render.tsx';
import { ProductCard } from './ProductCard.tsx';

describe('ProductCard wish-list heart', () => {
  it('checks My List on hover for a signed-in shopper and fills the heart when listed', async () => {
    const calls = stubApi({ '/api/my-list': [{ _id: 'm1', id: 'm1', productId: 'p1', userId: 'u1' }] });
    renderWithShop(<ProductCard product={makeProduct()} />, { session: SHOPPER });
    const card = screen.getByTestId('product-card');
    await waitFor(() => expect(card).toHaveAttribute('data-ready', 'true'), { timeout: 2000 });
    expect(calls.filter((c) => c.startsWith('/api/my-list'))).toHaveLength(0);
    fireEvent.mouseEnter(card);
    await waitFor(() => expect(screen.getByTestId('card-heart')).toHaveAttribute('aria-pressed', 'true'));
    expect(calls).toContain('/api/my-list?userId=u1&productId=p1');
  });

  it('a filled heart takes the product off My List', async () => {
    const calls = stubApi({
      '/api/my-list': [{ _id: 'm1', id: 'm1', productId: 'p1', userId: 'u1' }],
      '/api/my-list/m1': { success: true, message: 'item removed from My List!' },
    });
    renderWithShop(<ProductCard product={makeProduct()} />, { session: SHOPPER });
    const card = screen.getByTestId('product-card');
    await waitFor(() => expect(card).toHaveAttribute('data-ready', 'true'), { timeout: 2000 });
    fireEvent.mouseEnter(card);
    const heart = screen.getByTestId('card-heart');
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.click(heart);
    await waitFor(() => expect(calls).toContain('/api/my-list/m1'));
    expect(calls.filter((c) => c.startsWith('/api/my-list/add'))).toHaveLength(0);
  });

  it('never asks the server about My List for a visitor', async () => {
    const calls = stubApi({});
    renderWithShop(<ProductCard product={makeProduct()} />, { session: VISITOR });
    const card = screen.getByTestId('product-card');
    await waitFor(() => expect(card).toHaveAttribute('data-ready', 'true'), { timeout: 2000 });
    fireEvent.mouseEnter(card);
    expect(screen.getByTestId('card-heart')).toHaveAttribute('aria-pressed', 'false');
    // (The running sales are public and asked for once for every card.)
    expect(calls.filter((c) => c.startsWith('/api/my-list'))).toHaveLength(0);
  });
});
