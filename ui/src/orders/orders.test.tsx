import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/testApi.ts';
import { renderWithShop, SHOPPER, VISITOR } from '../test/render.tsx';
import OrdersPage from './OrdersPage.tsx';
import { statusTone } from '../shared/StatusBadge.tsx';
import { modalTitle, orderDate } from './ordersFormat.ts';

const LONG = 'Paaduka Heritage Oxford Shoes, Black Leather Edition';
const order = (id: string, status: string, overrides: Record<string, unknown> = {}) => ({
  _id: id,
  id,
  paymentId: `pay_${id}`,
  name: 'Asha Verma',
  phoneNumber: '9876543210',
  address: '12 MG Road Flat 4B',
  pincode: '560038',
  amount: 11367,
  email: 'asha@example.in',
  userid: 'u1',
  status,
  date: '2026-01-05T10:20:30.000Z',
  products: [
    { productId: 'p1', productTitle: LONG, image: '/images/p1.svg', quantity: 2, price: 5399, subTotal: 10798 },
    { productId: 'p2', productTitle: 'Juttis', image: '/images/p2.svg', quantity: 1, price: 569, subTotal: 569 },
  ],
  ...overrides,
});

describe('orders formats', () => {
  it('marks pending orders danger and others success, shows the date before the T, cuts titles at 30', () => {
    expect(statusTone('pending')).toBe('danger');
    expect(statusTone('Pending')).toBe('danger');
    for (const s of ['confirmed', 'shipped', 'delivered', 'cancelled']) expect(statusTone(s)).toBe('success');
    expect(orderDate('2026-01-05T10:20:30.000Z')).toBe('2026-01-05');
    expect(modalTitle(LONG)).toBe(`${LONG.slice(0, 30)}...`);
    expect(modalTitle('Juttis')).toBe('Juttis');
  });
});

describe('Orders screen', () => {
  it('sends a visitor to /signIn', async () => {
    mockApi({});
    renderWithShop(<OrdersPage />, { route: '/orders', session: VISITOR });
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn'));
  });

  it('shows the twelve columns, the badges and dates, and the products modal', async () => {
    const calls = mockApi({
      'GET /api/orders': { body: [order('o2', 'shipped', { date: '2026-02-01T08:00:00.000Z' }), order('o1', 'pending')] },
      'GET /api/orders/o1': { body: order('o1', 'pending') },
    });
    renderWithShop(<OrdersPage />, { route: '/orders', session: SHOPPER });
    const table = await screen.findByTestId('orders-table');
    expect(calls.find((c) => c.path === '/api/orders')?.search).toBe('?userid=u1');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Order Id', 'Payment Id', 'Products', 'Name', 'Phone Number', 'Address', 'Pincode', 'Total Amount', 'Email', 'User Id', 'Order Status', 'Date',
    ]);
    const [shipped, pending] = screen.getAllByTestId('order-row');
    expect(within(shipped!).getByTestId('order-status')).toHaveAttribute('data-tone', 'success');
    expect(within(pending!).getByTestId('order-status')).toHaveAttribute('data-tone', 'danger');
    expect(within(pending!).getByTestId('order-status')).toHaveTextContent('pending');
    expect(within(shipped!).getByTestId('order-date')).toHaveTextContent(/^2026-02-01$/);
    expect(within(pending!).getByTestId('order-amount')).toHaveTextContent('Rs 11,367');
    const cells = within(pending!).getAllByRole('cell').map((td) => td.textContent);
    expect(cells).toEqual(['o1', 'pay_o1', 'Click here to view', 'Asha Verma', '9876543210', '12 MG Road Flat 4B', '560038', 'Rs 11,367', 'asha@example.in', 'u1', 'pending', '2026-01-05']);

    fireEvent.click(within(pending!).getByRole('button', { name: 'Click here to view' }));
    const modal = await screen.findByTestId('order-products');
    await waitFor(() => expect(within(modal).getAllByTestId('order-product')).toHaveLength(2));
    expect(calls.some((c) => c.path === '/api/orders/o1')).toBe(true);
    expect(within(modal).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Product Id', 'Title', 'Image', 'Quantity', 'Price', 'SubTotal']);
    const first = within(modal).getAllByTestId('order-product')[0]!;
    expect(within(first).getAllByRole('cell').map((td) => td.textContent)).toEqual(['p1', `${LONG.slice(0, 30)}...`, '', '2', 'Rs 5,399', 'Rs 10,798']);
    expect(within(first).getByRole('img')).toHaveAttribute('src', '/images/p1.svg');
    fireEvent.click(within(modal).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('order-products')).toBeNull());
  });

  it('says so when there are no orders yet', async () => {
    mockApi({ 'GET /api/orders': { body: [] } });
    renderWithShop(<OrdersPage />, { route: '/orders', session: SHOPPER });
    await screen.findByTestId('orders-empty');
  });
});
