import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { AdminCustomerReply, AdminOrderReply } from '@shop/contracts';
import { mockApi } from '../test/testApi.ts';
import { ADMIN, renderWithShop, SHOPPER, VISITOR } from '../test/render.tsx';
import AdminApp from './AdminApp.tsx';
import type { DashboardReply } from './adminApi.ts';
import type { ReadModelRow, ReadModelsReply } from './readModelsApi.ts';

const ORDER_ID = '65a000000000000000000001';
const USER_ID = '65a0000000000000000000aa';
const NO_SALES = { orders: 0, revenue: 0, gross: 0, reversed: 0, giftCardsSold: 0 };

/** The back office as routes.tsx mounts it, at `route`. */
const renderAdmin = (route: string, session = ADMIN) =>
  renderWithShop(
    <Routes>
      <Route path="admin/*" element={<AdminApp />} />
    </Routes>,
    { route, session },
  );

function anOrder(overrides: Partial<AdminOrderReply> = {}): AdminOrderReply {
  return {
    _id: ORDER_ID,
    id: ORDER_ID,
    paymentId: 'pay_1',
    providerOrderId: 'order_1',
    name: 'Asha Rao',
    phoneNumber: '9876543210',
    address: '12 MG Road, Bengaluru',
    pincode: '560001',
    amount: 2397,
    email: 'asha@example.in',
    userid: USER_ID,
    status: 'confirmed',
    date: '2026-01-05T10:00:00.000Z',
    products: [{ lineId: '65a0000000000000000000b1', productId: '65a0000000000000000000c1', productTitle: 'Cotton Shirt', image: '/x.png', price: 799, quantity: 3, subTotal: 2397 }],
    history: [
      { from: null, to: 'pending', at: '2026-01-05T10:00:00.000Z', by: USER_ID },
      { from: 'pending', to: 'confirmed', at: '2026-01-05T11:00:00.000Z', by: 'admin-1' },
    ],
    people: { [USER_ID]: { name: 'Asha Rao', email: 'asha@example.in' }, 'admin-1': { name: 'Kavya Menon', email: 'kavya@example.in' } },
    ...overrides,
  } as AdminOrderReply;
}

const customer = (isAdmin: boolean): AdminCustomerReply => ({
  customer: { id: USER_ID, name: 'Asha Rao', email: 'asha@example.in', phone: '', isAdmin, isVerify: true, orders: 0, dateCreated: '2026-01-01T00:00:00.000Z' },
  orders: [],
  cart: [],
  reviews: [],
});

