import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/testApi.ts';
import { SessionBridge } from '../session/SessionBridge.tsx';
import { renderWithShop, SHOPPER, VISITOR } from '../test/render.tsx';
import CartPage from './CartPage.tsx';
import { cartTotals, lineSubtotal, productCountLine, unitPrice } from '../shared/cartFormat.ts';

const LONG = 'Kalakriti Boho Ceramic Planter Set of Three, Terracotta';
const line = (id: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  id,
  productTitle: LONG,
  image: '/images/a.svg',
  rating: 4.5,
  price: 1699,
  quantity: 2,
  subTotal: 3398,
  productId: `p-${id}`,
  countInStock: 2,
  userId: 'u1',
  size: null,
  ...overrides,
});

describe('cart formats', () => {
  it('writes unit prices, subtotals and totals in the one money format, Rs with Indian digit grouping', () => {
    expect(unitPrice(1699)).toBe('Rs 1,699');
    expect(lineSubtotal(125000)).toBe('Rs 1,25,000');
    const totals = cartTotals([line('a'), line('b', { price: 499.9, quantity: 3, subTotal: 1497 })] as never);
    // integer price × quantity, summed
    expect(totals.amount).toBe(3398 + 499 * 3);
    expect(totals.total).toBe('Rs 4,895');
    expect(totals.subtotal).toBe(totals.total);
    expect(productCountLine(2, 'your cart')).toBe('There are 2 products in your cart');
    expect(productCountLine(1, 'your cart')).toBe('There is 1 product in your cart');
  });
});

describe('Cart screen', () => {
  it('sends a visitor to /signIn', async () => {
    mockApi({});
    renderWithShop(<CartPage />, { route: '/cart', session: VISITOR });
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn'));
  });

  it('lists the lines with the five columns, cut titles, links, options and the CART TOTALS card', async () => {
    mockApi({ 'GET /api/cart': { body: [line('a', { size: 'M' }), line('b', { productTitle: 'Short name', price: 250, quantity: 1, subTotal: 250, countInStock: 9 })] } });
    renderWithShop(<CartPage />, { route: '/cart', session: SHOPPER });
    const table = await screen.findByTestId('cart-table');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your Cart');
    expect(screen.getByTestId('page-subtitle')).toHaveTextContent('There are 2 products in your cart');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Product', 'Unit Price', 'Quantity', 'Subtotal', 'Remove']);
    const [first, second] = screen.getAllByTestId('cart-line');
    expect(within(first!).getByTestId('line-title')).toHaveTextContent(`${LONG.slice(0, 30)}...`);
    expect(within(first!).getByTestId('line-title')).toHaveAttribute('href', '/product/p-a');
    expect(within(second!).getByTestId('line-title')).toHaveTextContent(/^Short name$/);
    expect(within(first!).getByTestId('line-option')).toHaveTextContent('Size: M');
    expect(within(first!).getByTestId('line-price')).toHaveTextContent('Rs 1,699');
    expect(within(first!).getByTestId('line-subtotal')).toHaveTextContent('Rs 3,398');
    expect(within(first!).getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeInTheDocument();
    const totals = screen.getByTestId('cart-totals');
    expect(totals).toHaveTextContent('CART TOTALS');
    expect(totals).toHaveTextContent('ShippingFree');
    expect(totals).toHaveTextContent('Estimate forIndia');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('Rs 3,648');
    expect(screen.getByTestId('cart-grand-total')).toHaveTextContent('Rs 3,648');
    expect(screen.getByTestId('cart-checkout')).toHaveAttribute('href', '/checkout');
  });

  it('refuses a quantity past the stock with the spec’s message, and sends a change with the overlay up', async () => {
    const calls = mockApi({
      'GET /api/cart': { body: [line('a')] },
      'PUT /api/cart/a': ({ body }) => {
        const { quantity } = body as { quantity: number };
        return { body: { ...line('a'), quantity, subTotal: 1699 * quantity } };
      },
    });
    const { store } = renderWithShop(<CartPage />, { route: '/cart', session: SHOPPER });
    await screen.findByTestId('cart-table');
    fireEvent.click(screen.getByRole('button', { name: `Increase quantity of ${LONG}` }));
    expect(store.getState().snackbar).toMatchObject({ message: 'The quantity is greater than product count in stock', severity: 'error' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: `Decrease quantity of ${LONG}` }));
    await waitFor(() => expect(screen.getByTestId('busy-overlay')).toBeVisible());
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ quantity: 1, subTotal: 1699, productId: 'p-a', userId: 'u1' });
    await waitFor(() => expect(screen.getByTestId('busy-overlay')).not.toBeVisible(), { timeout: 3000 });
    // The reply is the changed line: the page shows it without fetching the cart again.
    expect(screen.getByTestId('cart-quantity')).toHaveTextContent('1');
    expect(screen.getByTestId('line-subtotal')).toHaveTextContent('Rs 1,699');
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/api/cart')).toHaveLength(1);
  });

  it('removes a line with the server’s message and shows the empty state', async () => {
    let lines = [line('a')];
    mockApi({
      'GET /api/cart': () => ({ body: lines }),
      'DELETE /api/cart/a': () => {
        lines = [];
        return { body: { success: true, message: 'item removed from cart!' } };
      },
    });
    const { store } = renderWithShop(<CartPage />, { route: '/cart', session: SHOPPER });
    await screen.findByTestId('cart-table');
    fireEvent.click(screen.getByRole('button', { name: `Remove ${LONG} from cart` }));
    await screen.findByText('Your Cart is currently empty');
    expect(store.getState().snackbar).toMatchObject({ message: 'item removed from cart!', severity: 'success' });
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('signs out and goes to /signIn when the server answers 401', async () => {
    mockApi({ 'GET /api/cart': { status: 401, body: { error: true, msg: 'Please login to continue' } } });
    localStorage.setItem('token', 'old');
    const { store } = renderWithShop(
      <>
        <CartPage />
        <SessionBridge />
      </>,
      { route: '/cart', session: SHOPPER },
    );
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn'));
    expect(store.getState().session.token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows a server error with a retry instead of a blank screen', async () => {
    mockApi({ 'GET /api/cart': { status: 500, body: { error: true, msg: 'Something went wrong. Please try again.' } } });
    const { store } = renderWithShop(<CartPage />, { route: '/cart', session: SHOPPER });
    await screen.findByTestId('load-error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(store.getState().snackbar).toMatchObject({ message: 'Something went wrong. Please try again.', severity: 'error' });
  });
});
