import { createSecretKey, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import { chmodSync, closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import jwt from 'jsonwebtoken';
import { LRUCache } from 'lru-cache';
import { syncDirectorySync } from '../fs/durable.ts';
import { PRIVATE_FOLDER_MODE, makeFilePrivateSync, reportTightened } from '../fs/private.ts';

/** What a token says about its bearer. */
export interface TokenClaims {
  userId: string;
  email: string;
  isAdmin: boolean;
  /**
   * The time of the account's role event the admin claim was decided on (null: none since the
   * account was created). A revocation after it contradicts the claim, whenever the token was signed.
   */
  roleAt?: string | null;
}

/** A verified token: its claims and the sign-in it was issued for. */
export interface Session extends TokenClaims {
  /** Random id of this sign-in ('' for tokens issued before sessions had ids). */
  sessionId: string;
  /** When the token was issued, in ms since the epoch. */
  signedInAt: number;
}

/** A valid token's session as its account now stands. */
export interface SessionRevocations {
  /**
   * Null when the session was withdrawn since the token was issued (a password change, a
   * revoked admin role); otherwise the session with the account's current admin right (a role
   * granted since sign-in applies at once, without a new token).
   */
  current(session: Session): Promise<Session | null>;
}

/**
 * Signs and verifies the shop's bearer tokens (HS256 JWT with an expiry). Identity anywhere in
 * the API comes from `authenticate` (a valid token whose session was not withdrawn), never from
 * a body or query field.
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
  private readonly verified = new LRUCache<string, { session: Session; expiresAt: number }>({ max: 10_000 });

  constructor(
    secret: string,
    private readonly expiresIn: jwt.SignOptions['expiresIn'] = '7d',
    private readonly revocations?: SessionRevocations,
  ) {
    if (secret.length < 32) throw new Error('The token secret must be at least 32 characters');
    this.key = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  /** A token for a new session (its own random id, so one session can outlive a password change). */
  sign(claims: TokenClaims): string {
    const payload = {
      email: claims.email,
      isAdmin: claims.isAdmin,
      ...(claims.roleAt !== undefined ? { roleAt: claims.roleAt } : {}),
      sid: randomUUID(),
      signedInAt: Date.now(),
    };
    return jwt.sign(payload, this.key, {
      algorithm: 'HS256',
      subject: claims.userId,
      expiresIn: this.expiresIn,
    });
  }

  /**
   * The session of a valid token that has not been withdrawn, with the account's current role, or
   * null: what every route that needs a signed-in user asks.
   */
  async authenticate(token: string): Promise<Session | null> {
    const session = this.verify(token);
    if (!session || !this.revocations) return session;
    return this.revocations.current(session);
  }

  /**
   * The session of a valid token (signature and expiry only), or null for a missing, tampered,
   * expired or unsigned one.
   */
  verify(token: string): Session | null {
    const now = Math.floor(Date.now() / 1000);
    const known = this.verified.get(token);
    if (known) {
      if (now < known.expiresAt) return known.session;
      this.verified.delete(token);
      return null;
    }
    try {
      const payload = jwt.verify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload === 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
      const session: Session = Object.freeze({
        userId: payload.sub,
        email: String(payload.email ?? ''),
        isAdmin: payload.isAdmin === true,
        ...(typeof payload.roleAt === 'string' || payload.roleAt === null ? { roleAt: payload.roleAt as string | null } : {}),
        sessionId: typeof payload.sid === 'string' ? payload.sid : '',
        signedInAt: typeof payload.signedInAt === 'number' ? payload.signedInAt : (payload.iat ?? 0) * 1000,
      });
      this.verified.set(token, { session, expiresAt: payload.exp });
      return session;
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
  if (existsSync(file)) {
    // A secret another local user can read lets them sign tokens as anyone: tightened if it was.
    reportTightened(makeFilePrivateSync(file));
    return readFileSync(file, 'utf8').trim();
  }
  const dir = dirname(file);
  const created = mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if (created !== undefined) syncDirectorySync(dirname(created));
  const secret = randomBytes(48).toString('base64url');
  // Tokens signed with it are handed out from now on, so it must survive power loss: written and
  // synced under a temp name, then linked into place (link fails if another process on this data
  // directory got there first: theirs wins) and the folder synced.
  const temp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, secret + '\n');
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    unlinkSync(temp);
    syncDirectorySync(dir);
  }
  chmodSync(file, 0o600);
  return secret;
}
