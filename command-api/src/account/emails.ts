import { createHash } from 'node:crypto';

/** The form uniqueness is decided on: trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Hex SHA-256 of the normalised e-mail: names the reservation stream without showing the address. */
export function emailDigest(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}
