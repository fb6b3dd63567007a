import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.ts';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const claims = { userId: 'user-1', email: 'asha@example.in', isAdmin: false };

describe('TokenService', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own tokens, again and again', () => {
    const tokens = new TokenService(SECRET);
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
  });

  it('refuses a tampered token, one signed with another secret, and garbage', () => {
    const tokens = new TokenService(SECRET);
    const token = tokens.sign(claims);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'user-2', email: 'x@example.in', isAdmin: true, exp: 4102444800 })).toString('base64url');
    expect(tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
    expect(tokens.verify(`${header}.${payload}.${signature!.slice(0, -2)}xx`)).toBeNull();
    expect(tokens.verify(new TokenService(`${SECRET}-other`).sign(claims))).toBeNull();
    expect(tokens.verify('not-a-token')).toBeNull();
  });

  it('stops accepting a token once it has expired, even one it verified before', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const tokens = new TokenService(SECRET, '1h');
    const token = tokens.sign(claims);
    expect(tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-11-22T10:59:58Z'));
    expect(tokens.verify(token)).toMatchObject(claims);
    vi.setSystemTime(new Date('2026-11-22T11:00:01Z'));
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });

  it('gives every sign-in its own session, with when it was issued', () => {
    const tokens = new TokenService(SECRET);
    const before = Date.now();
    const first = tokens.verify(tokens.sign(claims));
    const second = tokens.verify(tokens.sign(claims));
    expect(first?.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.sessionId).not.toBe(first?.sessionId);
    expect(first?.signedInAt).toBeGreaterThanOrEqual(before);
    expect(first?.signedInAt).toBeLessThanOrEqual(Date.now());
  });

  it('authenticates only sessions its revocations do not withdraw, asking on every call', async () => {
    const withdrawn = new Set<string>();
    const tokens = new TokenService(SECRET, '1h', { current: async (session) => (withdrawn.has(session.sessionId) ? null : session) });
    const token = tokens.sign(claims);
    const session = await tokens.authenticate(token);
    expect(session).toMatchObject(claims);
    withdrawn.add(session!.sessionId);
    expect(await tokens.authenticate(token)).toBeNull();
    expect(await tokens.authenticate('not-a-token')).toBeNull();
  });
});
