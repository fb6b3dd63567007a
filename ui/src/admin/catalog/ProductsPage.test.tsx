import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminProductRow } from '@shop/contracts/admin-api';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderWithShop } from '../../test/render.tsx';
import { mockApi } from '../../test/testApi.ts';
import ProductsPage from './ProductsPage.tsx';

const CAT = 'a1a1a1a1a1a1a1a1a1a1a1a1';
const PHONE = 'c3c3c3c3c3c3c3c3c3c3c3c3';

function row(overrides: Partial<AdminProductRow>): AdminProductRow {
  return {
    id: PHONE,
    name: 'Nova Phone',
    brand: 'Nova',
    images: ['/uploads/products/front.webp'],
    price: 18999,
    oldPrice: 19999,
    countInStock: 4,
    catId: CAT,
    catName: 'Electronics',
    subCatId: 'b2b2b2b2b2b2b2b2b2b2b2b2',
    subCatName: 'Phones',
    isFeatured: false,
    published: true,
    dateCreated: '2026-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** A server holding one product: publish state and stock change as the routes say. */
function phoneServer() {
  const phone = row({});
  const seen = mockApi({
    'GET /api/admin/categories': { body: { categories: [{ id: CAT, name: 'Electronics', color: '#eef', images: [], position: 0, products: 1, children: [] }] } },
    'GET /api/admin/products': { body: { products: [phone], totalPages: 3, page: 1 } },
    [`POST /api/admin/products/${PHONE}/unpublish`]: () => {
      phone.published = false;
      return { body: { id: PHONE, published: false } };
    },
    [`POST /api/admin/products/${PHONE}/stock`]: (request) => {
      phone.countInStock += (request.body as { quantity: number }).quantity;
      return { body: { id: PHONE } };
    },
  });
  return seen;
}

const phoneRow = () => screen.getByTestId('admin-product-row');

describe('the products list', () => {
  it('unpublishes a product and shows the refreshed list', async () => {
    const seen = phoneServer();
    renderWithShop(<ProductsPage />, { route: '/admin/products', session: ADMIN });
    expect(await within(await screen.findByTestId('admin-product-row')).findByText('Published')).toBeVisible();
    expect(within(phoneRow()).getByRole('link', { name: 'Edit Nova Phone' })).toHaveAttribute('href', `/admin/products/${PHONE}`);

    fireEvent.click(within(phoneRow()).getByRole('button', { name: 'Unpublish Nova Phone' }));

    expect(await within(phoneRow()).findByText('Unpublished')).toBeVisible();
    expect(within(phoneRow()).getByRole('button', { name: 'Publish Nova Phone' })).toBeVisible();
    expect(seen.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/api/admin/products/${PHONE}/unpublish`]);
    expect(seen.filter((r) => r.path === '/api/admin/products')).toHaveLength(2);
  });

  it('receives stock through a dialog that checks the quantity first', async () => {
    const seen = phoneServer();
    renderWithShop(<ProductsPage />, { route: '/admin/products', session: ADMIN });
    fireEvent.click(within(await screen.findByTestId('admin-product-row')).getByRole('button', { name: 'Receive stock of Nova Phone' }));
    const dialog = screen.getByRole('dialog', { name: 'Receive stock' });
    const quantity = within(dialog).getByLabelText('Quantity received');

    fireEvent.change(quantity, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to stock' }));
    expect(quantity).toHaveAccessibleDescription('Must be at least 1');

    fireEvent.change(quantity, { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to stock' }));

    await waitFor(() => expect(within(phoneRow()).getByTestId('stock')).toHaveTextContent('10'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.filter((r) => r.method === 'POST').map((r) => [r.path, r.body])).toEqual([[`/api/admin/products/${PHONE}/stock`, { quantity: 6 }]]);
  });

  it('asks the server with the search, category, status and page chosen', async () => {
    const seen = phoneServer();
    renderWithShop(<ProductsPage />, { route: '/admin/products', session: ADMIN });
    await screen.findByTestId('admin-product-row');
    await screen.findByRole('option', { name: 'Electronics' });
    fireEvent.change(screen.getByLabelText('Category', { selector: 'select' }), { target: { value: CAT } });
    fireEvent.change(screen.getByLabelText('Status', { selector: 'select' }), { target: { value: 'false' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' nova ' } });
    await waitFor(() => expect(seen.at(-1)?.search).toBe(`?q=nova&catId=${CAT}&published=false&page=1&perPage=20`));
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 2' }));
    await waitFor(() => expect(seen.at(-1)?.search).toBe(`?q=nova&catId=${CAT}&published=false&page=2&perPage=20`));
  });
});
