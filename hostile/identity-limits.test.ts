/**
 * Hostile clients against the sign-in and code limits (issue #13): a parallel burst runs no more
 * password checks than the limit allows, and a client cannot pick its own address with
 * X-Forwarded-For unless the operator said how many proxies to trust (TRUST_PROXY).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { codeIn, signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../test-support/account-kit.ts';
import { scaledTimeout } from '../test-support/time-budget.ts';

const LOCK_AFTER = 8;
const ADDRESS_LIMIT = 50;

const signIn = (shop: AccountShop, email: string, password: string, forwardedFor?: string) =>
  shop.call('/api/user/signin', {
    method: 'POST',
    body: { email, password },
    ...(forwardedFor ? { headers: { 'X-Forwarded-For': forwardedFor } } : {}),
  });

describe('hostile: a parallel burst of wrong sign-ins', () => {
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

  it('runs at most the limit of password checks, and refuses the rest with 429 before checking', async () => {
    const { email } = await signUpVerified(shop);
    const checks = vi.spyOn(shop.t.shop.accounts.passwords, 'verify');
    const replies = await Promise.all(Array.from({ length: 30 }, () => signIn(shop, email, 'wrong-password-1')));
    const statuses = replies.map((reply) => reply.status);
    expect(statuses.filter((status) => status !== 429).length).toBeLessThanOrEqual(LOCK_AFTER);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(30 - LOCK_AFTER);
    expect(checks.mock.calls.length).toBeLessThanOrEqual(LOCK_AFTER);
    for (const reply of replies.filter((r) => r.status === 429)) {
      expect(reply.body).toMatchObject({ error: true, msg: expect.stringMatching(/Too many failed sign-in attempts/) });
    }
  }, scaledTimeout(30_000));

  it('throttles the code-route id check (PUT emailVerify/:id) like the other code routes', async () => {
    const { email, userId } = await signUpVerified(shop);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await shop.call(`/api/user/verifyAccount/emailVerify/${userId}`, { method: 'PUT', body: { email } })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

/** 50 failed sign-ins (unknown accounts: no password is checked) from what each request claims to be a new address. */
async function sprayWithSpoofedAddresses(shop: AccountShop, claimed: (i: number) => string) {
  for (let i = 0; i < ADDRESS_LIMIT; i++) {
    const reply = await signIn(shop, uniqueEmail('nobody'), 'whatever-pass-1', claimed(i));
    expect(reply.status).toBe(404);
  }
}

describe('hostile: spoofed X-Forwarded-For without TRUST_PROXY (the production image\'s default)', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('counts every request against the socket address, whatever the header claims', async () => {
    await sprayWithSpoofedAddresses(shop, (i) => `203.0.113.${i}`);
    const next = await signIn(shop, uniqueEmail('nobody'), 'whatever-pass-1', '198.51.100.77');
    expect(next).toMatchObject({ status: 429, body: { error: true } });
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(60);
  }, scaledTimeout(60_000));
});

describe('hostile: X-Forwarded-For with TRUST_PROXY=1 (one proxy in front)', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it('takes the address the trusted proxy added, so entries a client prepends change nothing', async () => {
    // The proxy appends the client's real address (192.0.2.10); the client forged what comes before it.
    await sprayWithSpoofedAddresses(shop, (i) => `203.0.113.${i}, 192.0.2.10`);
    expect((await signIn(shop, uniqueEmail('nobody'), 'whatever-pass-1', 'forged, 192.0.2.10')).status).toBe(429);
    // Another client behind the same proxy is a different address, and is not refused.
    expect((await signIn(shop, uniqueEmail('nobody'), 'whatever-pass-1', '192.0.2.11')).status).toBe(404);
  }, scaledTimeout(60_000));
});

/**
 * Issue #25: one client may not spread code guesses over many accounts, nor probe unknown
 * addresses without limit; each client is its own address here (one proxy trusted).
 */
