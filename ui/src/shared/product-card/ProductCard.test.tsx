import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeProduct, renderWithShop, stubApi } from '../../test/render.tsx';
import { firstScreenReplaced, firstScreenShown, setRenderingStaticCopy } from '../firstScreenCopy.ts';
import { ProductCard } from './ProductCard.tsx';

function renderCard(overrides = {}) {
  vi.useFakeTimers();
  stubApi({});
  const view = renderWithShop(<ProductCard product={makeProduct(overrides)} />);
  return view;
}

describe('ProductCard', () => {
  it('shows a skeleton for the first 500 ms and ignores hover meanwhile', () => {
    renderCard();
    const card = screen.getByTestId('product-card');
    expect(screen.getByTestId('card-skeleton')).toBeInTheDocument();
    fireEvent.mouseEnter(card);
    act(() => vi.advanceTimersByTime(499));
    expect(card).toHaveAttribute('data-ready', 'false');
    act(() => vi.advanceTimersByTime(1));
    expect(card).toHaveAttribute('data-ready', 'true');
    expect(screen.queryByTestId('card-skeleton')).not.toBeInTheDocument();
  });

  it('cuts the name to 20 characters plus an ellipsis and shows Rs prices', () => {
    renderCard();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('Rangrez Floral Strai...')).toBeInTheDocument();
    expect(screen.getByText('Rs 1,999')).toHaveClass('old-price');
    expect(screen.getByText('Rs 1,699')).toHaveClass('price');
  });

  it('shows the discount badge and In Stock from one unit', () => {
    renderCard({ countInStock: 1, discount: 15 });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('discount-badge')).toHaveTextContent('15%');
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('In Stock');
  });

  it('shows Out of Stock at zero and no badge without a discount', () => {
    renderCard({ countInStock: 0, discount: 0, oldPrice: 1699 });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByTestId('stock-badge')).toHaveTextContent('Out of Stock');
    expect(screen.queryByTestId('discount-badge')).not.toBeInTheDocument();
  });

  it('asks a visitor to log in before adding to the wish list', () => {
    const { store } = renderCard();
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByTestId('card-heart'));
    expect(store.getState().snackbar).toMatchObject({ open: true, severity: 'error', message: 'Please Login to continue' });
  });

  it('links to the product page', () => {
    renderCard();
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('Rangrez Floral Strai...').closest('a')).toHaveAttribute('href', '/product/p1');
  });

  describe("in the page's first screen (its data came with the HTML)", () => {
    afterEach(() => {
      setRenderingStaticCopy(false);
      firstScreenReplaced();
    });

    it('is drawn without a skeleton, so its picture paints as soon as it arrives', () => {
      setRenderingStaticCopy(true);
      renderCard();
      expect(screen.queryByTestId('card-skeleton')).not.toBeInTheDocument();
      expect(document.querySelector('.MuiSkeleton-root')).toBeNull();
      expect(screen.getByRole('img', { name: 'Rangrez Floral Straight Jeans, Black' })).toBeVisible();
    });

    it('shows at once when the app takes the copy over, while a card the app loads itself keeps its 500 ms skeleton', () => {
      const copy = document.createElement('div');
      copy.innerHTML = '<article data-static-copy="" data-product-id="p1"></article>';
      firstScreenShown(copy);
      renderCard();
      renderWithShop(<ProductCard product={makeProduct({ id: 'p2' })} />);
      const [shown, loaded] = screen.getAllByTestId('product-card');
      expect(shown).toHaveAttribute('data-ready', 'true');
      expect(loaded).toHaveAttribute('data-ready', 'false');
      expect(screen.getAllByTestId('card-skeleton')).toHaveLength(1);
    });
  });
});
