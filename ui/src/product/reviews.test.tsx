import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Review } from '../api/types.ts';
import { mockApi } from '../test/testApi.ts';
import { makeProduct, renderWithShop, SHOPPER, VISITOR } from '../test/render.tsx';
import { ProductDetailBody } from './ProductDetailBody.tsx';
import { REVIEW_MESSAGES, Reviews } from './Reviews.tsx';

const review = (overrides: Partial<Review>): Review => ({
  _id: 'r1',
  id: 'r1',
  productId: 'p1',
  customerName: 'Asha',
  customerId: 'u2',
  review: 'Lovely',
  customerRating: 5,
  dateCreated: '2026-01-01T10:00:00.000Z',
  ...overrides,
});

describe('Reviews', () => {
  it('starts with no stars and posts nothing until a rating is chosen', async () => {
    const calls = mockApi({ 'POST /api/productReviews/add': { status: 201, body: review({ customerRating: 4 }) } });
    const { container, store } = renderWithShop(<Reviews productId="p1" reviews={[]} loading={false} />, { route: '/product/p1', session: SHOPPER });
    expect(container.querySelector<HTMLInputElement>('input[name="customerRating"]:checked')?.value ?? '').toBe('');
    fireEvent.change(screen.getByLabelText('Write a Review'), { target: { value: 'Glowing, would buy again' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(store.getState().snackbar).toMatchObject({ message: REVIEW_MESSAGES.ratingMissing, severity: 'error' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(container.querySelector<HTMLInputElement>('input[name="customerRating"][value="4"]')!);
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ productId: 'p1', review: 'Glowing, would buy again', customerRating: 4 });
  });

  it('shows the "Verified buyer" badge on verified buyers\' reviews only', () => {
    mockApi({});
    renderWithShop(
      <Reviews productId="p1" loading={false} reviews={[review({ id: 'r1', _id: 'r1', customerName: 'Asha', verifiedBuyer: true }), review({ id: 'r2', _id: 'r2', customerName: 'Ravi', verifiedBuyer: false })]} />,
      { session: VISITOR },
    );
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Verified buyer');
    expect(items[1]).not.toHaveTextContent('Verified buyer');
  });

  it('tells a visitor to sign in, with a link that comes back to the product', () => {
    mockApi({});
    const { store } = renderWithShop(<Reviews productId="p1" reviews={[]} loading={false} />, { route: '/product/p1', session: VISITOR });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Review' }));
    expect(store.getState().snackbar).toMatchObject({ message: REVIEW_MESSAGES.loginRequired, signIn: '/signIn?next=%2Fproduct%2Fp1' });
  });

  it('shows no stars beside "0 Reviews", whatever rating the catalog lists', () => {
    mockApi({});
    const { unmount } = renderWithShop(<ProductDetailBody product={makeProduct({ rating: 4.5 })} reviewCount={0} />);
    expect(screen.queryByTestId('product-rating')).toBeNull();
    expect(screen.getByText('0 Reviews')).toBeInTheDocument();
    unmount();
    renderWithShop(<ProductDetailBody product={makeProduct({ rating: 4.5, numReviews: 2 })} reviewCount={2} />);
    expect(screen.getByTestId('product-rating')).toHaveAttribute('aria-label', 'Rated 4.5 out of 5');
  });
});
