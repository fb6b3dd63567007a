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
    expect(tokens.verify(token)).toEqual(claims);
    expect(tokens.verify(token)).toEqual(claims);
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
    expect(tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T10:59:58Z'));
    expect(tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-11-22T11:00:01Z'));
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });
});
