import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/testApi.ts';
import { renderWithShop, VISITOR } from '../test/render.tsx';
import ChangePasswordPage from './ChangePasswordPage.tsx';
import SignInPage from './SignInPage.tsx';
import SignUpPage from './SignUpPage.tsx';
import { keepPendingAdd } from '../session/pendingAdd.ts';

const input = (container: HTMLElement, name: string) => container.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const type = (container: HTMLElement, name: string, value: string) => fireEvent.change(input(container, name), { target: { value } });

const USER = { id: 'u1', _id: 'u1', name: 'Asha', email: 'asha@example.in', phone: '9876543210', images: ['/uploads/a.png'], isAdmin: false };

describe('Sign In', () => {
  it('checks e-mail then password, and Forgot Password needs an e-mail', async () => {
    const calls = mockApi({ 'GET /api/config/public': { body: { googleClientId: null } } });
    const { container, store } = renderWithShop(<SignInPage />, { route: '/signIn', session: VISITOR });
    const submit = screen.getByTestId('sign-in-submit');
    const message = () => store.getState().snackbar;

    fireEvent.click(submit);
    expect(message()).toMatchObject({ message: 'email can not be blank!', severity: 'error' });
    type(container, 'email', 'asha@example.in');
    fireEvent.click(submit);
    expect(message().message).toBe('password can not be blank!');
    type(container, 'email', '');
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password?' }));
    expect(message().message).toBe('Please enter your email');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('keeps token and user, says so in green, and goes to / after 2 seconds', async () => {
    mockApi({
      'GET /api/config/public': { body: { googleClientId: null } },
      'POST /api/user/signin': { body: { user: USER, token: 'jwt-1', msg: 'User Login Successfully!' } },
    });
    const { container, store } = renderWithShop(<SignInPage />, { route: '/signIn', session: VISITOR });
    type(container, 'email', 'asha@example.in');
    type(container, 'password', 'secret-123');
    fireEvent.click(screen.getByTestId('sign-in-submit'));
    await waitFor(() => expect(store.getState().snackbar.message).toBe('User Login Successfully!'));
    expect(store.getState().session).toMatchObject({ token: 'jwt-1', user: { userId: 'u1', name: 'Asha', email: 'asha@example.in', image: '/uploads/a.png' } });
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ userId: 'u1' });
    expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn');
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent(/^\/$/), { timeout: 3500 });
  });

  it('makes the add a visitor pressed before signing in, and goes back to the page they came from', async () => {
    const calls = mockApi({
      'GET /api/config/public': { body: { googleClientId: null } },
      'POST /api/user/signin': { body: { user: USER, token: 'jwt-1', msg: 'User Login Successfully!' } },
      'POST /api/cart/add': { status: 201, body: { _id: 'l1', id: 'l1', productId: 'p1', quantity: 2, userId: 'u1' } },
    });
    keepPendingAdd({ kind: 'cart', line: { productTitle: 'Jeans', image: '', rating: 0, price: 1699, quantity: 2, subTotal: 3398, productId: 'p1', countInStock: 3, size: 'M' } }, '/product/p1?size=M');
    const { container, store } = renderWithShop(<SignInPage />, { route: '/signIn?next=%2Fproduct%2Fp1%3Fsize%3DM', session: VISITOR });
    type(container, 'email', 'asha@example.in');
    type(container, 'password', 'secret-123');
    fireEvent.click(screen.getByTestId('sign-in-submit'));
    await waitFor(() => expect(store.getState().snackbar.message).toBe('Item is added in the cart'));
    expect(calls.find((c) => c.path === '/api/cart/add')?.body).toMatchObject({ productId: 'p1', quantity: 2, size: 'M', userId: 'u1' });
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/product/p1?size=M'), { timeout: 3500 });
    // Done once: the next sign-in makes no add.
    expect(sessionStorage.getItem('pendingAdd')).toBeNull();
  });

  it('makes no add pressed before a sign-in started elsewhere (the header, another page)', async () => {
    const calls = mockApi({
      'GET /api/config/public': { body: { googleClientId: null } },
      'POST /api/user/signin': { body: { user: USER, token: 'jwt-1', msg: 'User Login Successfully!' } },
    });
    keepPendingAdd({ kind: 'cart', line: { productTitle: 'Jeans', image: '', rating: 0, price: 1699, quantity: 1, subTotal: 1699, productId: 'p1', countInStock: 3 } }, '/product/p1');
    const { container, store } = renderWithShop(<SignInPage />, { route: '/signIn?next=%2Fcategory%2Fx', session: VISITOR });
    type(container, 'email', 'asha@example.in');
    type(container, 'password', 'secret-123');
    fireEvent.click(screen.getByTestId('sign-in-submit'));
    await waitFor(() => expect(store.getState().snackbar.message).toBe('User Login Successfully!'));
    expect(calls.some((c) => c.path === '/api/cart/add')).toBe(false);
    expect(sessionStorage.getItem('pendingAdd')).toBeNull();
  });

  it('goes to / when the return path leads off the site', async () => {
    mockApi({
      'GET /api/config/public': { body: { googleClientId: null } },
      'POST /api/user/signin': { body: { user: USER, token: 'jwt-1', msg: 'User Login Successfully!' } },
    });
    const { container } = renderWithShop(<SignInPage />, { route: `/signIn?next=${encodeURIComponent('//evil.com/product/p1')}`, session: VISITOR });
    type(container, 'email', 'asha@example.in');
    type(container, 'password', 'secret-123');
    fireEvent.click(screen.getByTestId('sign-in-submit'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent(/^\/$/), { timeout: 3500 });
  });

  it('turns into Verify Email mode for an unverified account and requests a new code', async () => {
    const calls = mockApi({
      'GET /api/config/public': { body: { googleClientId: null } },
      'POST /api/user/signin': { status: 403, body: { error: true, msg: 'Your account is not verified yet.', isVerify: false } },
      'POST /api/user/verifyAccount/resendOtp': { body: { success: true, message: 'We have sent a new verification code to your e-mail.', existingUserId: 'u1' } },
      'PUT /api/user/verifyAccount/emailVerify/u1': { body: { success: true, message: 'ok' } },
    });
    const { container, store } = renderWithShop(<SignInPage />, { route: '/signIn', session: VISITOR });
    type(container, 'email', 'asha@example.in');
    type(container, 'password', 'secret-123');
    fireEvent.click(screen.getByTestId('sign-in-submit'));
    await screen.findByRole('heading', { name: 'Verify Email' });
    expect(store.getState().snackbar).toMatchObject({ message: 'Your account is not verified yet.', severity: 'error' });
    expect(input(container, 'password')).toBeNull();
    fireEvent.click(screen.getByTestId('sign-in-submit'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/verifyOTP'));
    expect(calls.find((c) => c.path === '/api/user/verifyAccount/resendOtp')?.body).toEqual({ email: 'asha@example.in' });
    expect(localStorage.getItem('userEmail')).toBe('asha@example.in');
    expect(localStorage.getItem('actionType')).toBeNull();
  });

  it('offers no Google button when the server has Google sign-in off', async () => {
    const calls = mockApi({ 'GET /api/config/public': { body: { googleClientId: null } } });
    renderWithShop(<SignInPage />, { route: '/signIn', session: VISITOR });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/config/public')).toBe(true));
    await screen.findByRole('link', { name: 'Sign Up' });
    // Give the config reply a turn to render whatever it would render.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('google-signin')).toBeNull();
    expect(screen.queryByText(/Sign in with Google/)).toBeNull();
    expect(screen.queryByText('Or continue with social account')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('a Google sign-in says “User authentication Successfully!” in green', async () => {
    const calls = mockApi({
      'GET /api/config/public': { body: { googleClientId: 'client-1.apps.googleusercontent.com' } },
      'POST /api/user/authWithGoogle': { body: { user: USER, token: 'jwt-g', msg: 'User Login Successfully!' } },
    });
    // Stand in for Google Identity Services (its script counts as loaded, ui/vitest.config.ts):
    // keep the callback, then answer as its popup would.
    let callback: ((reply: { credential?: string }) => void) | undefined;
    (window as unknown as { google: unknown }).google = { accounts: { id: { initialize: (o: { callback: typeof callback }) => (callback = o.callback), renderButton: () => undefined } } };
    const { store } = renderWithShop(<SignInPage />, { route: '/signIn', session: VISITOR });
    await screen.findByTestId('google-signin');
    await waitFor(() => expect(callback).toBeDefined());
    // Only this screen asked for Google's script.
    expect(document.querySelectorAll('script[src^="https://accounts.google.com/"]')).toHaveLength(1);
    callback!({ credential: 'google-id-token' });
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'User authentication Successfully!', severity: 'success' }));
    expect(calls.find((c) => c.path === '/api/user/authWithGoogle')?.body).toEqual({ credential: 'google-id-token' });
    expect(store.getState().session.token).toBe('jwt-g');
    delete (window as unknown as { google?: unknown }).google;
  });
});

describe('Sign Up', () => {
  it('checks name, email, phone, password in that order, then goes to /verifyOTP after 2 seconds', async () => {
    const calls = mockApi({
      'GET /api/config/public': { body: { googleClientId: null } },
      'POST /api/user/signup': { status: 201, body: { success: true, message: 'Account created.' } },
    });
    const { container, store } = renderWithShop(<SignUpPage />, { route: '/signUp', session: VISITOR });
    const submit = screen.getByTestId('sign-up-submit');
    const steps: [string, string, string][] = [
      ['name', 'name can not be blank!', 'Asha'],
      ['email', 'email can not be blank!', 'asha@example.in'],
      ['phone', 'phone can not be blank!', '98765x43210'],
      ['password', 'password can not be blank!', 'secret-123'],
    ];
    for (const [name, message, value] of steps) {
      fireEvent.click(submit);
      expect(store.getState().snackbar.message).toBe(message);
      type(container, name, value);
    }
    expect(input(container, 'phone').value).toBe('9876543210');
    fireEvent.click(submit);
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'Account created.', severity: 'success' }));
    expect(calls.find((c) => c.path === '/api/user/signup')?.body).toEqual({ name: 'Asha', email: 'asha@example.in', phone: '9876543210', password: 'secret-123', isAdmin: false });
    expect(localStorage.getItem('userEmail')).toBe('asha@example.in');
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/verifyOTP'), { timeout: 3500 });
  });

  it('shows the server’s message for a taken e-mail', async () => {
    mockApi({
      'GET /api/config/public': { body: { googleClientId: null } },
      'POST /api/user/signup': { status: 409, body: { status: 'FAILED', msg: 'User already exist with this email!' } },
    });
    const { container, store } = renderWithShop(<SignUpPage />, { route: '/signUp', session: VISITOR });
    for (const [name, value] of [['name', 'Asha'], ['email', 'asha@example.in'], ['phone', '9876543210'], ['password', 'secret-123']]) type(container, name!, value!);
    fireEvent.click(screen.getByTestId('sign-up-submit'));
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'User already exist with this email!', severity: 'error' }));
    expect(screen.getByTestId('sign-up-submit')).not.toBeDisabled();
  });
});

