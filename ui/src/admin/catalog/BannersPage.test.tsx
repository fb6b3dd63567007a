import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminBannerRow } from '@shop/contracts/admin-api';
import { describe, expect, it } from 'vitest';
import { ADMIN, renderWithShop } from '../../test/render.tsx';
import { mockApi } from '../../test/testApi.ts';
import BannersPage from './BannersPage.tsx';

const id = (digit: string) => digit.repeat(24);
const CAT = id('1');
const SUB = id('a');

function banner(n: string, overrides: Partial<AdminBannerRow> = {}): AdminBannerRow {
  return { id: id(n), kind: 'home', images: [`/uploads/banners/${n}.webp`], catId: CAT, catName: 'Fashion', subCatId: null, subCatName: null, dateCreated: '2026-01-05T10:00:00.000Z', ...overrides };
}

/** A server holding two banners; `DELETE` withdraws one. */
function bannerServer() {
  let banners = [banner('5'), banner('6', { kind: 'side', catId: null, catName: null })];
  const seen = mockApi({
    'GET /api/admin/banners': () => ({ body: { banners } }),
    'GET /api/admin/categories': { body: { categories: [{ id: CAT, name: 'Fashion', color: '#fee', images: [], position: 0, products: 1, children: [{ id: SUB, name: 'Menswear', products: 1 }] }] } },
    [`DELETE /api/admin/banners/${id('5')}`]: () => {
      banners = banners.filter((b) => b.id !== id('5'));
      return { body: { id: id('5') } };
    },
    'POST /api/admin/uploads': { status: 201, body: { images: ['/uploads/banners/new.webp'] } },
    'POST /api/admin/banners': { status: 201, body: { id: id('7') } },
  });
  return seen;
}

const changes = (seen: ReturnType<typeof mockApi>) => seen.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path, r.body]);

describe('the banners screen', () => {
  it('lists banners by place and withdraws one only after confirmation', async () => {
    const seen = bannerServer();
    renderWithShop(<BannersPage />, { route: '/admin/banners', session: ADMIN });
    const home = await screen.findByRole('region', { name: 'Home slider banners' });
    expect(within(home).getByText(/Fashion/)).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Side banners' })).getByText(/No link/)).toBeVisible();

    // Asked, then kept: nothing is sent.
    fireEvent.click(within(home).getByRole('button', { name: 'Withdraw' }));
    let dialog = screen.getByRole('dialog', { name: 'Withdraw this banner?' });
    expect(dialog).toHaveTextContent('The home slider banner linking to Fashion leaves the storefront at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(seen)).toEqual([]);

    // Asked, then confirmed: withdrawn and gone from the list.
    fireEvent.click(within(home).getByRole('button', { name: 'Withdraw' }));
    dialog = screen.getByRole('dialog', { name: 'Withdraw this banner?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    // While the dialog is open the page behind it is hidden from queries by role, so wait for
    // the dialog to close and the list to be fetched again before looking at the regions.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getAllByTestId('admin-banner')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Home slider banners' })).toBeNull();
    expect(changes(seen)).toEqual([['DELETE', `/api/admin/banners/${id('5')}`, undefined]]);
  });

  it('creates a banner with its place, uploaded image and category link', async () => {
    const seen = bannerServer();
    renderWithShop(<BannersPage />, { route: '/admin/banners', session: ADMIN });
    await screen.findAllByTestId('admin-banner');
    fireEvent.click(screen.getByRole('tab', { name: 'Bottom' }));
    await waitFor(() => expect(seen.at(-1)?.search).toBe('?kind=bottom'));
    fireEvent.click(screen.getByRole('button', { name: 'New banner' }));
    const dialog = screen.getByRole('dialog', { name: 'New banner' });
    expect(within(dialog).getByLabelText('Place')).toHaveValue('bottom');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(within(dialog).getByRole('group', { name: 'Banner images' })).getByText('Choose at least one')).toBeVisible();

    fireEvent.change(within(dialog).getByLabelText('Upload banner images'), { target: { files: [new File(['x'], 'new.webp', { type: 'image/webp' })] } });
    await within(dialog).findByTestId('image-preview');
    await within(dialog).findByRole('option', { name: 'Fashion' });
    fireEvent.change(within(dialog).getByLabelText('Links to category'), { target: { value: CAT } });
    fireEvent.change(within(dialog).getByLabelText('Links to subcategory'), { target: { value: SUB } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(changes(seen).filter(([, path]) => path === '/api/admin/banners')).toEqual([
      ['POST', '/api/admin/banners', { kind: 'bottom', images: ['/uploads/banners/new.webp'], catId: CAT, subCatId: SUB }],
    ]);
  });
});
