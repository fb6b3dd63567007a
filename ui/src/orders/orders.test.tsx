import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/testApi.ts';
import { renderWithShop, SHOPPER, VISITOR } from '../test/render.tsx';
import OrdersPage from './OrdersPage.tsx';
import OrderPage from './OrderPage.tsx';
import OrderPlacedPage from './OrderPlacedPage.tsx';
import { statusTone } from '../shared/StatusBadge.tsx';
import { lineTitle, orderDate, variantLabels } from './ordersFormat.ts';

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
  city: 'Bengaluru',
  state: 'Karnataka',
  history: [{ status: 'pending', at: '2026-01-05T10:20:30.000Z' }],
  products: [
    { productId: 'p1', productTitle: LONG, image: '/images/p1.svg', quantity: 2, price: 5399, subTotal: 10798, size: 'M' },
    { productId: 'p2', productTitle: 'Juttis', image: '/images/p2.svg', quantity: 1, price: 569, subTotal: 569 },
  ],
  ...overrides,
});

const DELIVERED = order('o9', 'delivered', {
  trackingNumber: 'EE123456789IN',
  trackingUrl: 'https://t.17track.net/en#nums=EE123456789IN',
  history: [
    { status: 'pending', at: '2026-01-05T10:20:30.000Z' },
    { status: 'confirmed', at: '2026-01-05T12:00:00.000Z' },
    { status: 'shipped', at: '2026-01-06T09:15:00.000Z' },
    { status: 'delivered', at: '2026-01-08T16:40:00.000Z' },
  ],
});

describe('orders formats', () => {
  it('colours statuses by meaning: pending waits, confirmed and shipped move, delivered arrived, cancelled stopped', () => {
    expect(['pending', 'Pending', 'confirmed', 'shipped', 'delivered', 'cancelled'].map(statusTone)).toEqual(['waiting', 'waiting', 'moving', 'moving', 'arrived', 'stopped']);
    expect(statusTone('on hold')).toBe('waiting');
  });

  it('names the variant of a line, shows the date before the T, cuts titles at 30', () => {
    expect(variantLabels({ productId: 'p', productTitle: 't', image: '', quantity: 1, price: 1, subTotal: 1, size: 'M', productRam: '16 GB', productWeight: null })).toEqual(['Size: M', 'RAM: 16 GB']);
    expect(variantLabels({ productId: 'p', productTitle: 't', image: '', quantity: 1, price: 1, subTotal: 1 })).toEqual([]);
    expect(orderDate('2026-01-05T10:20:30.000Z', 'Asia/Kolkata')).toBe('2026-01-05');
    // Placed at 01:30 in India: that Indian day, as the timeline's time says, not the UTC day before.
    expect(orderDate('2026-01-04T20:00:00.000Z', 'Asia/Kolkata')).toBe('2026-01-05');
    expect(lineTitle(LONG)).toBe(`${LONG.slice(0, 30)}...`);
  });
});

describe('Orders screen', () => {
  it('sends a visitor to /signIn', async () => {
    mockApi({});
    renderWithShop(<OrdersPage />, { route: '/orders', session: VISITOR });
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn'));
  });

  it('shows each order as a card: items with pictures and variants, total, status, city and state, expected delivery, a link', async () => {
    const calls = mockApi({
      'GET /api/orders': { body: [order('o2', 'shipped', { date: '2026-02-01T08:00:00.000Z', deliverBy: '2026-02-04' }), order('o1', 'pending')] },
    });
    renderWithShop(<OrdersPage />, { route: '/orders', session: SHOPPER });
    await screen.findByTestId('orders-list');
    expect(calls.find((c) => c.path === '/api/orders')?.search).toBe('?userid=u1');
    const [shipped, pending] = screen.getAllByTestId('order-card');
    expect(shipped).toHaveAttribute('data-order-id', 'o2');
    expect(within(shipped!).getByTestId('order-status')).toHaveAttribute('data-tone', 'moving');
    expect(within(pending!).getByTestId('order-status')).toHaveAttribute('data-tone', 'waiting');
    expect(within(pending!).getByTestId('order-status')).toHaveTextContent('pending');
    expect(within(pending!).getByTestId('order-amount')).toHaveTextContent('Rs 11,367');
    expect(within(pending!).getByTestId('order-where')).toHaveTextContent('To Bengaluru, Karnataka');
    expect(within(shipped!).getByTestId('order-deliver-by')).toHaveTextContent('Expected by Wed, 4 Feb');
    expect(within(pending!).queryByTestId('order-deliver-by')).toBeNull();
    const lines = within(pending!).getAllByTestId('order-line');
    expect(lines).toHaveLength(2);
    expect(within(lines[0]!).getByTestId('order-line-title')).toHaveTextContent(`${LONG.slice(0, 30)}...`);
    expect(within(lines[0]!).getByTestId('order-line-variant')).toHaveTextContent('Size: M');
    expect(within(lines[1]!).queryByTestId('order-line-variant')).toBeNull();
    expect(lines[0]!.querySelector('img')).toHaveAttribute('src', '/images/p1.svg');
    expect(within(pending!).getByTestId('order-link')).toHaveAttribute('href', '/orders/o1');
    // Not the old table's ids: a shopper has no use for the payment or user id.
    expect(pending!.textContent).not.toContain('pay_o1');
    expect(pending!.textContent).not.toContain('u1');
  });

  it('says so when there are no orders yet', async () => {
    mockApi({ 'GET /api/orders': { body: [] } });
    renderWithShop(<OrdersPage />, { route: '/orders', session: SHOPPER });
    await screen.findByTestId('orders-empty');
  });
});

