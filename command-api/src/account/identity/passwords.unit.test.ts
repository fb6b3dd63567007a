import { describe, expect, it } from 'vitest';
import { CodeHasher, deriveCodeKey, sameDigest } from '../codes.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

describe('passwords (scrypt)', () => {
  it('hashes with a per-password salt and verifies only the right password', async () => {
    const [a, b] = await Promise.all([hashPassword('Correct-horse-42'), hashPassword('Correct-horse-42')]);
    expect(a).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('Correct-horse-42');
    expect(await verifyPassword('Correct-horse-42', a)).toBe(true);
    expect(await verifyPassword('correct-horse-42', a)).toBe(false);
    expect(await verifyPassword('Correct-horse-42', 'scrypt$0$0$0$x$y')).toBe(false);
    expect(await verifyPassword('Correct-horse-42', 'plain')).toBe(false);
  });

  it('hashes at the cost it is given, and verifies a hash at the cost the hash names', async () => {
    const cheap = await hashPassword('Correct-horse-42', 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Correct-horse-42', cheap)).toBe(true);
    expect(await verifyPassword('Correct-horse-43', cheap)).toBe(false);
  });
});

describe('one-time codes', () => {
  const hasher = new CodeHasher(deriveCodeKey('a-server-secret-of-at-least-32-characters'));

  it('are 6 digits, valid 10 minutes, stored only as a keyed hash bound to the code id', () => {
    const now = new Date('2025-06-01T10:00:00.000Z');
    const { code, issued } = hasher.issue('verify', now);
    expect(code).toMatch(/^\d{6}$/);
    expect(issued.expiresAt).toBe('2025-06-01T10:10:00.000Z');
    expect(JSON.stringify(issued)).not.toContain(code);
    expect(sameDigest(hasher.hash(issued.codeId, code), issued.codeHash)).toBe(true);
    expect(sameDigest(hasher.hash(crypto.randomUUID(), code), issued.codeHash)).toBe(false);
    const otherKey = new CodeHasher(deriveCodeKey('another-server-secret-of-32-characters!!'));
    expect(sameDigest(otherKey.hash(issued.codeId, code), issued.codeHash)).toBe(false);
  });

  it('are spread over the whole range', () => {
    const codes = new Set(Array.from({ length: 200 }, () => hasher.issue('verify', new Date()).code));
    expect(codes.size).toBeGreaterThan(190);
  });
});
