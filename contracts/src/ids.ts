import { z } from 'zod';

/**
 * Document ids look like MongoDB ObjectIds (24 hex digits, the first 8 a timestamp) because the
 * original client and its data used them; they sort roughly by creation time.
 */
export const ID_PATTERN = /^[a-f0-9]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'Invalid id');

export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000).toString(16).padStart(8, '0');
  return seconds + randomHex8();
}

/**
 * Random bytes are drawn 4 KB at a time, as Node does for randomUUID: one call into the CSPRNG
 * per 512 ids instead of one (and a fresh buffer) per id, which cost a cart command more than
 * the rest of making its line. Web Crypto's getRandomValues (a global in Node and browsers) rather
 * than node:crypto, so the admin screens can bundle this module's schemas for their forms.
 */
const pool = new Uint8Array(4096);
let used = pool.length;

function randomHex8(): string {
  if (used + 8 > pool.length) {
    globalThis.crypto.getRandomValues(pool);
    used = 0;
  }
  const hex = Buffer.from(pool.buffer, used, 8).toString('hex');
  used += 8;
  return hex;
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