describe('Signing up on the way somewhere', () => {
  it('keeps the way back from the sign-in page through sign-up, the code and the sign-in again', async () => {
    mockApi({
      'GET /api/config/public': { body: { googleClientId: null } },
      'POST /api/user/signup': { status: 201, body: { success: true, message: 'Account created.' } },
    });
    const back = `?next=${encodeURIComponent('/checkout')}`;
    const signIn = renderWithShop(<SignInPage />, { route: `/signIn${back}`, session: VISITOR });
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', `/signUp${back}`);
    signIn.unmount();

    const { container } = renderWithShop(<SignUpPage />, { route: `/signUp${back}`, session: VISITOR });
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', `/signIn${back}`);
    type(container, 'name', 'Asha');
    type(container, 'email', 'asha@example.in');
    type(container, 'phone', '9876543210');
    type(container, 'password', 'secret-123');
    fireEvent.click(screen.getByTestId('sign-up-submit'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent(`/verifyOTP${back}`), { timeout: 3500 });
  });

  it('drops a way back that leads off the site', () => {
    mockApi({ 'GET /api/config/public': { body: { googleClientId: null } } });
    renderWithShop(<SignInPage />, { route: `/signIn?next=${encodeURIComponent('//evil.example')}`, session: VISITOR });
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signUp');
  });
});

describe('Change Password after a reset', () => {
  it('checks new, confirm, and that they match; then resets and goes to /signIn', async () => {
    localStorage.setItem('userEmail', 'asha@example.in');
    localStorage.setItem('actionType', 'changePassword');
    sessionStorage.setItem('resetToken', 'secret-from-verify');
    const calls = mockApi({ 'POST /api/user/forgotPassword/changePassword': { body: { success: true, status: 'SUCCESS', message: 'Your password has been changed.' } } });
    const { container, store } = renderWithShop(<ChangePasswordPage />, { route: '/changePassword', session: VISITOR });
    const submit = screen.getByTestId('change-password-submit');
    fireEvent.click(submit);
    expect(store.getState().snackbar.message).toBe('Please enter new password');
    type(container, 'newPass', 'new-secret-1');
    fireEvent.click(submit);
    expect(store.getState().snackbar.message).toBe('Please confirm password');
    type(container, 'confirmPass', 'new-secret-2');
    fireEvent.click(submit);
    expect(store.getState().snackbar.message).toBe('Password and confirm password not match');
    expect(input(container, 'confirmPass').type).toBe('text');
    type(container, 'confirmPass', 'new-secret-1');
    fireEvent.click(submit);
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'asha@example.in',
      newPass: 'new-secret-1',
      confirmPass: 'new-secret-1',
      resetToken: 'secret-from-verify',
    });
    expect(localStorage.getItem('userEmail')).toBeNull();
    expect(sessionStorage.getItem('resetToken')).toBeNull();
    expect(localStorage.getItem('actionType')).toBeNull();
  });
});
