import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithShop, SHOPPER, VISITOR } from '../test/render.tsx';
import MyAccountPage from './MyAccountPage.tsx';
import { mockApi } from '../test/testApi.ts';
import { isAcceptedImage, passwordChangeProblem, profileProblem } from './validation.ts';

const USER = { id: 'u1', _id: 'u1', name: 'Asha', email: 'asha@example.in', phone: '9876543210', images: [] as string[], isAdmin: false };

describe('My Account checks', () => {
  it('needs every profile detail and at least one picture; passwords all three and matching', () => {
    expect(profileProblem({ name: 'Asha', email: 'a@b.in', phone: '98', images: [] })).toBe('Please fill all the details');
    expect(profileProblem({ name: ' ', email: 'a@b.in', phone: '98', images: ['/x.png'] })).toBe('Please fill all the details');
    expect(profileProblem({ name: 'Asha', email: 'a@b.in', phone: '98', images: ['/x.png'] })).toBeNull();
    expect(passwordChangeProblem({ oldPassword: '', newPassword: 'a', confirmPassword: 'a' })).toBe('Please fill all the details');
    expect(passwordChangeProblem({ oldPassword: 'o', newPassword: 'a', confirmPassword: 'b' })).toBe('Password and confirm password not match');
    expect(passwordChangeProblem({ oldPassword: 'o', newPassword: 'a', confirmPassword: 'a' })).toBe('Password must be at least 8 characters');
    expect(passwordChangeProblem({ oldPassword: 'o', newPassword: '12345678', confirmPassword: '12345678' })).toBeNull();
    expect(isAcceptedImage({ type: 'image/webp', name: 'a.webp' })).toBe(true);
    expect(isAcceptedImage({ type: 'image/gif', name: 'a.gif' })).toBe(false);
    expect(isAcceptedImage({ type: '', name: 'photo.JPG' })).toBe(true);
  });
});

