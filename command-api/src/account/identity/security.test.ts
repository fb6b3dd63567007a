import jwt from 'jsonwebtoken';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_COLLECTIONS, accountStreams, newId, type UserDoc } from '@shop/contracts';
import { emailDigest } from '../emails.ts';
import { PASSWORD, TEST_JWT_SECRET, codeIn, signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../../../../test-support/account-kit.ts';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('account security over HTTP', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop();
  });
  afterAll(async () => {
    await shop?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const post = (path: string, body: unknown, token?: string) => shop.call(path, { method: 'POST', body, token });
  const put = (path: string, body: unknown, token?: string) => shop.call(path, { method: 'PUT', body, token });
  /**
   * Moves the account service's clock (codes, grants) and the wall clock the throttles'
   * rate-limiter-flexible store reads, without sleeping.
   */
  const travel = (ms: number) => {
    const target = Date.now() + ms;
    vi.spyOn(shop.t.shop.accounts.clock, 'now').mockImplementation(() => new Date(target));
    vi.spyOn(Date, 'now').mockReturnValue(target);
  };
  async function signUp(email = uniqueEmail('sec')) {
    const reply = await post('/api/user/signup', { name: 'Meera', email, phone: '9876543210', password: PASSWORD });
    expect(reply.status).toBe(201);
    const code = codeIn(await shop.mail.next(email));
    return { email, code };
  }
  const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses a wrong code, then accepts the right one', async () => {
    const { email, code } = await signUp();
    expect(await post('/api/user/verifyemail', { otp: other(code), email })).toMatchObject({ status: 400, body: { success: false, message: 'Invalid OTP' } });
    expect(await post('/api/user/verifyemail', { otp: code, email })).toMatchObject({ status: 200, body: { success: true } });
  });

  it('refuses a code after its 10 minutes', async () => {
    const { email, code } = await signUp();
    travel(10 * 60_000 + 1000);
    expect(await post('/api/user/verifyemail', { otp: code, email })).toMatchObject({ status: 400, body: { success: false, message: 'OTP expired' } });
  });

  it('fails the sixth try of a code even when it is right', async () => {
    const { email, code } = await signUp();
    for (let i = 0; i < 5; i++) {
      expect((await post('/api/user/verifyemail', { otp: other(code), email })).body).toEqual({ success: false, message: 'Invalid OTP' });
    }
    const sixth = await post('/api/user/verifyemail', { otp: code, email });
    expect(sixth).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/Too many wrong tries/) } });
  });

  it('refuses a password reset without a verified reset code, and after the grant ran out', async () => {
    const { email } = await signUpVerified(shop);
    const reset = (resetToken?: string) =>
      post('/api/user/forgotPassword/changePassword', { email, newPass: 'Hijacked-pass-1', confirmPass: 'Hijacked-pass-1', resetToken });
    expect(await reset()).toMatchObject({ status: 403, body: { status: 'FAILED' } });

    // A reset code that was e-mailed but not verified is not enough either.
    await post('/api/user/forgotPassword', { email });
    const code = codeIn(await shop.mail.next(email));
    expect(await reset()).toMatchObject({ status: 403, body: { status: 'FAILED' } });

    const verified = await post('/api/user/verifyemail', { otp: code, email });
    expect(verified.status).toBe(200);
    const { resetToken } = verified.body as { resetToken: string };
    travel(10 * 60_000 + 1000);
    expect(await reset(resetToken)).toMatchObject({ status: 403, body: { status: 'FAILED', msg: expect.stringMatching(/too long ago/) } });
    vi.restoreAllMocks();
    expect((await post('/api/user/signin', { email, password: PASSWORD })).status).toBe(200);
  });

  it('lets user A neither read nor change user B (403), and needs a token (401)', async () => {
    const a = await signUpVerified(shop);
    const b = await signUpVerified(shop);
    expect(await shop.call(`/api/user/${b.userId}`, { token: a.token })).toMatchObject({ status: 403, body: { error: true } });
    expect(await put(`/api/user/${b.userId}`, { name: 'Owned', phone: '9876543210' }, a.token)).toMatchObject({ status: 403 });
    expect(await put(`/api/user/changePassword/${b.userId}`, { password: PASSWORD, newPass: 'Owned-pass-123' }, a.token)).toMatchObject({ status: 403 });
    expect(await shop.call(`/api/user/${b.userId}`)).toMatchObject({ status: 401, body: { error: true } });
    expect(await shop.call('/api/user/not-an-id', { token: a.token })).toMatchObject({ status: 400 });
    expect((await shop.call(`/api/user/${b.userId}`, { token: b.token })).body).toMatchObject({ name: 'Asha Rao' });
  });

  it('refuses tampered, expired and unsigned tokens (401)', async () => {
    const a = await signUpVerified(shop);
    const b = await signUpVerified(shop);
    const [header, , signature] = a.token.split('.');
    const forged = `${header}.${b64({ sub: b.userId, email: b.email, isAdmin: true, exp: Math.floor(Date.now() / 1000) + 3600 })}.${signature}`;
    const expired = jwt.sign({ email: a.email, isAdmin: false, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET, { algorithm: 'HS256', subject: a.userId });
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: a.userId, email: a.email, isAdmin: false })}.`;
    const otherKey = jwt.sign({ email: a.email, isAdmin: false }, 'another-secret-that-is-long-enough-000000', { algorithm: 'HS256', subject: a.userId });
    for (const token of [forged, expired, unsigned, otherKey, `${a.token}x`]) {
      expect(await shop.call(`/api/user/${a.userId}`, { token })).toMatchObject({ status: 401, body: { error: true } });
    }
    expect((await shop.call(`/api/user/${a.userId}`, { token: a.token })).status).toBe(200);
  });

  it('gives two simultaneous sign-ups with one e-mail exactly one account and one clear failure', async () => {
    const email = uniqueEmail('race');
    const attempt = (name: string, address: string) =>
      post('/api/user/signup', { name, email: address, phone: '9876543210', password: PASSWORD });
    const replies = await Promise.all([attempt('First', email), attempt('Second', email.toUpperCase())]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(replies.find((r) => r.status === 409)!.body).toEqual({ status: 'FAILED', msg: 'User already exist with this email!' });
    await shop.mail.next(email);
    const users = await shop.t.shop.docs.find<UserDoc>(ACCOUNT_COLLECTIONS.users, { email });
    expect(users).toHaveLength(1);
    const log = await shop.t.shop.events.readAll({ limit: 100_000 });
    expect(log.filter((e) => e.type === 'AccountRegistered' && (e.data as { email: string }).email === email)).toHaveLength(1);
    // And later attempts get the same clear answer.
    expect((await attempt('Third', email)).body).toEqual({ status: 'FAILED', msg: 'User already exist with this email!' });
  });

  it('completes a sign-up whose e-mail was reserved by an attempt that crashed before registering', async () => {
    const email = uniqueEmail('crash');
    const orphan = newId();
    await shop.t.shop.events.append(
      accountStreams.emailReservation(emailDigest(email)),
      [{ id: crypto.randomUUID(), type: 'AccountEmailReserved', data: { userId: orphan, email, reservedAt: new Date().toISOString() } }],
      'no_stream',
    );
    const { userId } = await signUpVerified(shop, email);
    expect(userId).toBe(orphan);
  });

  it('slows repeated failed sign-ins, then refuses them for a while (429), even with the right password', async () => {
    const { email } = await signUpVerified(shop);
    const started = performance.now();
    for (let i = 0; i < 8; i++) {
      expect((await post('/api/user/signin', { email, password: 'wrong-password' })).body).toEqual({ error: true, msg: 'Invalid credentials' });
    }
    expect(performance.now() - started).toBeGreaterThan(2000);
    const locked = await post('/api/user/signin', { email, password: PASSWORD });
    expect(locked).toMatchObject({ status: 429, body: { error: true, msg: expect.stringMatching(/Too many failed sign-in attempts/) } });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(60);
    travel(15 * 60_000 + 1000);
    expect((await post('/api/user/signin', { email, password: PASSWORD })).status).toBe(200);
  }, 20_000);

  it('never puts a code, a password or a hash in any reply or read model', async () => {
    // Every code any e-mail of this suite carried, plus the password every account used.
    const codes = shop.mail.messages.filter((m) => /Your code: \d{6}/.test(m.raw)).map(codeIn);
    expect(codes.length).toBeGreaterThan(10);
    const secrets = [...codes, PASSWORD];
    const replies = shop.replies.join('\n');
    for (const secret of secrets) expect(replies).not.toContain(secret);
    expect(replies).not.toMatch(/scrypt\$|passwordHash|codeHash|"otp"/);
    const users = await shop.t.shop.docs.find(ACCOUNT_COLLECTIONS.users, {});
    expect(users.length).toBeGreaterThan(5);
    const stored = JSON.stringify(users);
    expect(stored).not.toMatch(/scrypt\$|passwordHash|codeHash|otp/);
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });
});
