import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminCategoryRow } from '@shop/contracts/admin-api';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderWithShop } from '../../test/render.tsx';
import { mockApi } from '../../test/testApi.ts';
import CategoriesPage from './CategoriesPage.tsx';

const id = (digit: string) => digit.repeat(24);
const category = (n: string, name: string, children: AdminCategoryRow['children'] = []): AdminCategoryRow => ({
  id: id(n),
  name,
  color: '#ffe8f0',
  images: [],
  position: Number(n),
  products: 2,
  children,
});

/** A server keeping the categories in the order the last `PUT .../order` gave. */
function categoryServer() {
  let categories = [category('1', 'Fashion', [{ id: id('a'), name: 'Menswear', products: 1 }]), category('2', 'Electronics'), category('3', 'Groceries')];
  const seen = mockApi({
    'GET /api/admin/categories': () => ({ body: { categories } }),
    'PUT /api/admin/categories/order': (request) => {
      const { ids } = request.body as { ids: string[] };
      categories = ids.map((i) => categories.find((c) => c.id === i)!);
      return { body: { ids } };
    },
    'POST /api/admin/categories': { status: 201, body: { id: id('4') } },
    [`PUT /api/admin/categories/${id('1')}`]: { body: { id: id('1') } },
    [`POST /api/admin/categories/${id('2')}/subcategories`]: { status: 201, body: { id: id('b') } },
    [`PUT /api/admin/categories/${id('1')}/subcategories/${id('a')}`]: { body: { id: id('a') } },
  });
  return seen;
}

const names = () => screen.getAllByTestId('admin-category').map((row) => within(row).getByText(/^(Fashion|Electronics|Groceries)$/).textContent);
const changes = (seen: ReturnType<typeof mockApi>) => seen.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);

describe('the categories screen', () => {
  it('moves a category down by sending the whole new order', async () => {
    const seen = categoryServer();
    renderWithShop(<CategoriesPage />, { route: '/admin/categories', session: ADMIN });
    await screen.findAllByTestId('admin-category');
    expect(names()).toEqual(['Fashion', 'Electronics', 'Groceries']);
    expect(screen.getByRole('button', { name: 'Move Fashion up' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: 'Move Fashion down' }));

    await waitFor(() => expect(names()).toEqual(['Electronics', 'Fashion', 'Groceries']));
    expect(changes(seen)).toEqual([['PUT', '/api/admin/categories/order', { ids: [id('2'), id('1'), id('3')] }]]);

    fireEvent.click(screen.getByRole('button', { name: 'Move Groceries up' }));
    await waitFor(() => expect(names()).toEqual(['Electronics', 'Groceries', 'Fashion']));
    expect(changes(seen).at(-1)).toEqual(['PUT', '/api/admin/categories/order', { ids: [id('2'), id('3'), id('1')] }]);
  });

  it('creates a category with a name and colour, checked before it is sent', async () => {
    const seen = categoryServer();
    renderWithShop(<CategoriesPage />, { route: '/admin/categories', session: ADMIN });
    await screen.findAllByTestId('admin-category');
    fireEvent.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = screen.getByRole('dialog', { name: 'New category' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription('Required');
    expect(changes(seen)).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Footwear' } });
    fireEvent.change(within(dialog).getByLabelText('Pick a colour'), { target: { value: '#336699' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(seen)).toEqual([['POST', '/api/admin/categories', { name: 'Footwear', color: '#336699', images: [] }]]);
  });

  it('renames and recolours a category', async () => {
    const seen = categoryServer();
    renderWithShop(<CategoriesPage />, { route: '/admin/categories', session: ADMIN });
    await screen.findAllByTestId('admin-category');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Fashion' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Fashion' });
    expect(within(dialog).getByLabelText('Colour')).toHaveValue('#ffe8f0');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Clothing' } });
    fireEvent.change(within(dialog).getByLabelText('Colour'), { target: { value: 'hotpink' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(seen)).toEqual([['PUT', `/api/admin/categories/${id('1')}`, { name: 'Clothing', color: 'hotpink', images: [] }]]);
  });

  it('adds and renames subcategories', async () => {
    const seen = categoryServer();
    renderWithShop(<CategoriesPage />, { route: '/admin/categories', session: ADMIN });
    await screen.findAllByTestId('admin-category');

    fireEvent.click(screen.getByRole('button', { name: 'Add a subcategory to Electronics' }));
    let dialog = screen.getByRole('dialog', { name: 'New subcategory of Electronics' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Laptops' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Menswear (1)' }));
    dialog = screen.getByRole('dialog', { name: 'Rename Menswear' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Men' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(changes(seen)).toEqual([
      ['POST', `/api/admin/categories/${id('2')}/subcategories`, { name: 'Laptops' }],
      ['PUT', `/api/admin/categories/${id('1')}/subcategories/${id('a')}`, { name: 'Men' }],
    ]);
  });
});
