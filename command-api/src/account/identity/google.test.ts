import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_CLIENT_ID, PASSWORD, codeIn, signUpVerified, startAccountShop, startFakeGoogle, uniqueEmail, type AccountShop, type FakeGoogle } from '../../../../test-support/account-kit.ts';

/** Google sign-in against ID tokens signed by our own key, published on a local JWKS endpoint. */
describe('Google sign-in over HTTP', () => {
  let google: FakeGoogle;
  let shop: AccountShop;
  beforeAll(async () => {
    google = await startFakeGoogle();
    shop = await startAccountShop({ GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
  });
  afterAll(async () => {
    await shop?.close();
    await google?.close();
  });

  const signIn = (body: unknown) => shop.call<Record<string, unknown>>('/api/user/authWithGoogle', { method: 'POST', body });

  it('publishes the client id for Google Identity Services', async () => {
    expect((await shop.call('/api/config/public')).body).toEqual({ googleClientId: GOOGLE_CLIENT_ID });
  });

  it('creates a verified account from a valid token, and signs the same person in again', async () => {
    const email = uniqueEmail('google');
    const credential = await google.sign({ sub: 'google-sub-1', email: email.toUpperCase(), name: 'Priya Google' });
    const first = await signIn({ credential, name: 'Browser Says', email: 'browser@lies.example' });
    expect(first.status).toBe(200);
    const { user, token, msg } = first.body as { user: Record<string, unknown>; token: string; msg: string };
    expect(msg).toBe('User Login Successfully!');
    expect(user).toMatchObject({ name: 'Priya Google', email, isAdmin: false, images: [] });
    expect(user.id).toBe(user._id);
    expect((await shop.call(`/api/user/${user.id as string}`, { token })).body).toMatchObject({ email, isVerify: true });

    const again = await signIn({ idToken: await google.sign({ sub: 'google-sub-1', email }) });
    expect(again.body).toMatchObject({ user: { id: user.id } });
    // A Google-only account has no password to sign in with.
    expect((await shop.call('/api/user/signin', { method: 'POST', body: { email, password: PASSWORD } })).body).toMatchObject({ error: true });
  });

  it('links Google to an existing verified account, keeping its password', async () => {
    const { email, userId } = await signUpVerified(shop);
    const reply = await signIn({ credential: await google.sign({ sub: 'google-sub-2', email }) });
    expect(reply.body).toMatchObject({ user: { id: userId, name: 'Asha Rao' } });
    expect((await shop.call('/api/user/signin', { method: 'POST', body: { email, password: PASSWORD } })).status).toBe(200);
  });

  it('revokes the password of a never-verified account Google now vouches for (no pre-hijacking)', async () => {
    const email = uniqueEmail('prehijack');
    await shop.call('/api/user/signup', { method: 'POST', body: { name: 'Squatter', email, phone: '9876543210', password: PASSWORD } });
    codeIn(await shop.mail.next(email));
    expect((await signIn({ credential: await google.sign({ sub: 'google-sub-3', email }) })).status).toBe(200);
    const squatter = await shop.call('/api/user/signin', { method: 'POST', body: { email, password: PASSWORD } });
    expect(squatter).toMatchObject({ status: 400, body: { error: true } });
  });

  it('refuses a wrong audience, a wrong issuer, an expired token, an unverified e-mail and garbage', async () => {
    const email = uniqueEmail('bad');
    const now = Math.floor(Date.now() / 1000);
    const tokens = [
      await google.sign({ sub: 's', email }, { audience: 'someone-else.apps.googleusercontent.com' }),
      await google.sign({ sub: 's', email }, { issuer: 'https://evil.example.com' }),
      await google.sign({ sub: 's', email }, { expiresAt: now - 120 }),
      await google.sign({ sub: 's', email, emailVerified: false }),
      'not.a.token',
    ];
    for (const credential of tokens) {
      expect(await signIn({ credential })).toMatchObject({ status: 401, body: { error: true, msg: expect.stringMatching(/Google sign-in failed/) } });
    }
    expect(await signIn({ name: 'x', email })).toMatchObject({ status: 400, body: { error: true } });
  });
});