const onRoute = (path: string, page: React.ReactElement) => (
  <Routes>
    <Route path={path} element={page} />
  </Routes>
);

describe('an order\'s page', () => {
  it('shows the timeline of every status with its time, the tracking number and link, the address', async () => {
    mockApi({ 'GET /api/orders/o9': { body: DELIVERED } });
    renderWithShop(onRoute('/orders/:id', <OrderPage />), { route: '/orders/o9', session: SHOPPER });
    const timeline = await screen.findByTestId('order-timeline');
    const steps = within(timeline).getAllByTestId('order-timeline-step');
    expect(steps.map((step) => step.getAttribute('data-status'))).toEqual(['pending', 'confirmed', 'shipped', 'delivered']);
    expect(steps.map((step) => within(step).getByTestId('order-timeline-status').getAttribute('data-tone'))).toEqual(['waiting', 'moving', 'moving', 'arrived']);
    expect(steps[2]!.querySelector('time')).toHaveAttribute('datetime', '2026-01-06T09:15:00.000Z');
    expect(steps[2]!.querySelector('time')?.textContent).toMatch(/2026/);
    expect(screen.getByTestId('order-tracking-number')).toHaveTextContent('EE123456789IN');
    expect(screen.getByTestId('order-tracking-link')).toHaveAttribute('href', 'https://t.17track.net/en#nums=EE123456789IN');
    expect(screen.getByTestId('order-address')).toHaveTextContent('12 MG Road Flat 4B');
    expect(screen.getByTestId('order-address')).toHaveTextContent('Bengaluru, Karnataka 560038');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 11,367');
    // No payment method in the reply: no payment panel, rather than a guess.
    expect(screen.queryByTestId('order-payment')).toBeNull();
  });

  it('shows no tracking before the order ships, and the payment method when the order has one', async () => {
    mockApi({ 'GET /api/orders/o1': { body: order('o1', 'confirmed', { paymentMethod: 'upi', deliveryFee: 40 }) } });
    renderWithShop(onRoute('/orders/:id', <OrderPage />), { route: '/orders/o1', session: SHOPPER });
    await screen.findByTestId('order-timeline');
    expect(screen.queryByTestId('order-tracking')).toBeNull();
    expect(screen.getByTestId('order-payment')).toHaveTextContent('UPI · Paid');
    expect(screen.getByTestId('order-items')).toHaveTextContent('DeliveryRs 40');
  });
});

describe('the confirmation page', () => {
  it('shows the order number, items, total, address, what happens next and a link to the order', async () => {
    mockApi({ 'GET /api/orders/o1': { body: order('o1', 'pending') } });
    renderWithShop(onRoute('/orders/:id/placed', <OrderPlacedPage />), { route: '/orders/o1/placed', session: SHOPPER });
    expect(await screen.findByTestId('placed-order-number')).toHaveTextContent('o1');
    expect(screen.getAllByTestId('order-line')).toHaveLength(2);
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 11,367');
    expect(screen.getByTestId('order-address')).toHaveTextContent('Asha Verma');
    expect(screen.getByTestId('order-next')).toHaveTextContent('We will confirm your order');
    expect(screen.getByTestId('placed-order-link')).toHaveAttribute('href', '/orders/o1');
  });
});

describe('a gift sent to another address', () => {
  const GIFT = order('o7', 'confirmed', {
    amount: 11367 - 1080 - 100 + 40 + 50,
    paymentMethod: 'upi',
    deliveryFee: 40,
    promotions: [
      { label: 'Festive sale', amount: 1080, stage: 'sale' },
      { label: 'Gift coupon', amount: 100, stage: 'coupon', code: 'DIWALI' },
    ],
    gift: { wrap: true, wrapFee: 50, recipient: { name: 'Meera Iyer', phoneNumber: '9812345678', streetAddressLine1: '4 Marina Road', streetAddressLine2: '', city: 'Chennai', state: 'Tamil Nadu', zipCode: '600001' } },
    giftCard: { codeLast4: 'AB12', applied: 500 },
  });

  it('delivers to the recipient, names the payer apart, and shows each adjustment as its own row adding up to the total', async () => {
    mockApi({ 'GET /api/orders/o7': { body: GIFT } });
    renderWithShop(onRoute('/orders/:id', <OrderPage />), { route: '/orders/o7', session: SHOPPER });
    const address = await screen.findByTestId('order-address');
    expect(address).toHaveTextContent('Meera Iyer');
    expect(address).toHaveTextContent('Chennai, Tamil Nadu 600001');
    expect(address).not.toHaveTextContent('Bengaluru');
    expect(screen.getByTestId('order-billing-address')).toHaveTextContent('Asha Verma');
    const rows = screen.getAllByTestId('order-figure').map((row) => row.textContent);
    expect(rows).toEqual(['ItemsRs 11,367', 'Festive sale−Rs 1,080', 'Gift coupon (DIWALI)−Rs 100', 'DeliveryRs 40', 'Gift wrapRs 50']);
    expect(screen.getByTestId('order-total')).toHaveTextContent('Rs 10,277');
    expect(screen.getByTestId('order-gift-card-paid')).toHaveTextContent('Gift card ••••AB12−Rs 500');
    expect(screen.getByTestId('order-due')).toHaveTextContent('Rs 9,777');
  });

  it('lists the order under the recipient\'s city', async () => {
    mockApi({ 'GET /api/orders': { body: [GIFT] } });
    renderWithShop(<OrdersPage />, { route: '/orders', session: SHOPPER });
    expect(await screen.findByTestId('order-card')).toHaveTextContent('Chennai, Tamil Nadu');
  });
});
