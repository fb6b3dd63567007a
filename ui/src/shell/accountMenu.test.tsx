import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/testApi.ts';
import { ADMIN, renderWithShop, SHOPPER } from '../test/render.tsx';
import { AccountMenu } from './AccountMenu.tsx';

describe('account menu', () => {
  it('offers Audit to an admin only', async () => {
    mockApi({});
    renderWithShop(<AccountMenu />, { session: ADMIN });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Audit' }));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/admin/audit'));
  });

  it('has no Audit item for a shopper', async () => {
    mockApi({});
    renderWithShop(<AccountMenu />, { session: SHOPPER });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Orders' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Audit' })).toBeNull();
  });
});
