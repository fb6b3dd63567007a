/**
 * Hostile clients against the password reset (issue #13): a reset belongs to the client that
 * verified the code. Another client that knows the e-mail, or even the moment the code was
 * verified, gets no password change, and its tries are throttled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, codeIn, signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../test-support/account-kit.ts';

describe('hostile: password reset takeover', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const post = <T = Record<string, unknown>>(path: string, body: unknown, headers?: Record<string, string>) =>
    shop.call<T>(path, { method: 'POST', body, ...(headers ? { headers } : {}) });
  const changePassword = '/api/user/forgotPassword/changePassword';

  /** The owner asks for a reset code and verifies it: the reply hands them the reset's secret. */
  async function ownerVerifiesResetCode(email: string): Promise<string> {
    expect((await post('/api/user/forgotPassword', { email })).status).toBe(200);
    const verified = await post<{ resetToken?: string }>('/api/user/verifyemail', { otp: codeIn(await shop.mail.next(email)), email });
    expect(verified.status).toBe(200);
    return verified.body.resetToken ?? '';
  }

  it('refuses a second client that knows only the e-mail, right after the owner verified the code', async () => {
    const { email } = await signUpVerified(shop);
    const ownerToken = await ownerVerifiesResetCode(email);

    const takeover = await post(changePassword, { email, newPass: 'Attacker-pass-1', confirmPass: 'Attacker-pass-1' });
    expect(takeover).toMatchObject({ status: 403, body: { status: 'FAILED', msg: expect.stringMatching(/verify the code/) } });
    const guessed = await post(changePassword, { email, newPass: 'Attacker-pass-1', confirmPass: 'Attacker-pass-1', resetToken: 'A'.repeat(43) });
    expect(guessed).toMatchObject({ status: 403, body: { status: 'FAILED' } });
    expect((await post('/api/user/signin', { email, password: 'Attacker-pass-1' })).status).toBe(400);

    // The owner's reset still works (the attacker's tries did not use up the grant), once.
    expect(ownerToken).toMatch(/^[\w-]{43}$/);
    const owner = await post(changePassword, { email, newPass: 'Owner-new-pass-1', confirmPass: 'Owner-new-pass-1', resetToken: ownerToken });
    expect(owner).toMatchObject({ status: 200, body: { status: 'SUCCESS' } });
    expect((await post(changePassword, { email, newPass: 'Owner-new-pass-2', confirmPass: 'Owner-new-pass-2', resetToken: ownerToken })).status).toBe(403);
    expect((await post('/api/user/signin', { email, password: 'Owner-new-pass-1' })).status).toBe(200);
    expect((await post('/api/user/signin', { email, password: PASSWORD })).status).toBe(400);
  });

  it('keeps only a hash of the reset secret in the event log', async () => {
    const { email, userId } = await signUpVerified(shop);
    const secret = await ownerVerifiesResetCode(email);
    const stream = await shop.t.shop.events.readStream(`account-${userId}`);
    const grant = stream.find((event) => event.type === 'PasswordResetCodeVerified');
    expect(grant?.data).toMatchObject({ secretHash: expect.stringMatching(/^[a-f0-9]{64}$/) });
    expect(JSON.stringify(stream.map((event) => [event.data, event.metadata]))).not.toContain(secret);
  });

  it('throttles repeated reset tries from one client (429 with Retry-After)', async () => {
    const { email } = await signUpVerified(shop);
    await ownerVerifiesResetCode(email);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const reply = await shop.call(changePassword, {
        method: 'POST',
        body: { email, newPass: 'Attacker-pass-1', confirmPass: 'Attacker-pass-1', resetToken: `guess-${i}` },
      });
      statuses.push(reply.status);
      if (reply.status === 429) {
        expect(reply.body).toMatchObject({ status: 'FAILED', msg: expect.stringMatching(/Too many password reset attempts/) });
        expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(60);
      }
    }
    // At most 10 tries per address in 15 minutes (this suite's earlier tries count too), then refused.
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBeGreaterThan(0);
    expect(firstRefused).toBeLessThanOrEqual(10);
    expect(statuses.slice(0, firstRefused).every((status) => status === 403)).toBe(true);
    expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
  });
});

/**
 * Issue #25: strangers' wrong codes must not lock the owner out of their own code. Each client is
 * its own address here (one proxy trusted, X-Forwarded-For names the client).
 */
describe('hostile: wrong codes from a stranger', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  const STRANGER = { 'X-Forwarded-For': '203.0.113.66' };
  const post = <T = Record<string, unknown>>(path: string, body: unknown, headers?: Record<string, string>) =>
    shop.call<T>(path, { method: 'POST', body, ...(headers ? { headers } : {}) });
  const other = (code: string) => (code === '000000' ? '111111' : '000000');

  /** Six wrong tries from the stranger's address: the last is refused as "too many" for that client. */
  async function strangerGuesses(email: string, code: string) {
    for (let i = 0; i < 5; i++) expect((await post('/api/user/verifyemail', { otp: other(code), email }, STRANGER)).body).toEqual({ success: false, message: 'Invalid OTP' });
    const sixth = await post('/api/user/verifyemail', { otp: code, email }, STRANGER);
    expect(sixth).toMatchObject({ status: 400, body: { success: false, message: expect.stringMatching(/Too many wrong tries/) } });
  }

  it('still accepts the owner\'s right verification code', async () => {
    const email = uniqueEmail('owner');
    expect((await post('/api/user/signup', { name: 'Asha Rao', email, phone: '9876543210', password: PASSWORD })).status).toBe(201);
    const code = codeIn(await shop.mail.next(email));
    await strangerGuesses(email, code);
    expect(await post('/api/user/verifyemail', { otp: code, email })).toMatchObject({ status: 200, body: { success: true, message: 'OTP verified successfully' } });
  });

  it('still accepts the owner\'s right reset code, and the reset it allows', async () => {
    const { email } = await signUpVerified(shop);
    expect((await post('/api/user/forgotPassword', { email })).status).toBe(200);
    const code = codeIn(await shop.mail.next(email));
    await strangerGuesses(email, code);
    const verified = await post<{ resetToken?: string }>('/api/user/verifyemail', { otp: code, email });
    expect(verified.status).toBe(200);
    const reset = await post('/api/user/forgotPassword/changePassword', { email, newPass: 'Owner-new-pass-9', confirmPass: 'Owner-new-pass-9', resetToken: verified.body.resetToken });
    expect(reset).toMatchObject({ status: 200, body: { status: 'SUCCESS' } });
  });
});