describe('hostile: code guessing and address probing from one client', () => {
  let shop: AccountShop;
  beforeAll(async () => {
    shop = await startAccountShop({ NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await shop?.close();
  });

  /** The per-client budget of failed code checks (and of code e-mails) per hour. */
  const PER_CLIENT = 30;
  const post = (path: string, body: unknown, client?: string) =>
    shop.call(path, { method: 'POST', body, ...(client ? { headers: { 'X-Forwarded-For': client } } : {}) });
  const other = (code: string) => (code === '000000' ? '111111' : '000000');

  it('refuses a client guessing codes spread over many accounts (429) once its budget is spent, and the owners still verify', async () => {
    const accounts: { email: string; code: string }[] = [];
    for (let i = 0; i < 9; i++) {
      const email = uniqueEmail('spread');
      expect((await post('/api/user/signup', { name: 'Asha Rao', email, phone: '9876543210', password: 'Correct-horse-42' }, `192.0.2.${i + 1}`)).status).toBe(201);
      accounts.push({ email, code: codeIn(await shop.mail.next(email)) });
    }
    // Four wrong tries per account: under each account's lock, 36 in all from one client.
    const statuses: number[] = [];
    for (const { email, code } of accounts) {
      for (let i = 0; i < 4; i++) {
        const reply = await post('/api/user/verifyemail', { otp: other(code), email }, '198.51.100.9');
        statuses.push(reply.status);
        if (reply.status === 429) {
          expect(reply.body).toMatchObject({ success: false, message: expect.stringMatching(/Too many wrong codes/) });
          expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(60);
        }
      }
    }
    const firstRefused = statuses.indexOf(429);
    expect(firstRefused).toBe(PER_CLIENT);
    expect(statuses.slice(firstRefused).every((status) => status === 429)).toBe(true);
    for (const { email, code } of accounts) expect((await post('/api/user/verifyemail', { otp: code, email })).status).toBe(200);
  }, scaledTimeout(60_000));

  it('throttles unknown addresses per client on resendOtp, forgotPassword and verifyemail, refusing them as it refuses known ones', async () => {
    const known = await signUpVerified(shop);
    const routes = [
      { path: '/api/user/verifyAccount/resendOtp', body: (email: string) => ({ email }), client: '198.51.100.21' },
      { path: '/api/user/forgotPassword', body: (email: string) => ({ email }), client: '198.51.100.22' },
      { path: '/api/user/verifyemail', body: (email: string) => ({ email, otp: '123456' }), client: '198.51.100.23' },
    ];
    for (const route of routes) {
      const statuses: number[] = [];
      for (let i = 0; i < PER_CLIENT + 5; i++) statuses.push((await post(route.path, route.body(uniqueEmail('nobody')), route.client)).status);
      expect(statuses.slice(0, PER_CLIENT).every((status) => status === 404), route.path).toBe(true);
      expect(statuses.slice(PER_CLIENT).every((status) => status === 429), route.path).toBe(true);
      // Refused alike, known address or not.
      const unknown = await post(route.path, route.body(uniqueEmail('nobody')), route.client);
      const knownReply = await post(route.path, route.body(known.email), route.client);
      expect(knownReply.status).toBe(429);
      expect(knownReply.body).toEqual(unknown.body);
    }
  }, scaledTimeout(60_000));

  it('throttles requests naming one unknown address from many clients', async () => {
    const email = uniqueEmail('nobody');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await post('/api/user/forgotPassword', { email }, `198.18.0.${i + 1}`)).status);
    expect(statuses.slice(0, 10).every((status) => status === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('hands existingUserId only to a client holding the account\'s token', async () => {
    const email = uniqueEmail('unverified');
    expect((await post('/api/user/signup', { name: 'Ravi', email, phone: '9876543210', password: 'Correct-horse-42' }, '198.51.100.40')).status).toBe(201);
    await shop.mail.next(email);
    // Past the resend cooldown: the test moves the wall clock the limiter reads and the service clock.
    const later = new Date(Date.now() + 31_000);
    const clock = vi.spyOn(shop.t.shop.accounts.clock, 'now').mockImplementation(() => new Date(later));
    const wall = vi.spyOn(Date, 'now').mockReturnValue(later.getTime());
    try {
      const resent = await post('/api/user/verifyAccount/resendOtp', { email }, '198.51.100.41');
      expect(resent).toMatchObject({ status: 200, body: { success: true } });
      expect(resent.body).not.toHaveProperty('existingUserId');
    } finally {
      clock.mockRestore();
      wall.mockRestore();
    }
  });
});
