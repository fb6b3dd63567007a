import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, codeIn, signUpVerified, startAccountShop, type AccountShop } from '../../../../test-support/account-kit.ts';

/** Tokens do not outlive a password change or reset (a revoked admin role: admin-role.test.ts). */
describe('sessions ended by account changes', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = (path: string, body: unknown) => shop.call(path, { method: 'POST', body });
  const profile = (userId: string, token: string) => shop.call(`/api/user/${userId}`, { token });
  async function signIn(email: string, password = PASSWORD): Promise<string> {
    const reply = await shop.call<{ token: string }>('/api/user/signin', { method: 'POST', body: { email, password } });
    expect(reply.status).toBe(200);
    return reply.body.token;
  }

  it('a password change ends the other sessions and keeps the one that made it', async () => {
    const { email, userId, token: laptop } = await signUpVerified(shop);
    const phone = await signIn(email);
    expect((await profile(userId, phone)).status).toBe(200);

    const change = await shop.call(`/api/user/changePassword/${userId}`, {
      method: 'PUT',
      body: { name: 'Asha Rao', email, password: PASSWORD, newPass: 'Changed-pass-31', phone: '9876543210', images: [] },
      token: laptop,
    });
    expect(change.status).toBe(200);

    expect(await profile(userId, phone)).toMatchObject({ status: 401, body: { error: true, msg: 'Please login to continue' } });
    // Every signed-in route refuses it, writes included.
    expect((await shop.call('/api/cart/add', { method: 'POST', body: {}, token: phone })).status).toBe(401);
    expect((await profile(userId, laptop)).status).toBe(200);
    expect((await profile(userId, await signIn(email, 'Changed-pass-31'))).status).toBe(200);
  });

  it('a password reset ends every session signed in before it', async () => {
    const { email, userId, token } = await signUpVerified(shop);
    expect((await post('/api/user/forgotPassword', { email })).status).toBe(200);
    const code = codeIn(await shop.mail.next(email));
    const verified = await post('/api/user/verifyemail', { otp: code, email });
    expect(verified.status).toBe(200);
    const { resetToken } = verified.body as { resetToken: string };
    const reset = await post('/api/user/forgotPassword/changePassword', { email, newPass: 'Reset-pass-62', confirmPass: 'Reset-pass-62', resetToken });
    expect(reset.status).toBe(200);

    expect((await profile(userId, token)).status).toBe(401);
    expect((await profile(userId, await signIn(email, 'Reset-pass-62'))).status).toBe(200);
  });
});
