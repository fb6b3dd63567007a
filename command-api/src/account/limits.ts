import type { Clock } from './clock.ts';
import { AccountError } from './errors.ts';

/**
 * Abuse limits of the account endpoints, kept in memory.
 *
 * Why in memory: they protect a single shop process and losing them on restart is harmless (a
 * code still expires after 10 minutes and allows 5 tries whatever happens here). A deployment
 * with several API processes behind a balancer would move these counters to a shared store
 * (e.g. Redis) behind the same methods. Per-address limits are generous because many Indian
 * mobile users share one carrier-grade NAT address.
 */
export interface AccountLimits {
  /** Minimum gap between two codes e-mailed to one account. */
  codeCooldownMs: number;
  /** Codes one account may be sent per `codeWindowMs`. */
  codesPerAccount: number;
  /** E-mails (codes, newsletter) one client address may trigger per `codeWindowMs`. */
  mailsPerAddress: number;
  codeWindowMs: number;
  /** Failed sign-ins of one account answered at full speed; after that each attempt waits. */
  freeSignInFailures: number;
  signInDelayStepMs: number;
  signInMaxDelayMs: number;
  /** Failures within `signInWindowMs` that lock the account (or address) for `signInLockMs`. */
  signInLockAfter: number;
  signInLockAfterPerAddress: number;
  signInWindowMs: number;
  signInLockMs: number;
}

export const defaultAccountLimits: AccountLimits = {
  codeCooldownMs: 30_000,
  codesPerAccount: 5,
  mailsPerAddress: 30,
  codeWindowMs: 60 * 60_000,
  freeSignInFailures: 3,
  signInDelayStepMs: 250,
  signInMaxDelayMs: 1000,
  signInLockAfter: 8,
  signInLockAfterPerAddress: 50,
  signInWindowMs: 15 * 60_000,
  signInLockMs: 15 * 60_000,
};

const MAX_KEYS = 50_000;

/** Timestamps of recent hits per key, pruned as they age out of the window. */
class RecentHits {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly windowMs: number) {}

  list(key: string, now: number): number[] {
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length === 0) this.hits.delete(key);
    else this.hits.set(key, recent);
    return recent;
  }

  add(key: string, now: number): void {
    if (this.hits.size >= MAX_KEYS) this.prune(now);
    this.hits.set(key, [...this.list(key, now), now]);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private prune(now: number): void {
    for (const key of [...this.hits.keys()]) this.list(key, now);
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

export class AccountThrottle {
  private readonly sends: RecentHits;
  private readonly failures: RecentHits;
  private readonly lockedUntil = new Map<string, number>();

  constructor(
    private readonly clock: Clock,
    readonly limits: AccountLimits = defaultAccountLimits,
  ) {
    this.sends = new RecentHits(limits.codeWindowMs);
    this.failures = new RecentHits(limits.signInWindowMs);
  }

  /**
   * Refuses (429) when this account or address may not be e-mailed another code yet. The short
   * cooldown only applies while the last code is still unused: asking for a reset code right
   * after verifying the account is normal, resending an unread code every second is not.
   */
  assertCodeAllowed(userId: string | null, address: string, unusedCodePending = true): void {
    const now = this.now();
    if (userId) {
      const sent = this.sends.list(`account:${userId}`, now);
      const last = sent[sent.length - 1];
      if (unusedCodePending && last !== undefined && now - last < this.limits.codeCooldownMs) {
        const wait = this.limits.codeCooldownMs - (now - last);
        throw new AccountError(`Please wait ${seconds(wait)} seconds before requesting another code.`, 429, {}, seconds(wait));
      }
      if (sent.length >= this.limits.codesPerAccount) {
        const wait = sent[0]! + this.limits.codeWindowMs - now;
        throw new AccountError(`Too many codes requested. Please try again in ${minutes(wait)} minutes.`, 429, {}, seconds(wait));
      }
    }
    this.assertMailAllowed(address);
  }

  assertMailAllowed(address: string): void {
    const now = this.now();
    const sent = this.sends.list(`address:${address}`, now);
    if (sent.length >= this.limits.mailsPerAddress) {
      const wait = sent[0]! + this.limits.codeWindowMs - now;
      throw new AccountError(`Too many e-mails requested. Please try again in ${minutes(wait)} minutes.`, 429, {}, seconds(wait));
    }
  }

  recordMail(userId: string | null, address: string): void {
    const now = this.now();
    if (userId) this.sends.add(`account:${userId}`, now);
    this.sends.add(`address:${address}`, now);
  }

  /** Refuses (429) while the account or the address is locked after repeated failed sign-ins. */
  assertSignInAllowed(userId: string | null, address: string): void {
    const now = this.now();
    for (const key of [userId ? `account:${userId}` : null, `address:${address}`]) {
      const until = key ? this.lockedUntil.get(key) : undefined;
      if (until === undefined) continue;
      if (until <= now) {
        this.lockedUntil.delete(key!);
        continue;
      }
      throw new AccountError(
        `Too many failed sign-in attempts. Please try again in ${minutes(until - now)} minutes.`,
        429,
        {},
        seconds(until - now),
      );
    }
  }

  /** How long to hold this attempt back: nothing at first, growing with recent failures. */
  signInDelayMs(userId: string): number {
    const failed = this.failures.list(`account:${userId}`, this.now()).length;
    const over = failed - this.limits.freeSignInFailures + 1;
    return over > 0 ? Math.min(this.limits.signInMaxDelayMs, over * this.limits.signInDelayStepMs) : 0;
  }

  recordSignInFailure(userId: string | null, address: string): void {
    const now = this.now();
    const keys: [string, number][] = [[`address:${address}`, this.limits.signInLockAfterPerAddress]];
    if (userId) keys.push([`account:${userId}`, this.limits.signInLockAfter]);
    for (const [key, lockAfter] of keys) {
      this.failures.add(key, now);
      if (this.failures.list(key, now).length >= lockAfter) {
        this.lockedUntil.set(key, now + this.limits.signInLockMs);
        this.failures.clear(key);
      }
    }
  }

  /** A successful sign-in clears the account's failures (not the address's: one good account must not launder an attacker's address). */
  recordSignInSuccess(userId: string): void {
    this.failures.clear(`account:${userId}`);
  }

  private now(): number {
    return this.clock.now().getTime();
  }
}
