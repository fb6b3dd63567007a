import { randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * Document ids look like MongoDB ObjectIds (24 hex digits, the first 8 a timestamp) because the
 * original client and its data used them; they sort roughly by creation time.
 */
export const ID_PATTERN = /^[a-f0-9]{24}$/;
export const idSchema = z.string().regex(ID_PATTERN, 'Invalid id');

export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000).toString(16).padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}
