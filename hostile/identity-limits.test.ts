/**
 * Hostile clients against the sign-in and code limits (issue #13): a parallel burst runs no more
 * password checks than the limit allows, and a client cannot pick its own address with
 * X-Forwarded-For unless the operator said how many proxies to trust (TRUST_PROXY).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../test-support/account-kit.ts';

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
  }, 30_000);

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
  }, 60_000);
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
  }, 60_000);
});
