import { createHmac, hkdfSync, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CodePurpose } from '@shop/contracts';

/**
 * A code lives 10 minutes. Each client may try it wrong 5 times (its 6th try fails even when
 * right); all clients together 30 times. The per-client lock is what a guesser meets, so strangers
 * do not lock the owner out; the shared cap still ends a code guessed from many addresses.
 */
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_CODE_ATTEMPTS = 5;
export const MAX_WRONG_CODES_ANY_CLIENT = 30;
/** How long a verified reset code lets its owner set a new password (once). */
export const RESET_GRANT_TTL_MS = 10 * 60_000;

/** What the log keeps about an issued code: never the code, only its keyed hash. */
export interface IssuedCode {
  codeId: string;
  purpose: CodePurpose;
  codeHash: string;
  issuedAt: string;
  expiresAt: string;
}

/**
 * The HMAC key for codes, derived from the server secret. A keyed hash matters here: a plain
 * SHA-256 of a 6-digit code is reversed by trying all million codes, so anyone reading the event
 * log could recover live codes. With the key, the log alone is not enough.
 */
export function deriveCodeKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'shop-one-time-codes', 'hmac-sha256 code key', 32));
}

export class CodeHasher {
  constructor(private readonly key: Uint8Array) {}

  /** The code id is mixed in, so the same digits issued twice never hash alike. */
  hash(codeId: string, code: string): string {
    return createHmac('sha256', this.key).update(`${codeId}:${code}`).digest('hex');
  }

  /** A fresh 6-digit code (uniform, from the CSPRNG) and what the log may keep about it. */
  issue(purpose: CodePurpose, now: Date): { code: string; issued: IssuedCode } {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const codeId = randomUUID();
    return {
      code,
      issued: {
        codeId,
        purpose,
        codeHash: this.hash(codeId, code),
        issuedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      },
    };
  }
}

/** Constant-time comparison of two hex digests. */
export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
