import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/testApi.ts';
import { ADMIN, renderWithShop, SHOPPER } from '../test/render.tsx';
import { AccountMenu } from './AccountMenu.tsx';

describe('account menu', () => {
  it('offers Admin (the back office) to an admin, in place of the old Audit item', async () => {
    mockApi({});
    renderWithShop(<AccountMenu />, { session: ADMIN });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.queryByRole('menuitem', { name: 'Audit' })).toBeNull();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Admin' }));
    await waitFor(() => expect(screen.getByTestId('location-probe').textContent).toBe('/admin'));
  });

  it('has no Admin item for a shopper', async () => {
    mockApi({});
    renderWithShop(<AccountMenu />, { session: SHOPPER });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Orders' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Audit' })).toBeNull();
  });

  it('Logout ends the session on the server with its token, then signs this browser out', async () => {
    const seen = mockApi({ 'POST /api/user/signout': { body: { success: true, msg: 'You have been signed out.' } } });
    renderWithShop(<AccountMenu />, { session: SHOPPER });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location-probe').textContent).toBe('/signIn'));
    const signOut = seen.find((request) => request.path === '/api/user/signout');
    expect(signOut?.headers.get('Authorization')).toBe(`Bearer ${SHOPPER.token}`);
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  it('Logout still signs this browser out when the server can not be reached', async () => {
    mockApi({ 'POST /api/user/signout': { status: 503, body: { error: true, msg: 'Service unavailable' } } });
    renderWithShop(<AccountMenu />, { session: SHOPPER });
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('location-probe').textContent).toBe('/signIn'));
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeVisible();
  });
});
