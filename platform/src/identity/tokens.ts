import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';

/** What a verified token says about its bearer. */
export interface TokenClaims {
  userId: string;
  email: string;
  isAdmin: boolean;
}

/**
 * Signs and verifies the shop's bearer tokens (HS256 JWT with an expiry). Identity anywhere in
 * the API comes from `verify`, never from a body or query field.
 */
export class TokenService {
  /**
   * A KeyObject, not the string: given a string, jsonwebtoken first tries it as a public key and
   * throws, which makes each verification cost ~1 ms instead of ~20 µs.
   */
  private readonly key: KeyObject;
  /**
   * Tokens already verified, with their expiry. A signed-in shopper sends the same token with
   * every request, and checking its HMAC and parsing it again cost more than a cart command's
   * own work. Keyed by the whole token (signature included), so only a byte-identical token
   * hits; the expiry is checked on every hit; only valid tokens are kept, so garbage sent by a
   * client cannot evict them.
   */
  private readonly verified = new LRUCache<string, { claims: TokenClaims; expiresAt: number }>({ max: 10_000 });

  constructor(
    secret: string,
    private readonly expiresIn: jwt.SignOptions['expiresIn'] = '7d',
  ) {
    if (secret.length < 32) throw new Error('The token secret must be at least 32 characters');
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  sign(claims: TokenClaims): string {
    return jwt.sign({ email: claims.email, isAdmin: claims.isAdmin }, this.key, {
      algorithm: 'HS256',
      subject: claims.userId,
      expiresIn: this.expiresIn,
    });
  }

  /** The claims of a valid token, or null for a missing, tampered, expired or unsigned one. */
  verify(token: string): TokenClaims | null {
    const now = Math.floor(Date.now() / 1000);
    const known = this.verified.get(token);
    if (known) {
      if (now < known.expiresAt) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload === 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
      const claims: TokenClaims = Object.freeze({ userId: payload.sub, email: String(payload.email ?? ''), isAdmin: payload.isAdmin === true });
      this.verified.set(token, { claims, expiresAt: payload.exp });
      return claims;
    } catch {
      return null;
    }
  }
}

/**
 * The embedded default's secret: generated on first start and kept in the data directory
 * (readable by the owner only), so it is never in the repository and survives restarts.
 */
export function loadOrCreateSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return secret;
}