describe('back office access', () => {
  it('sends a visitor to /signIn', async () => {
    const calls = mockApi({});
    renderAdmin('/admin/orders', VISITOR);
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn'));
    expect(calls).toEqual([]);
  });

  it('shows a signed-in shopper a clear "Not allowed" page, asking the server only whether the account is an admin now', async () => {
    const calls = mockApi({ 'GET /api/user/u1': { body: { id: 'u1', _id: 'u1', name: 'Asha', email: 'asha@example.in', phone: '', images: [], isAdmin: false } } });
    renderAdmin('/admin/customers', SHOPPER);
    expect(await screen.findByRole('heading', { name: 'Not allowed' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'Back office' })).toBeNull();
    expect(document.title).toBe('Not allowed · Gift & Gear');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/user/u1']);
  });

  it('lets in an account made an admin after it signed in (its token still says shopper), without a new sign-in', async () => {
    mockApi({
      'GET /api/user/u1': { body: { id: 'u1', _id: 'u1', name: 'Asha', email: 'asha@example.in', phone: '', images: [], isAdmin: true } },
      'GET /api/admin/customers': { body: { customers: [], totalPages: 0, page: 1 } },
    });
    renderAdmin('/admin/customers', SHOPPER);
    expect(await screen.findByRole('navigation', { name: 'Back office' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Not allowed' })).toBeNull();
  });

  it('gives an admin the nav and the dashboard, whose status counts open the filtered orders list', async () => {
    const dashboard: DashboardReply = {
      timeZone: 'Asia/Kolkata',
      today: { orders: 2, revenue: 3000 },
      last7Days: { orders: 9, revenue: 45000 },
      sales: { today: { orders: 2, revenue: 3000, gross: 3000, reversed: 0, giftCardsSold: 0 }, last7Days: { orders: 9, revenue: 45000, gross: 46999, reversed: 1999, giftCardsSold: 2000 } },
      ordersByStatus: { pending: 4, confirmed: 3, shipped: 1, delivered: 1, cancelled: 0, returned: 0 },
      lowStock: { threshold: 5, products: [{ id: 'p1', name: 'Nova Phone', countInStock: 2, lowestInStock: 2 }] },
      refundsOwed: { count: 1, amount: 799 },
    };
    const calls = mockApi({ 'GET /api/admin/dashboard': { body: dashboard }, 'GET /api/admin/orders': { body: { orders: [anOrder({ status: 'pending' })], totalPages: 1, page: 1 } } });
    renderAdmin('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((a) => a.textContent)).toEqual(['Dashboard', 'Orders', 'Products', 'Categories', 'Banners', 'Promotions', 'Gift cards', 'Customers', 'GST', 'Audit']);
    expect(await screen.findByTestId('dash-week-revenue-value')).toHaveTextContent('Rs 45,000');
    // Net sales, with what made them: gross, what cancels and returns took back, and gift cards sold apart.
    expect(screen.getByTestId('dash-sales')).toHaveTextContent('Gross salesRs 46,999');
    expect(screen.getByTestId('dash-sales')).toHaveTextContent('Cancelled and returned−Rs 1,999');
    expect(screen.getByTestId('dash-sales')).toHaveTextContent('Net salesRs 45,000');
    expect(screen.getByTestId('dash-sales')).toHaveTextContent('Gift cards sold (owed in goods)Rs 2,000');
    expect(document.title).toBe('Dashboard · Back office · Gift & Gear');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('dash-refunds')).toHaveTextContent('1 order');
    expect(screen.getByRole('link', { name: 'Nova Phone' })).toHaveAttribute('href', '/admin/products/p1');
    expect(screen.getByTestId('admin-dashboard')).toHaveTextContent('Days run midnight to midnight in Asia/Kolkata.');
    fireEvent.click(screen.getAllByTestId('dash-status').find((a) => a.getAttribute('data-status') === 'pending')!);
    expect(await screen.findByTestId('admin-order-row')).toBeVisible();
    expect(screen.getByTestId('location-probe')).toHaveTextContent('/admin/orders?status=pending');
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    await waitFor(() => expect(document.title).toBe('Orders · Back office · Gift & Gear'));
    expect(calls.find((c) => c.path === '/api/admin/orders')?.search).toContain('status=pending');
  });
});

describe('dashboard: low on stock', () => {
  it('receives stock of a low product from its row, and reads the dashboard again', async () => {
    const low = { id: 'p1', name: 'Nova Phone', countInStock: 3, lowestInStock: 3 };
    let left = low.countInStock;
    const board = (): DashboardReply => ({
      timeZone: 'Asia/Kolkata',
      today: { orders: 0, revenue: 0 },
      last7Days: { orders: 0, revenue: 0 },
      sales: { today: NO_SALES, last7Days: NO_SALES },
      ordersByStatus: { pending: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0, returned: 0 },
      lowStock: { threshold: 5, products: left <= 5 ? [{ ...low, countInStock: left, lowestInStock: left }] : [] },
      refundsOwed: { count: 0, amount: 0 },
    });
    const calls = mockApi({
      'GET /api/admin/dashboard': () => ({ body: board() }),
      'POST /api/admin/products/p1/stock': (request) => {
        left += (request.body as { quantity: number }).quantity;
        return { body: { productId: 'p1', countInStock: left } };
      },
    });
    renderAdmin('/admin');
    expect(await screen.findByTestId('dash-low-stock')).toHaveTextContent('3 left');
    fireEvent.click(screen.getByRole('button', { name: 'Receive stock of Nova Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
    fireEvent.change(within(dialog).getByLabelText('Quantity received'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    await waitFor(() => expect(screen.getByTestId('dash-low-stock')).toHaveTextContent('No product is low on stock.'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ quantity: 10 });
  });
});

describe('dashboard: a variant low on stock', () => {
  it('names the variant that is low although the product has plenty, and receives stock for that variant', async () => {
    const variants = [
      { sku: 'NOVA-16', options: { productRam: '16GB' }, countInStock: 0 },
      { sku: 'NOVA-8', options: { productRam: '8GB' }, countInStock: 40 },
    ];
    const board: DashboardReply = {
      timeZone: 'Asia/Kolkata',
      today: { orders: 0, revenue: 0 },
      last7Days: { orders: 0, revenue: 0 },
      sales: { today: NO_SALES, last7Days: NO_SALES },
      ordersByStatus: { pending: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0, returned: 0 },
      lowStock: { threshold: 5, products: [{ id: 'p2', name: 'Nova Laptop', countInStock: 40, lowestInStock: 0, variants }] },
      refundsOwed: { count: 0, amount: 0 },
    };
    const calls = mockApi({
      'GET /api/admin/dashboard': { body: board },
      'POST /api/admin/products/p2/stock': { body: { productId: 'p2', countInStock: 50 } },
    });
    renderAdmin('/admin');
    const panel = await screen.findByTestId('dash-low-stock');
    expect(within(panel).getAllByTestId('low-variant').map((row) => row.textContent)).toEqual(['RAM: 16GB: Out of stock']);
    expect(panel).toHaveTextContent('40 left');
    fireEvent.click(screen.getByRole('button', { name: 'Receive stock of Nova Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive stock' });
    fireEvent.change(within(dialog).getByLabelText('Quantity received'), { target: { value: '10' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ quantity: 10, sku: 'NOVA-16' }));
  });
});

describe('dashboard read models', () => {
  const dashboard: DashboardReply = {
    timeZone: 'Asia/Kolkata',
    today: { orders: 0, revenue: 0 },
    last7Days: { orders: 0, revenue: 0 },
    sales: { today: NO_SALES, last7Days: NO_SALES },
    ordersByStatus: { pending: 0, confirmed: 0, shipped: 0, delivered: 0, cancelled: 0, returned: 0 },
    lowStock: { threshold: 5, products: [] },
    refundsOwed: { count: 0, amount: 0 },
  };
  const current = (name: string, version: number): ReadModelRow => ({ name, version, position: '1200', state: 'current', reason: null, error: null, progress: null });

  it('shows a rebuilding read model with why and how far, looks again until all are current, then stops', async () => {
    const rebuilding: ReadModelsReply = {
      head: '1200',
      ready: false,
      projections: [
        current('catalog', 3),
        {
          name: 'order',
          version: 2,
          position: '0',
          state: 'rebuilding',
          reason: "built by version 1, this code's is 2",
          error: null,
          progress: { phase: 'replaying', events: 4321, position: '504', head: '1200', etaSeconds: 12, fraction: 0.42 },
        },
      ],
    };
    const finished: ReadModelsReply = { head: '1200', ready: true, projections: [current('catalog', 3), current('order', 2)] };
    let reads = 0;
    const calls = mockApi({
      'GET /api/admin/dashboard': { body: dashboard },
      'GET /api/admin/projections': () => {
        reads += 1;
        return { body: reads === 1 ? rebuilding : finished };
      },
    });
    renderAdmin('/admin');
    const panel = await screen.findByRole('region', { name: 'Read models' });
    const row = (await within(panel).findAllByTestId('read-model-row')).find((r) => r.getAttribute('data-state') === 'rebuilding')!;
    expect(row).toHaveTextContent('order');
    expect(row).toHaveTextContent('Rebuilding');
    expect(row).toHaveTextContent("because built by version 1, this code's is 2");
    const bar = within(row).getByRole('progressbar', { name: 'order rebuilt so far' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(within(row).getByTestId('read-model-progress')).toHaveTextContent('42% · replaying the log · 4,321 events, about 12 s left');
    expect(within(panel).getAllByTestId('read-model-row').find((r) => r.getAttribute('data-state') === 'current')).toHaveTextContent('catalog3Current');

    // The next look (2 s on) finds every read model current: one line, and no more looking.
    expect(await within(panel).findByText('All read models are current', {}, { timeout: 4000 })).toBeVisible();
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    const looked = calls.filter((c) => c.path === '/api/admin/projections').length;
    expect(looked).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(calls.filter((c) => c.path === '/api/admin/projections')).toHaveLength(looked);
  });

  it('says while the log of an older release is sealed that erasure requests are refused, until it is done', async () => {
    const models = [current('catalog', 3), current('accounts', 3)];
    const sealing: ReadModelsReply = { head: '1200', ready: true, projections: models, logSealing: { state: 'sealing', position: 500, head: 1200, sealed: 42 } };
    const sealed: ReadModelsReply = { head: '1200', ready: true, projections: models, logSealing: { state: 'sealed' } };
    let reads = 0;
    mockApi({
      'GET /api/admin/dashboard': { body: dashboard },
      'GET /api/admin/projections': () => {
        reads += 1;
        return { body: reads === 1 ? sealing : sealed };
      },
    });
    renderAdmin('/admin');
    const panel = await screen.findByRole('region', { name: 'Read models' });
    expect(await within(panel).findByTestId('log-sealing')).toHaveTextContent(
      'Personal data in the event log (written before sealing): being sealed, position 500 of 1,200. Erasure requests are refused until it is done.',
    );
    // Looked at again (2 s on) until sealed: then the line goes.
    await waitFor(() => expect(within(panel).queryByTestId('log-sealing')).toBeNull(), { timeout: 4000 });
    expect(within(panel).getByText('All read models are current')).toBeVisible();
  });
});

describe('orders list', () => {
  it('keeps status, search and page in the address bar and asks the server for exactly that', async () => {
    const calls = mockApi({
      'GET /api/admin/orders': (request) => {
        const page = Number(new URLSearchParams(request.search).get('page') ?? '1');
        return { body: { orders: [anOrder({ id: `o-page-${page}`, _id: `o-page-${page}` })], totalPages: 3, page } };
      },
    });
    renderAdmin('/admin/orders');
    expect(await screen.findByRole('link', { name: 'o-page-1' })).toHaveAttribute('href', '/admin/orders/o-page-1');
    fireEvent.change(screen.getByTestId('orders-status-filter'), { target: { value: 'shipped' } });
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/admin/orders?status=shipped'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Order id, payment id or e-mail' }), { target: { value: ' asha@example.in ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/admin/orders?status=shipped&q=asha%40example.in'));
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('link', { name: 'o-page-2' })).toBeVisible();
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    const last = new URLSearchParams(calls.filter((c) => c.path === '/api/admin/orders').at(-1)!.search);
    expect(Object.fromEntries(last)).toEqual({ status: 'shipped', q: 'asha@example.in', page: '2', perPage: '20' });
  });
});

describe('order page actions', () => {
  it('marks a delivered cash-on-delivery order’s cash as collected, once, and not for orders paid online', async () => {
    let order = anOrder({ status: 'delivered', paymentMethod: 'cod', paymentState: 'due' });
    const calls = mockApi({
      [`GET /api/admin/orders/${ORDER_ID}`]: () => ({ body: order }),
      [`POST /api/orders/${ORDER_ID}/cash-collected`]: () => {
        order = anOrder({ status: 'delivered', paymentMethod: 'cod', paymentState: 'collected', cashCollected: { amount: 2397, by: 'admin-1', at: '2026-01-06T10:00:00.000Z' } });
        return { body: { id: ORDER_ID } };
      },
    });
    renderAdmin(`/admin/orders/${ORDER_ID}`);
    fireEvent.click(await screen.findByTestId('cash-collected'));
    await waitFor(() => expect(screen.queryByTestId('cash-collected')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/orders/${ORDER_ID}/cash-collected`]);
    expect(screen.getByTestId('order-actions')).toHaveTextContent('This order is delivered; nothing more to do.');
  });

  it('offers no cash collection for a delivered order paid online', async () => {
    mockApi({ [`GET /api/admin/orders/${ORDER_ID}`]: () => ({ body: anOrder({ status: 'delivered', paymentMethod: 'upi', paymentState: 'paid' }) }) });
    renderAdmin(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByText('This order is delivered; nothing more to do.')).toBeVisible();
    expect(screen.queryByTestId('cash-collected')).toBeNull();
  });

  it('asks for a tracking number when shipping and sends it with the status', async () => {
    let order = anOrder();
    const calls = mockApi({
      [`GET /api/admin/orders/${ORDER_ID}`]: () => ({ body: order }),
      [`PUT /api/orders/${ORDER_ID}/status`]: (request) => {
        const body = request.body as { status: 'shipped'; trackingNumber?: string };
        order = anOrder({ status: body.status, trackingNumber: body.trackingNumber });
        return { body: order };
      },
    });
    renderAdmin(`/admin/orders/${ORDER_ID}`);
    expect(await screen.findByRole('link', { name: 'Audit timeline' })).toHaveAttribute('href', `/admin/audit?kind=order&id=${ORDER_ID}`);
    expect(screen.getAllByTestId('admin-order-line')).toHaveLength(1);
    // The history names who took each step, not their ids.
    expect(screen.getByTestId('admin-order-history')).toHaveTextContent('by Asha Rao (asha@example.in)');
    expect(screen.getByTestId('admin-order-history')).toHaveTextContent('by Kavya Menon (kavya@example.in)');
    // confirmed → shipped or cancelled, nothing else.
    const actions = screen.getByTestId('order-actions');
    expect(within(actions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Ship', 'Cancel order']);

    fireEvent.click(within(actions).getByRole('button', { name: 'Ship' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship this order' });
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Tracking number' }), { target: { value: ' BLUEDART123 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ship order' }));

    await waitFor(() => expect(screen.getByTestId('admin-order-status')).toHaveTextContent('shipped'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'shipped', trackingNumber: 'BLUEDART123' }]);
    expect(await screen.findByText('Tracking BLUEDART123')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByTestId('order-actions')).getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  });

  it('asks before cancelling; a 409 shows the server’s message and the order as it is now', async () => {
    let order = anOrder({ status: 'pending' });
    let gets = 0;
    const calls = mockApi({
      [`GET /api/admin/orders/${ORDER_ID}`]: () => {
        gets += 1;
        return { body: order };
      },
      [`PUT /api/orders/${ORDER_ID}/status`]: () => {
        // Another admin shipped it meanwhile.
        order = anOrder({ status: 'shipped' });
        return { status: 409, body: { error: true, msg: 'Cannot move an order from shipped to cancelled', status: 'shipped', allowed: ['delivered'] } };
      },
    });
    renderAdmin(`/admin/orders/${ORDER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this order?' });
    expect(dialog).toHaveTextContent('refund of Rs 2,397');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByTestId('order-refusal')).toHaveTextContent('Cannot move an order from shipped to cancelled Allowed next: delivered.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ status: 'cancelled' }]);
    await waitFor(() => expect(screen.getByTestId('admin-order-status')).toHaveTextContent('shipped'));
    expect(gets).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(screen.getByTestId('order-actions')).getByRole('button', { name: 'Mark delivered' })).toBeVisible();
  });
});

describe('customer admin role', () => {
  it('revokes only after a yes, and shows the last-admin 409 as the server says it', async () => {
    const calls = mockApi({
      [`GET /api/admin/customers/${USER_ID}`]: { body: customer(true) },
      [`PUT /api/admin/customers/${USER_ID}/admin`]: { status: 409, body: { error: true, msg: 'The shop must keep at least one admin' } },
    });
    renderAdmin(`/admin/customers/${USER_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Asha Rao’s admin role?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Revoke admin' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Revoke Asha Rao’s admin role?' })).getByRole('button', { name: 'Yes, revoke' }));
    expect(await screen.findByTestId('role-refusal')).toHaveTextContent('The shop must keep at least one admin');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ isAdmin: false }]);
  });
});

describe('auditor page lookups', () => {
  const lookup = { userId: USER_ID, email: 'asha@example.in', name: 'Asha Rao', orders: [{ id: ORDER_ID, date: '2026-01-05T10:00:00.000Z', status: 'pending', amount: 2397 }] };

  it('opens a cart by the customer’s e-mail', async () => {
    const calls = mockApi({ 'GET /api/admin/audit/lookup': { body: lookup } });
    renderAdmin('/admin/audit');
    fireEvent.change(await screen.findByRole('textbox', { name: /Customer e-mail or user id/ }), { target: { value: ' Asha@Example.in ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load timeline' }));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent(`/admin/audit?kind=cart&id=${USER_ID}`));
    expect(new URLSearchParams(calls.find((c) => c.path === '/api/admin/audit/lookup')?.search).get('email')).toBe('Asha@Example.in');
  });

  it('lists a customer’s orders found by e-mail to pick one, and shows an unknown e-mail’s message', async () => {
    mockApi({
      'GET /api/admin/audit/lookup': (request) =>
        new URLSearchParams(request.search).get('email') === 'asha@example.in' ? { body: lookup } : { status: 404, body: { error: true, msg: 'No customer with that e-mail' } },
    });
    const { store } = renderAdmin('/admin/audit');
    fireEvent.click(await screen.findByRole('radio', { name: 'Order (by id or e-mail)' }));
    const field = screen.getByRole('textbox', { name: /Order id or customer e-mail/ });
    fireEvent.change(field, { target: { value: 'nobody@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load timeline' }));
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ severity: 'error', message: 'No customer with that e-mail' }));

    fireEvent.change(field, { target: { value: 'asha@example.in' } });
    fireEvent.click(screen.getByRole('button', { name: 'Load timeline' }));
    const found = await screen.findByTestId('audit-found');
    expect(found).toHaveTextContent('Orders of Asha Rao (asha@example.in)');
    fireEvent.click(within(found).getByRole('button', { name: `Audit order ${ORDER_ID}` }));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent(`/admin/audit?kind=order&id=${ORDER_ID}`));
  });
});

describe('order page e-mails', () => {
  it('shows each order e-mail the mail server refused, with its reason', async () => {
    const refusedMails = [
      { mail: 'placed' as const, reason: '550 5.1.1 No such mailbox here', at: '2026-01-05T10:01:00.000Z' },
      { mail: 'status' as const, status: 'shipped' as const, reason: 'Not delivered after 40 tries: 452 mailbox full', at: '2026-01-07T10:00:00.000Z' },
    ];
    mockApi({ [`GET /api/admin/orders/${ORDER_ID}`]: () => ({ body: anOrder({ refusedMails }) }) });
    renderAdmin(`/admin/orders/${ORDER_ID}`);
    const alerts = await screen.findAllByTestId('admin-order-mail-refused');
    expect(alerts.map((a) => a.textContent)).toEqual([
      expect.stringContaining('Confirmation e-mail refused: 550 5.1.1 No such mailbox here'),
      expect.stringContaining('E-mail about the order being shipped refused: Not delivered after 40 tries: 452 mailbox full'),
    ]);
  });
});
