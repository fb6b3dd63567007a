import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PASSWORD, codeIn, signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../../../../test-support/account-kit.ts';

/**
 * The account flows (sign-up, verify, sign-in, reset, password change) over real HTTP, with codes
 * read from real SMTP.
 */
describe('account flows over HTTP', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = (path: string, body: unknown, token?: string) => shop.call(path, { method: 'POST', body, token });
  const put = (path: string, body: unknown, token?: string) => shop.call(path, { method: 'PUT', body, token });

  it('sign-up → code by e-mail → verify → sign-in → profile → change password → sign-in with the new password', async () => {
    const email = uniqueEmail('flow');
    const signUp = await post('/api/user/signup', { name: 'Asha Rao', email: `  ${email.toUpperCase()} `, phone: '9876543210', password: PASSWORD, isAdmin: true });
    expect(signUp.status).toBe(201);
    expect(signUp.body).toMatchObject({ success: true, message: expect.stringContaining('verification code') });

    const mail = await shop.mail.next(email);
    expect(mail.subject).toBe('Verify your e-mail for Gift & Gear Shop');
    expect(mail.subject).not.toMatch(/\d{6}/);
    expect(mail.raw).toContain('Content-Type: text/html');
    const code = codeIn(mail);

    const verified = await post('/api/user/verifyemail', { otp: code, email });
    expect(verified).toMatchObject({ status: 200, body: { success: true, message: 'OTP verified successfully' } });

    const signIn = await post('/api/user/signin', { email, password: PASSWORD });
    expect(signIn.status).toBe(200);
    const { user, token, msg } = signIn.body as { user: Record<string, unknown>; token: string; msg: string };
    expect(msg).toBe('User Login Successfully!');
    expect(user).toEqual({ id: user.id, _id: user.id, name: 'Asha Rao', email, phone: '9876543210', images: [], isAdmin: false });
    const id = user.id as string;

    const profile = await shop.call(`/api/user/${id}`, { token });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ id, _id: id, name: 'Asha Rao', email, phone: '9876543210', images: [], isAdmin: false, isVerify: true });

    const updated = await put(`/api/user/${id}`, { name: 'Asha R. Rao', email, phone: '9123456789', images: [] }, token);
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, name: 'Asha R. Rao', email, phone: '9123456789' });
    expect((await shop.call(`/api/user/${id}`, { token })).body).toMatchObject({ name: 'Asha R. Rao', phone: '9123456789' });

    const refusedEmail = await put(`/api/user/${id}`, { name: 'Asha', email: 'someone.else@example.in', phone: '9123456789' }, token);
    expect(refusedEmail).toMatchObject({ status: 400, body: { error: true, msg: 'The e-mail address can not be changed' } });

    const wrongOld = await put(`/api/user/changePassword/${id}`, { password: 'not-my-password', newPass: 'New-password-77', confirmPass: 'New-password-77' }, token);
    expect(wrongOld).toMatchObject({ status: 400, body: { error: true, msg: 'Your current password is wrong' } });
    const changed = await put(
      `/api/user/changePassword/${id}`,
      { name: 'Asha R. Rao', email, password: PASSWORD, newPass: 'New-password-77', phone: '9123456789', images: [] },
      token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, email });

    expect((await post('/api/user/signin', { email, password: PASSWORD })).body).toMatchObject({ error: true, msg: 'Invalid credentials' });
    const again = await post('/api/user/signin', { email, password: 'New-password-77' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ user: { id }, msg: 'User Login Successfully!' });
  });

  it('forgot password → reset code by e-mail → verify → new password → sign-in', async () => {
    const { email, userId } = await signUpVerified(shop);
    const forgot = await post('/api/user/forgotPassword', { email });
    expect(forgot).toMatchObject({ status: 200, body: { success: true, status: 'SUCCESS' } });
    const mail = await shop.mail.next(email);
    expect(mail.subject).toBe('Reset your Gift & Gear Shop password');

    const verified = await shop.call<{ resetToken: string }>('/api/user/verifyemail', { method: 'POST', body: { otp: codeIn(mail), email } });
    expect(verified.body).toEqual({ success: true, message: 'OTP verified successfully', resetToken: expect.stringMatching(/^[\w-]{43}$/) });
    const { resetToken } = verified.body;
    const reset = await post('/api/user/forgotPassword/changePassword', { email, newPass: 'Reset-password-88', confirmPass: 'Reset-password-88', resetToken });
    expect(reset).toMatchObject({ status: 200, body: { success: true, status: 'SUCCESS' } });

    // The grant is used once, even by the client that holds its secret.
    const replay = await post('/api/user/forgotPassword/changePassword', { email, newPass: 'Attacker-pass-99', confirmPass: 'Attacker-pass-99', resetToken });
    expect(replay).toMatchObject({ status: 403, body: { status: 'FAILED' } });

    const signIn = await post('/api/user/signin', { email, password: 'Reset-password-88' });
    expect(signIn).toMatchObject({ status: 200, body: { user: { id: userId } } });
  });

  it('unverified sign-in → { isVerify: false } → resend code (e-mail only) → emailVerify ack → verify → sign-in', async () => {
    const email = uniqueEmail('unverified');
    await post('/api/user/signup', { name: 'Ravi', email, phone: '9876500000', password: PASSWORD });
    const firstCode = codeIn(await shop.mail.next(email));

    const refused = await post('/api/user/signin', { email, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: true, isVerify: false, msg: expect.stringContaining('not verified') });

    // A resend right after sign-up is spaced out; the test moves the service clock and the wall
    // clock the limiter's store reads, instead of waiting.
    const early = await post('/api/user/verifyAccount/resendOtp', { email });
    expect(early).toMatchObject({ status: 429, body: { success: false } });
    expect(early.headers.get('retry-after')).toMatch(/^\d+$/);
    const clock = shop.t.shop.accounts.clock;
    const later = new Date(Date.now() + 31_000);
    const spy = vi.spyOn(clock, 'now').mockImplementation(() => new Date(later));
    const wall = vi.spyOn(Date, 'now').mockReturnValue(later.getTime());
    try {
      const resent = await post('/api/user/verifyAccount/resendOtp', { email });
      expect(resent.status).toBe(200);
      const body = resent.body as Record<string, unknown>;
      // The account's id only goes to a client holding its token; this one has none.
      expect(body).toMatchObject({ success: true, message: expect.any(String) });
      expect(body).not.toHaveProperty('existingUserId');
      expect(body).not.toHaveProperty('otp');
      const secondCode = codeIn(await shop.mail.next(email));

      // The superseded code no longer works (unless the CSPRNG repeated itself).
      if (firstCode !== secondCode) expect((await post('/api/user/verifyemail', { otp: firstCode, email })).body).toEqual({ success: false, message: 'Invalid OTP' });
      expect((await post('/api/user/verifyemail', { otp: secondCode, email })).status).toBe(200);
    } finally {
      spy.mockRestore();
      wall.mockRestore();
    }
    expect((await post('/api/user/signin', { email, password: PASSWORD })).status).toBe(200);
  });

  it('validates in the order and with the messages of the specification', async () => {
    const signUp = async (body: unknown) => (await post('/api/user/signup', body)).body;
    expect(await signUp({})).toEqual({ status: 'FAILED', msg: 'name can not be blank!' });
    expect(await signUp({ name: 'A' })).toEqual({ status: 'FAILED', msg: 'email can not be blank!' });
    expect(await signUp({ name: 'A', email: 'a@example.in' })).toEqual({ status: 'FAILED', msg: 'phone can not be blank!' });
    expect(await signUp({ name: 'A', email: 'a@example.in', phone: '9876543210' })).toEqual({ status: 'FAILED', msg: 'password can not be blank!' });
    expect(await signUp({ name: 'A', email: 'not-an-email', phone: '9876543210', password: PASSWORD })).toEqual({
      status: 'FAILED',
      msg: 'Please enter a valid email address',
    });
    expect((await post('/api/user/signin', { password: 'x' })).body).toEqual({ error: true, msg: 'email can not be blank!' });
    expect((await post('/api/user/signin', { email: 'a@example.in' })).body).toEqual({ error: true, msg: 'password can not be blank!' });
    expect((await post('/api/user/forgotPassword', {})).body).toEqual({ status: 'FAILED', msg: 'Please enter your email' });
    expect((await post('/api/user/verifyemail', { email: 'a@example.in' })).body).toEqual({ success: false, message: 'Please enter OTP' });
    const reset = async (body: unknown) => (await post('/api/user/forgotPassword/changePassword', body)).body;
    expect(await reset({ email: 'a@example.in' })).toEqual({ status: 'FAILED', msg: 'Please enter new password' });
    expect(await reset({ email: 'a@example.in', newPass: 'Long-enough-1' })).toEqual({ status: 'FAILED', msg: 'Please confirm password' });
    expect(await reset({ email: 'a@example.in', newPass: 'Long-enough-1', confirmPass: 'Long-enough-2' })).toEqual({
      status: 'FAILED',
      msg: 'Password and confirm password not match',
    });

    const { token, userId } = await signUpVerified(shop);
    const change = async (body: unknown) => (await put(`/api/user/changePassword/${userId}`, body, token)).body;
    expect(await change({ password: PASSWORD })).toEqual({ error: true, msg: 'Please fill all the details' });
    expect(await change({ password: PASSWORD, newPass: 'Long-enough-1', confirmPass: 'Long-enough-2' })).toEqual({
      error: true,
      msg: 'Password and confirm password not match',
    });
    expect((await put(`/api/user/${userId}`, { name: '', phone: '9876543210' }, token)).body).toEqual({ error: true, msg: 'Please fill all the details' });
  });

  it('answers unknown users in each route’s own shape', async () => {
    const nobody = uniqueEmail('nobody');
    expect(await post('/api/user/signin', { email: nobody, password: PASSWORD })).toMatchObject({ status: 404, body: { error: true, msg: 'User not found!' } });
    expect(await post('/api/user/verifyemail', { email: nobody, otp: '123456' })).toMatchObject({ status: 404, body: { success: false, message: 'User not found' } });
    expect(await post('/api/user/forgotPassword', { email: nobody })).toMatchObject({ status: 404, body: { status: 'FAILED' } });
    expect(await post('/api/user/verifyAccount/resendOtp', { email: nobody })).toMatchObject({ status: 404, body: { success: false } });
  });

  it('subscribes to the newsletter once per e-mail, with a confirmation mail', async () => {
    const email = uniqueEmail('news');
    expect(await post('/api/newsletter', { email })).toMatchObject({ status: 200, body: { success: true, message: expect.any(String) } });
    expect((await shop.mail.next(email)).subject).toContain('newsletter');
    expect(await post('/api/newsletter', { email: email.toUpperCase() })).toMatchObject({ status: 200, body: { success: true } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(shop.mail.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
    expect((await post('/api/newsletter', { email: 'nope' })).body).toEqual({ success: false, message: 'Please enter a valid email address' });
  });

  it('hashes a new password at the configured cost (the test shops: PASSWORD_HASH_COST=10)', async () => {
    const hashes = vi.spyOn(shop.t.shop.accounts.passwords, 'hash');
    await signUpVerified(shop);
    expect(await hashes.mock.results[0]!.value).toMatch(/^scrypt\$1024\$8\$1\$/);
    hashes.mockRestore();
  });

  it('tells the UI whether Google sign-in is available', async () => {
    expect((await shop.call('/api/config/public')).body).toEqual({ googleClientId: null });
    expect(await post('/api/user/authWithGoogle', { credential: 'x' })).toMatchObject({
      status: 503,
      body: { error: true, msg: 'Google sign-in is not configured on this server' },
    });
  });
});