describe('My Account screen', () => {
  it('sends a visitor to /signIn', async () => {
    mockApi({});
    renderWithShop(<MyAccountPage />, { route: '/my-account', session: VISITOR });
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn'));
  });

  it('uploads pictures, refuses other files, and saves the profile', async () => {
    const calls = mockApi({
      'GET /api/user/u1': { body: USER },
      'POST /api/user/upload': { status: 201, body: ['/uploads/avatars/u1/a.png', '/uploads/avatars/u1/b.png'] },
      'PUT /api/user/u1': ({ body }) => ({ body: { ...USER, ...(body as object) } }),
      'DELETE /api/imageUpload/deleteAllImages': { body: { success: true } },
    });
    const { container, store } = renderWithShop(<MyAccountPage />, { route: '/my-account', session: SHOPPER });
    await waitFor(() => expect(container.querySelector('[name="name"]')).toHaveValue('Asha'));
    expect(container.querySelector('[name="email"]')).toHaveAttribute('readonly');
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(store.getState().snackbar).toMatchObject({ message: 'Please fill all the details', severity: 'error' });

    const input = screen.getByTestId('avatar-input');
    fireEvent.change(input, { target: { files: [new File(['gif'], 'a.gif', { type: 'image/gif' })] } });
    expect(store.getState().snackbar).toMatchObject({ message: 'Please select a valid JPG or PNG image file.', severity: 'error' });
    expect(calls.some((c) => c.path === '/api/user/upload')).toBe(false);
    fireEvent.change(input, { target: { files: [new File(['a'], 'a.png', { type: 'image/png' }), new File(['b'], 'b.jpg', { type: 'image/jpeg' })] } });
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'Images Uploaded!', severity: 'success' }));
    expect(screen.getByTestId('avatar-previews').querySelectorAll('img')).toHaveLength(2);

    fireEvent.change(container.querySelector('[name="name"]')!, { target: { value: 'Asha Verma' } });
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'user updated', severity: 'success' }));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Asha Verma', email: 'asha@example.in', phone: '9876543210', images: ['/uploads/avatars/u1/a.png', '/uploads/avatars/u1/b.png'] });
    expect(store.getState().session.user).toMatchObject({ name: 'Asha Verma', image: '/uploads/avatars/u1/a.png' });
  });

  it('changes the password: all fields, matching, and the server’s message in red', async () => {
    let attempt = 0;
    const calls = mockApi({
      'GET /api/user/u1': { body: USER },
      'PUT /api/user/changePassword/u1': () => (++attempt === 1 ? { status: 400, body: { error: true, msg: 'Your current password is wrong' } } : { body: USER }),
    });
    const { container, store } = renderWithShop(<MyAccountPage />, { route: '/my-account', session: SHOPPER });
    fireEvent.click(await screen.findByRole('tab', { name: 'Change Password' }));
    await waitFor(() => expect(container.querySelector('[name="oldPassword"]')).not.toBeNull());
    const set = (name: string, value: string) => fireEvent.change(container.querySelector(`[name="${name}"]`)!, { target: { value } });
    // The rule is stated under New password before anything is sent, and tied to the field.
    const newPassword = container.querySelector<HTMLInputElement>('[name="newPassword"]')!;
    const rule = document.getElementById(newPassword.getAttribute('aria-describedby') ?? '');
    expect(rule).toHaveTextContent('At least 8 characters');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(store.getState().snackbar.message).toBe('Please fill all the details');
    set('oldPassword', 'old-secret');
    set('newPassword', 'short');
    set('confirmPassword', 'short');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(store.getState().snackbar.message).toBe('Password must be at least 8 characters');
    set('newPassword', 'new-secret-1');
    set('confirmPassword', 'new-secret-2');
    fireEvent.click(screen.getByTestId('password-save'));
    expect(store.getState().snackbar.message).toBe('Password and confirm password not match');
    set('confirmPassword', 'new-secret-1');
    fireEvent.click(screen.getByTestId('password-save'));
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'Your current password is wrong', severity: 'error' }));
    fireEvent.click(screen.getByTestId('password-save'));
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'Your password has been changed', severity: 'success' }));
    expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toMatchObject({ name: 'Asha', email: 'asha@example.in', password: 'old-secret', newPass: 'new-secret-1', confirmPass: 'new-secret-1' });
    expect(container.querySelector('[name="oldPassword"]')).toHaveValue('');
  });

  it('downloads my data: saves my-data.json, shows its summary in plain words, and the server’s refusal of a second copy', async () => {
    const copy = {
      userId: 'u1',
      exportedAt: '2026-12-08T00:00:00.000Z',
      summary: { inWords: ['Your account: Asha, asha@example.in, since 2026-11-01.', 'You placed 1 order.'] },
      events: [{ type: 'AccountRegistered', stream: 'account-u1', recordedAt: '2026-11-01T00:00:00.000Z', data: { name: 'Asha' } }],
    };
    let asked = 0;
    mockApi({
      'GET /api/user/u1': { body: USER },
      'GET /api/user/u1/export': () => (++asked === 1 ? { body: copy } : { status: 429, body: { error: true, msg: 'Too many data exports. Please try again in 60 seconds.' } }),
    });
    const saved: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:my-data';
    });
    const { store } = renderWithShop(<MyAccountPage />, { route: '/my-account', session: SHOPPER });
    fireEvent.click(await screen.findByRole('tab', { name: 'Change Password' }));
    fireEvent.click(await screen.findByTestId('download-my-data'));
    await waitFor(() => expect(screen.getByTestId('my-data-summary')).toHaveTextContent('You placed 1 order.'));
    expect(screen.getByTestId('my-data-summary')).toHaveTextContent('Your account: Asha, asha@example.in');
    expect(store.getState().snackbar).toMatchObject({ message: 'Your data has been downloaded as my-data.json', severity: 'success' });
    expect(JSON.parse(await saved[0]!.text())).toEqual(copy);

    fireEvent.click(screen.getByTestId('download-my-data'));
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'Too many data exports. Please try again in 60 seconds.', severity: 'error' }));
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    createObjectURL.mockRestore();
  });
});
