import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard, in node:crypto). The stored string names its own
 * parameters — `scrypt$<N>$<r>$<p>$<salt>$<hash>` — so the cost can be raised later and old
 * hashes still verify. The cost is log2 N with r = 8, p = 1: the default 15 uses 32 MiB and
 * ~75 ms of a core per hash, slow for an attacker with a stolen log and unnoticeable at sign-in;
 * each step up doubles both (PASSWORD_HASH_COST; production refuses less than the default).
 */
export const DEFAULT_PASSWORD_COST = 15;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem: 256 * options.N! * options.r! }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** A new password's hash at `cost` (log2 N). */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const params = { N: 2 ** cost, r: 8, p: 1 };
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Constant-time check of a password against a stored hash; false for any malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (![options.N, options.r, options.p].every((v) => Number.isInteger(v) && v > 0)) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), options);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
