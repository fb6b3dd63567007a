import { RateLimiterCluster, RateLimiterClusterMaster, RateLimiterMemory, RateLimiterMongo, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { CODE_TTL_MS, MAX_CODE_ATTEMPTS } from '../codes.ts';
import { AccountError, MSG } from '../errors.ts';

/**
 * Abuse limits of the account endpoints, counted by `rate-limiter-flexible`.
 *
 * Every limit counts an attempt *before* the work it guards (a password check, a code e-mail, a
 * reset): a burst of parallel requests takes its points one by one, so no more requests get
 * through than the limit allows, however many arrive at once. Where the store lives is the
 * composition root's choice (`LimiterFactory`): in memory on the embedded shop, in the MongoDB
 * read store in the distributed mode, so several API processes enforce one limit. Per-address
 * limits are generous because many Indian mobile users share one carrier-grade NAT address.
 */
export interface AccountLimits {
  /** Minimum gap between two codes e-mailed to one account (while the last one is unused). */
  codeCooldownMs: number;
  /** Codes one account may be sent per `codeWindowMs`; also the id checks of `emailVerify/:id`. */
  codesPerAccount: number;
  /**
   * E-mails (codes, newsletter) one client address may trigger per `codeWindowMs`, known e-mails
   * or not; also its failed code checks (`verifyemail`, `emailVerify/:id`) across all accounts.
   */
  mailsPerAddress: number;
  /** Code requests (resend, forgot password) naming one e-mail per `codeWindowMs`, whether an account has it or not. */
  codeRequestsPerEmail: number;
  codeWindowMs: number;
  /** Failed sign-ins of one account answered at full speed; after that each attempt waits. */
  freeSignInFailures: number;
  signInDelayStepMs: number;
  signInMaxDelayMs: number;
  /** Attempts within `signInWindowMs` after which the account (or address) is refused for `signInLockMs`. */
  signInLockAfter: number;
  signInLockAfterPerAddress: number;
  signInWindowMs: number;
  signInLockMs: number;
  /**
   * Password resets one address may try per `signInWindowMs` (a success gives its point back).
   * Per address only: the secret is 256 random bits, so no account needs guarding against
   * guesses, and a per-account count would let anyone block the owner's reset.
   */
  resetTriesPerAddress: number;
}

export const defaultAccountLimits: AccountLimits = {
  codeCooldownMs: 30_000,
  codesPerAccount: 5,
  mailsPerAddress: 30,
  codeRequestsPerEmail: 10,
  codeWindowMs: 60 * 60_000,
  freeSignInFailures: 3,
  signInDelayStepMs: 250,
  signInMaxDelayMs: 1000,
  signInLockAfter: 8,
  signInLockAfterPerAddress: 50,
  signInWindowMs: 15 * 60_000,
  signInLockMs: 15 * 60_000,
  resetTriesPerAddress: 10,
};

/** One counter family: `points` per `durationSec`; over it, refused for `blockDurationSec` (when set). */
export interface LimiterSpec {
  /** Unique per family; stores use it as the key prefix (and MongoDB as the collection's name). */
  name: string;
  points: number;
  durationSec: number;
  blockDurationSec?: number;
}

/** Makes the limiter of one counter family; the composition root picks the store. */
export type LimiterFactory = (spec: LimiterSpec) => RateLimiterAbstract;

/** Counters in this process's memory: the embedded shop's store (one process, lost on restart). */
export const memoryLimiters: LimiterFactory = (spec) =>
  new RateLimiterMemory({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSec, blockDuration: spec.blockDurationSec ?? 0 });

/**
 * Counters kept by the primary of WORKERS processes (node:cluster), asked over its IPC channel:
 * every process of one shop counts against one limit, so several processes do not multiply the
 * attempts a guesser gets at a password or a code. The primary calls `keepClusterLimits` once.
 */
export const clusterLimiters: LimiterFactory = (spec) =>
  new RateLimiterCluster({ keyPrefix: spec.name, points: spec.points, duration: spec.durationSec, blockDuration: spec.blockDurationSec ?? 0, timeoutMs: 3000 });

/** The primary's side of `clusterLimiters`: holds the counters of every family its workers make. */
export function keepClusterLimits(): void {
  new RateLimiterClusterMaster();
}

/**
 * Counters in a MongoDB database (one `rateLimits` collection, expired by a TTL index), shared by
 * every API process of the distributed mode. `db` is the read store's database (`mongodb`'s
 * `Db`). While MongoDB fails, each process counts in memory instead (the limits then hold per
 * process) rather than refusing everyone or letting everything through.
 */
export function mongoLimiters(db: object): LimiterFactory {
  return (spec) =>
    new RateLimiterMongo({
      storeClient: db,
      tableName: 'rateLimits',
      keyPrefix: spec.name,
      points: spec.points,
      duration: spec.durationSec,
      blockDuration: spec.blockDurationSec ?? 0,
      insuranceLimiter: memoryLimiters(spec),
    });
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * Takes one point; resolves with how many points the key had used before this one, or null when
 * the key is over its limit (then `refusal` says for how long, in ms). A store failure (not a
 * refusal) is thrown: the caller's request fails rather than running unlimited.
 */
async function take(limiter: RateLimiterAbstract, key: string): Promise<{ before: number } | { refusedForMs: number }> {
  try {
    const res = await limiter.consume(key);
    return { before: res.consumedPoints - 1 };
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return { refusedForMs: Math.max(outcome.msBeforeNext, 1000) };
    throw outcome;
  }
}

/** An admitted sign-in attempt: report how it ended, so its point is kept (failure) or given back. */
export interface SignInAttempt {
  /** How long to hold this attempt back: nothing at first, growing with the account's recent failures. */
  delayMs: number;
  /** The password was right: the account's failures are forgotten, the address gets its point back. */
  succeeded(): Promise<void>;
  /** No password was checked (e.g. an account without one): both points go back. */
  uncounted(): Promise<void>;
}

export class AccountThrottle {
  private readonly cooldown: RateLimiterAbstract;
  private readonly codesPerAccount: RateLimiterAbstract;
  private readonly mailsPerAddress: RateLimiterAbstract;
  private readonly checksPerAccount: RateLimiterAbstract;
  private readonly checksPerAddress: RateLimiterAbstract;
  private readonly requestsPerEmail: RateLimiterAbstract;
  private readonly wrongCodesPerClient: RateLimiterAbstract;
  private readonly signInPerAccount: RateLimiterAbstract;
  private readonly signInPerAddress: RateLimiterAbstract;
  private readonly resetsPerAddress: RateLimiterAbstract;

  constructor(
    limiters: LimiterFactory = memoryLimiters,
    readonly limits: AccountLimits = defaultAccountLimits,
  ) {
    const codeWindow = seconds(limits.codeWindowMs);
    const signInWindow = seconds(limits.signInWindowMs);
    const lock = seconds(limits.signInLockMs);
    this.cooldown = limiters({ name: 'code-cooldown', points: 1, durationSec: seconds(limits.codeCooldownMs) });
    this.codesPerAccount = limiters({ name: 'codes-account', points: limits.codesPerAccount, durationSec: codeWindow });
    this.mailsPerAddress = limiters({ name: 'mails-address', points: limits.mailsPerAddress, durationSec: codeWindow });
    this.checksPerAccount = limiters({ name: 'code-checks-account', points: limits.codesPerAccount, durationSec: codeWindow });
    this.checksPerAddress = limiters({ name: 'code-checks-address', points: limits.mailsPerAddress, durationSec: codeWindow });
    this.requestsPerEmail = limiters({ name: 'code-requests-email', points: limits.codeRequestsPerEmail, durationSec: codeWindow });
    this.wrongCodesPerClient = limiters({ name: 'code-tries-client', points: MAX_CODE_ATTEMPTS, durationSec: seconds(CODE_TTL_MS) });
    this.signInPerAccount = limiters({ name: 'signin-account', points: limits.signInLockAfter, durationSec: signInWindow, blockDurationSec: lock });
    this.signInPerAddress = limiters({
      name: 'signin-address',
      points: limits.signInLockAfterPerAddress,
      durationSec: signInWindow,
      blockDurationSec: lock,
    });
    this.resetsPerAddress = limiters({ name: 'reset-address', points: limits.resetTriesPerAddress, durationSec: signInWindow, blockDurationSec: lock });
  }

  /**
   * Takes a code e-mail from this account's budget, or refuses (429). The short cooldown only
   * applies while the last code is still unused: asking for a reset code right after verifying
   * the account is normal, resending an unread code every second is not. The client's and the
   * e-mail's part (`takeCodeRequest`, `takeMail`) is taken before the account is looked up.
   */
  async takeAccountCode(userId: string, unusedCodePending = true): Promise<void> {
    const cooldown = await take(this.cooldown, userId);
    if (unusedCodePending && 'refusedForMs' in cooldown) {
      const wait = cooldown.refusedForMs;
      throw new AccountError('rate-limited', `Please wait ${seconds(wait)} seconds before requesting another code.`, seconds(wait));
    }
    const sent = await take(this.codesPerAccount, userId);
    if ('refusedForMs' in sent) {
      const wait = sent.refusedForMs;
      throw new AccountError('rate-limited', `Too many codes requested. Please try again in ${minutes(wait)} minutes.`, seconds(wait));
    }
  }

  /** Takes one e-mail (sign-up code, newsletter) from this address's budget, or refuses (429). */
  async takeMail(address: string): Promise<void> {
    const sent = await take(this.mailsPerAddress, address);
    if ('refusedForMs' in sent) {
      const wait = sent.refusedForMs;
      throw new AccountError('rate-limited', `Too many e-mails requested. Please try again in ${minutes(wait)} minutes.`, seconds(wait));
    }
  }

  /**
   * `PUT /verifyAccount/emailVerify/:id` tells whether an id and an e-mail belong together, so it
   * is budgeted like the code routes (per account id and per address), or refused (429).
   */
  async takeCodeCheck(userId: string, address: string): Promise<void> {
    for (const [limiter, key] of [
      [this.checksPerAddress, address],
      [this.checksPerAccount, userId],
    ] as const) {
      const taken = await take(limiter, key);
      if ('refusedForMs' in taken) {
        const wait = taken.refusedForMs;
        throw new AccountError('rate-limited', `Too many requests. Please try again in ${minutes(wait)} minutes.`, seconds(wait));
      }
    }
  }

  /**
   * Admits a code request (resend, forgot password) before the e-mail is looked up, so known and
   * unknown e-mails cost alike: from this client's e-mail budget and this e-mail's request budget,
   * or refused (429). The account's own budget (`takeAccountCode`) follows once it is found.
   */
  async takeCodeRequest(email: string, address: string): Promise<void> {
    await this.takeMail(address);
    const taken = await take(this.requestsPerEmail, email);
    if ('refusedForMs' in taken) {
      const wait = taken.refusedForMs;
      throw new AccountError('rate-limited', `Too many codes requested. Please try again in ${minutes(wait)} minutes.`, seconds(wait));
    }
  }

  /**
   * Admits one code check (`verifyemail`) from this client before the e-mail is looked up: a
   * point of the client's budget across every account (known or not), given back when the code
   * was right. Refused (429) once the client has used it up, before anything counts against an
   * account: one client can not spread its guesses over many accounts.
   */
  async beginCodeCheck(address: string): Promise<{ succeeded(): Promise<void> }> {
    const taken = await take(this.checksPerAddress, address);
    if ('refusedForMs' in taken) {
      const wait = taken.refusedForMs;
      throw new AccountError('rate-limited', `Too many wrong codes. Please try again in ${minutes(wait)} minutes.`, seconds(wait));
    }
    return { succeeded: () => this.checksPerAddress.reward(address).then(() => undefined) };
  }

  /**
   * Takes one try of this code by this client: its 6th try is refused ("Too many wrong tries")
   * before the code is compared, and only for this client, so a stranger's wrong tries do not
   * lock the owner out of their code.
   */
  async takeCodeTry(codeId: string, address: string): Promise<void> {
    if ('refusedForMs' in (await take(this.wrongCodesPerClient, `${codeId}|${address}`))) throw new AccountError('invalid', MSG.otpLocked);
  }

  /**
   * Admits one sign-in attempt (or a signed-in password change) before its password is checked,
   * or refuses it (429) while the address or the account is over its limit. The address is asked
   * first, so an attacker already refused by address uses up nothing of the victim's account.
   */
  async beginSignIn(userId: string | null, address: string): Promise<SignInAttempt> {
    const byAddress = await take(this.signInPerAddress, address);
    if ('refusedForMs' in byAddress) throw this.signInRefused(byAddress.refusedForMs);
    let failuresBefore = 0;
    if (userId) {
      const byAccount = await take(this.signInPerAccount, userId);
      if ('refusedForMs' in byAccount) throw this.signInRefused(byAccount.refusedForMs);
      failuresBefore = byAccount.before;
    }
    const over = failuresBefore - this.limits.freeSignInFailures + 1;
    const delayMs = over > 0 ? Math.min(this.limits.signInMaxDelayMs, over * this.limits.signInDelayStepMs) : 0;
    return {
      delayMs,
      // One good account must not launder an attacker's address: it only gets its own point back.
      succeeded: async () => {
        await this.signInPerAddress.reward(address);
        if (userId) await this.signInPerAccount.delete(userId);
      },
      uncounted: async () => {
        await this.signInPerAddress.reward(address);
        if (userId) await this.signInPerAccount.reward(userId);
      },
    };
  }

  /**
   * Admits one password reset before its secret is compared, or refuses it (429). Resets are
   * rare, so every try counts; a successful one gives its point back.
   */
  async beginReset(address: string): Promise<{ succeeded(): Promise<void> }> {
    const taken = await take(this.resetsPerAddress, address);
    if ('refusedForMs' in taken) {
      const wait = taken.refusedForMs;
      throw new AccountError('rate-limited', `Too many password reset attempts. Please try again in ${minutes(wait)} minutes.`, seconds(wait));
    }
    return { succeeded: () => this.resetsPerAddress.reward(address).then(() => undefined) };
  }

  private signInRefused(waitMs: number): AccountError {
    return new AccountError('rate-limited', `Too many failed sign-in attempts. Please try again in ${minutes(waitMs)} minutes.`, seconds(waitMs));
  }
}
