import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/testApi.ts';
import { renderWithShop, VISITOR } from '../test/render.tsx';
import { emptyOtp, fillDigits, OtpBoxes } from './OtpBoxes.tsx';
import VerifyOtpPage from './VerifyOtpPage.tsx';

function Harness() {
  const [digits, setDigits] = useState(emptyOtp);
  return (
    <>
      <OtpBoxes value={digits} onChange={setDigits} />
      <output data-testid="code">{digits.join('')}</output>
    </>
  );
}

const boxes = () => screen.getAllByTestId('otp-box') as HTMLInputElement[];
const code = () => screen.getByTestId('code').textContent;

describe('OTP boxes', () => {
  it('has six labelled one-digit boxes that advance as digits are typed and ignore other keys', async () => {
    const user = userEvent.setup();
    renderWithShop(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(boxes()[0]).toHaveAccessibleName('Digit 1 of 6');
    expect(boxes()[0]).toHaveAttribute('inputmode', 'numeric');
    await user.click(boxes()[0]!);
    await user.keyboard('4a2');
    expect(code()).toBe('42');
    expect(document.activeElement).toBe(boxes()[2]);
    await user.keyboard('9017');
    expect(code()).toBe('429017');
    expect(document.activeElement).toBe(boxes()[5]);
    await user.keyboard('3');
    expect(code()).toBe('429013');
  });

  it('moves back with Backspace, clearing as it goes', async () => {
    const user = userEvent.setup();
    renderWithShop(<Harness />);
    await user.click(boxes()[0]!);
    await user.keyboard('123');
    expect(document.activeElement).toBe(boxes()[3]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes()[2]);
    expect(code()).toBe('12');
    await user.keyboard('{Backspace}{Backspace}');
    expect(code()).toBe('');
    expect(document.activeElement).toBe(boxes()[0]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes()[0]);
  });

  it('spreads a pasted code over the boxes', async () => {
    renderWithShop(<Harness />);
    fireEvent.paste(boxes()[2]!, { clipboardData: { getData: () => ' 654 321 ' } });
    expect(code()).toBe('654321');
    expect(boxes().map((b) => b.value)).toEqual(['6', '5', '4', '3', '2', '1']);
    expect(fillDigits(emptyOtp(), 3, '78')).toEqual({ boxes: ['', '', '', '7', '8', ''], next: 5 });
  });
});

describe('Verify OTP screen', () => {
  it('asks for the code, shows where it went, and after a sign-up goes to /signIn', async () => {
    localStorage.setItem('userEmail', 'asha@example.in');
    const calls = mockApi({ 'POST /api/user/verifyemail': { body: { success: true, message: 'OTP verified successfully' } } });
    const user = userEvent.setup();
    const { store } = renderWithShop(<VerifyOtpPage />, { route: '/verifyOTP', session: VISITOR });
    expect(screen.getByTestId('otp-email')).toHaveTextContent('asha@example.in');
    fireEvent.click(screen.getByTestId('verify-otp-submit'));
    expect(store.getState().snackbar).toMatchObject({ message: 'Please enter OTP', severity: 'error' });
    await user.click(boxes()[0]!);
    await user.keyboard('123456');
    fireEvent.click(screen.getByTestId('verify-otp-submit'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/signIn'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ otp: '123456', email: 'asha@example.in' });
    expect(localStorage.getItem('userEmail')).toBeNull();
  });

  it('after a sign-up that began on the way somewhere, goes to /signIn with the way back', async () => {
    localStorage.setItem('userEmail', 'asha@example.in');
    mockApi({ 'POST /api/user/verifyemail': { body: { success: true, message: 'OTP verified successfully' } } });
    const back = `?next=${encodeURIComponent('/checkout')}`;
    renderWithShop(<VerifyOtpPage />, { route: `/verifyOTP${back}`, session: VISITOR });
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '123456' } });
    fireEvent.click(screen.getByTestId('verify-otp-submit'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent(`/signIn${back}`));
  });

  it('during a password reset goes to /changePassword, and shows the server’s message on a wrong code', async () => {
    localStorage.setItem('userEmail', 'asha@example.in');
    localStorage.setItem('actionType', 'changePassword');
    let tries = 0;
    mockApi({
      'POST /api/user/verifyemail': () =>
        ++tries === 1
          ? { status: 400, body: { success: false, message: 'Invalid OTP' } }
          : { body: { success: true, message: 'OTP verified successfully', resetToken: 'secret-for-this-tab' } },
    });
    const { store } = renderWithShop(<VerifyOtpPage />, { route: '/verifyOTP', session: VISITOR });
    fireEvent.paste(boxes()[0]!, { clipboardData: { getData: () => '111111' } });
    fireEvent.click(screen.getByTestId('verify-otp-submit'));
    await waitFor(() => expect(store.getState().snackbar).toMatchObject({ message: 'Invalid OTP', severity: 'error' }));
    expect(screen.getByTestId('location-probe')).toHaveTextContent('/verifyOTP');
    fireEvent.click(screen.getByTestId('verify-otp-submit'));
    await waitFor(() => expect(screen.getByTestId('location-probe')).toHaveTextContent('/changePassword'));
    expect(localStorage.getItem('userEmail')).toBe('asha@example.in');
    // The reset's secret stays in this tab only.
    expect(sessionStorage.getItem('resetToken')).toBe('secret-for-this-tab');
    expect(localStorage.getItem('resetToken')).toBeNull();
  });
});
