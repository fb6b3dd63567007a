import { createHash, randomBytes } from 'node:crypto';
import type { CodePurpose, SignedInUser } from '@shop/contracts';
import { newId } from '@shop/contracts';
import type { GoogleIdentity, Logger, Mailer, Session, TokenClaims } from '@shop/platform';
import type { StreamCommands } from '../shared/stream-commands.ts';
import { AccountStore } from './account-store.ts';
import { AdminRoles } from './admin/admin-roles.ts';
import { systemClock, type Clock } from './clock.ts';
import { CodeHasher } from './codes.ts';
import { MAX_STORED_UPLOADS, resetRefusal, storedUploadCount, type AccountState } from './decider.ts';
import { AccountError, MSG } from './errors.ts';
import { AccountThrottle, defaultAccountLimits, memoryLimiters, type AccountLimits, type LimiterFactory } from './identity/limits.ts';
import { codeMail } from './mail-templates.ts';
import { NewsletterCommands } from './newsletter/newsletter.ts';
import type { EmailLookup } from './emails.ts';
import { hashPassword, verifyPassword } from './identity/passwords.ts';

export interface AccountServiceOptions {
  /** The command pipeline over the event store. */
  streams: StreamCommands;
  mailer: Mailer;
  /** HMAC key for one-time codes (`deriveCodeKey(serverSecret)`). */
  codeKey: Uint8Array;
  /** The keyed e-mail lookups (reservations, sign-in, newsletter): see EmailLookup. */
  emails: EmailLookup;
  logger: Logger;
  /** The shop's public address, for links in e-mails. */
  shopUrl: string;
  clock?: Clock;
  limits?: Partial<AccountLimits>;
  /** Where the abuse counters live (memory by default; a shared store when several API processes run). */
  limiters?: LimiterFactory;
  /** How a throttled sign-in is held back; tests may pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
  /** The scrypt cost (log2 N) new password hashes get; existing hashes verify at their own. */
  passwordHashCost?: number;
}

/** How passwords are hashed and checked; a field of the service so tests can count the checks. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

/** The SHA-256 (hex) of a reset secret: all the log keeps of it. */
export const resetSecretHash = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Where a request came from, for per-address limits. */
export interface Client {
  address: string;
}

export interface Written {
  /** Log position of the last event written (0n when nothing changed). */
  position: bigint;
}

export function signedInUser(state: AccountState): SignedInUser {
  const { userId, name, email, phone, images, isAdmin } = state;
  return { id: userId, _id: userId, name, email, phone, images, isAdmin };
}

/** A successful sign-in: the user the reply shows and what its token may claim. */
export interface SignedIn {
  user: SignedInUser;
  /** Decided on the account as the log has it after the password check, with the role event it rests on. */
  claims: TokenClaims;
}

function signedIn(state: AccountState): SignedIn {
  return { user: signedInUser(state), claims: { userId: state.userId, email: state.email, isAdmin: state.isAdmin, roleAt: state.roleChangedAt } };
}

/**
 * The account write side: sign-up, codes, sign-in, passwords, profile, avatars, Google. Each
 * method loads the account stream, lets the pure decider rule, appends, and returns the position
 * so the route can wait for the `accounts` read model before replying. E-mails are sent after
 * the events are safely written; codes leave this class only inside an e-mail.
 */
export class AccountCommands {
  readonly clock: Clock;
  readonly throttle: AccountThrottle;
  readonly newsletter: NewsletterCommands;
  /** Admin rights, granted and revoked in the back office (and by `npm run admin:grant`). */
  readonly roles: AdminRoles;
  readonly passwords: PasswordHasher;
  private readonly store: AccountStore;
  private readonly codes: CodeHasher;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: AccountServiceOptions) {
    this.clock = options.clock ?? systemClock();
    this.passwords = { hash: (password) => hashPassword(password, options.passwordHashCost), verify: verifyPassword };
    this.throttle = new AccountThrottle(options.limiters ?? memoryLimiters, { ...defaultAccountLimits, ...options.limits });
    this.store = new AccountStore(options.streams, options.emails);
    this.codes = new CodeHasher(options.codeKey);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.roles = new AdminRoles(options.streams, options.emails, this.clock);
    this.newsletter = new NewsletterCommands(options.streams, options.mailer, this.clock, this.throttle, options.logger, options.shopUrl, options.codeKey, options.emails);
  }

  /** Registers an unverified account and e-mails its verification code. */
  async signUp(
    input: { name: string; email: string; phone: string; password: string },
    client: Client,
  ): Promise<Written & { userId: string; mailed: boolean }> {
    await this.throttle.takeMail(client.address);
    if (await this.store.findByEmail(input.email)) throw new AccountError('conflict', MSG.emailTaken);
    const passwordHash = await this.passwords.hash(input.password);
    const now = this.clock.now();
    const userId = await this.store.reserveEmail(input.email, now);
    const { code, issued } = this.codes.issue('verify', now);
    const { name, email, phone } = input;
    const result = await this.store.run(
      userId,
      { type: 'Register', userId, name, email, phone, passwordHash, at: now.toISOString(), code: issued },
      { userId },
    );
    // The code e-mailed now counts against the new account, so a resend right after is spaced
    // out; a new account is never over its budget, so this only counts.
    await this.throttle.takeAccountCode(userId).catch((error: unknown) => {
      if (!(error instanceof AccountError)) throw error;
    });
    // The account exists now whatever the mail does; a lost code is replaced through "resend".
    const mailed = await this.mail(codeMail(email, code, 'verify')).then(
      () => true,
      () => false,
    );
    return { userId, position: result.position, mailed };
  }

  /**
   * Checks e-mail and password; throttled per account and per address. The attempt is counted
   * before the password is checked, so a parallel burst runs no more checks than the limit.
   */
  async signIn(email: string, password: string, client: Client): Promise<SignedIn> {
    const account = await this.store.findByEmail(email);
    const attempt = await this.throttle.beginSignIn(account?.userId ?? null, client.address);
    if (!account) throw new AccountError('not-found', MSG.signInUserNotFound);
    await this.sleep(attempt.delayMs);
    if (!account.passwordHash) {
      await attempt.uncounted();
      throw new AccountError('invalid', MSG.googleOnly);
    }
    if (!(await this.passwords.verify(password, account.passwordHash))) throw new AccountError('invalid', MSG.wrongPassword);
    await attempt.succeeded();
    // Checked after the password, so the verification state is only told to the owner.
    if (!account.verified) throw new AccountError('unverified', MSG.notVerified);
    // The role is read again now, after the slow check: a revocation that landed meanwhile counts.
    // One landing after this read is caught by the token's `roleAt`, which it contradicts.
    return signedIn(await this.store.load(account.userId));
  }

  /** Ends the session of this token on the server: from the next request on it is refused everywhere. */
  async signOut(session: Session): Promise<Written> {
    const { userId, sessionId, signedInAt } = session;
    return this.store.run(userId, { type: 'SignOut', sessionId, signedInAt, at: this.clock.now().toISOString() }, { userId });
  }

  /** Issues a fresh code of the given purpose and e-mails it (resend, forgot password). */
  async sendCode(email: string, purpose: CodePurpose, client: Client): Promise<Written & { userId: string }> {
    // Counted before the lookup: unknown e-mails cost as much as known ones, so nobody probes
    // addresses without limit.
    await this.throttle.takeCodeRequest(email, client.address);
    const account = await this.store.findByEmail(email);
    if (!account) throw new AccountError('not-found', MSG.userNotFound);
    if (purpose === 'verify' && account.verified) throw new AccountError('invalid', MSG.alreadyVerified);
    await this.throttle.takeAccountCode(account.userId, account.code !== null);
    const { code, issued } = this.codes.issue(purpose, this.clock.now());
    const result = await this.store.run(account.userId, { type: 'IssueCode', code: issued }, { userId: account.userId });
    await this.mail(codeMail(account.email, code, purpose));
    return { userId: account.userId, position: result.position };
  }

  /**
   * Checks a code against the account's latest one. The client's budgets are taken first (its
   * checks across all accounts, then its tries of this code: its 6th fails even when right), so
   * what a stranger guesses locks only the stranger. A wrong code is recorded; a right reset code
   * records the short-lived reset grant, which belongs to this client: it gets the grant's
   * one-use secret (`resetToken`), the log keeps only the secret's hash, and the reset needs the
   * secret back.
   */
  async verifyCode(email: string, otp: string, client: Client): Promise<Written & { purpose: CodePurpose; resetToken?: string }> {
    const check = await this.throttle.beginCodeCheck(client.address);
    const account = await this.store.findByEmail(email);
    if (!account) throw new AccountError('not-found', MSG.userNotFound);
    if (account.code) await this.throttle.takeCodeTry(account.code.codeId, client.address);
    const purpose = account.code?.purpose ?? 'verify';
    const resetToken = randomBytes(32).toString('base64url');
    const result = await this.store.run(
      account.userId,
      {
        type: 'VerifyCode',
        hashFor: (codeId) => this.codes.hash(codeId, otp),
        at: this.clock.now().toISOString(),
        resetSecretHash: resetSecretHash(resetToken),
      },
      { userId: account.userId },
    );
    if (result.events.some((event) => event.type === 'VerificationCodeAttemptFailed')) throw new AccountError('invalid', MSG.invalidOtp);
    await check.succeeded();
    const granted = result.events.some((event) => event.type === 'PasswordResetCodeVerified');
    return { position: result.position, purpose, ...(granted ? { resetToken } : {}) };
  }

  /**
   * Sets a new password, allowed only to the client that verified a reset code moments ago: it
   * presents the grant's secret (`resetToken`), which works once. Tries are throttled, and the
   * secret is checked before the (costly) new hash is made.
   */
  async resetPassword(email: string, newPassword: string, resetToken: string | undefined, client: Client): Promise<Written> {
    const attempt = await this.throttle.beginReset(client.address);
    const account = await this.store.findByEmail(email);
    if (!account) throw new AccountError('not-found', MSG.userNotFound);
    const secretHash = resetToken ? resetSecretHash(resetToken) : null;
    const at = this.clock.now().toISOString();
    const refusal = resetRefusal(account, secretHash, at);
    if (refusal) throw refusal;
    const passwordHash = await this.passwords.hash(newPassword);
    const result = await this.store.run(account.userId, { type: 'ResetPassword', passwordHash, secretHash, at }, { userId: account.userId });
    await attempt.succeeded();
    return result;
  }

  /**
   * Changes the password of a signed-in user who knows the current one. Their other sessions
   * end; `keptSession` (the session asking) goes on.
   */
  async changePassword(userId: string, current: string, next: string, client: Client, keptSession?: string): Promise<Written> {
    const account = await this.checkedPassword(userId, current, client, MSG.currentPasswordWrong);
    const passwordHash = await this.passwords.hash(next);
    const at = this.clock.now().toISOString();
    return this.store.run(userId, { type: 'ChangePassword', checkedHash: account.passwordHash!, passwordHash, at, keptSession }, { userId });
  }

  /**
   * The person's own password, checked before their account is erased: the same limits as a
   * sign-in, so a stolen token is no password oracle. A Google-only account has no password to
   * give: it is refused (an admin can forget it on a request received elsewhere).
   */
  confirmPassword(userId: string, password: string, client: Client): Promise<AccountState> {
    return this.checkedPassword(userId, password, client, MSG.passwordWrong);
  }

  /** The account, once `password` is its own; a stolen token must not become an unlimited password oracle: same limits as sign-in. */
  private async checkedPassword(userId: string, password: string, client: Client, wrong: string): Promise<AccountState> {
    const account = await this.registered(userId);
    const attempt = await this.throttle.beginSignIn(userId, client.address);
    if (!account.passwordHash) {
      await attempt.uncounted();
      throw new AccountError('invalid', MSG.googleOnly);
    }
    if (!(await this.passwords.verify(password, account.passwordHash))) throw new AccountError('invalid', wrong);
    await attempt.succeeded();
    return account;
  }

  /** Appends PersonForgotten (the keys were destroyed before: privacy/forgetting.ts in the server). */
  forget(userId: string, by: string, actorId: string): Promise<Written> {
    return this.store.run(userId, { type: 'Forget', by, at: this.clock.now().toISOString() }, { userId: actorId });
  }

  /** Returns the uploaded images the profile stopped showing that no record names any more (files to delete). */
  async updateProfile(userId: string, input: { name: string; phone: string; images?: string[]; email?: string }): Promise<Written & { unused: string[] }> {
    const before = await this.registered(userId);
    const result = await this.store.run(userId, { type: 'UpdateProfile', ...input, at: this.clock.now().toISOString() }, { userId });
    return { position: result.position, unused: [...before.uploadedImages].filter((url) => !result.state.uploadedImages.has(url)) };
  }

  /** Every image the account names (upload records, profile): files of others under its folder are not the account's. */
  async imagesNamed(userId: string): Promise<ReadonlySet<string>> {
    const state = await this.store.load(userId);
    return new Set([...state.uploadedImages, ...state.images]);
  }

  /** How many more images the user may upload before the per-user quota is reached. */
  async uploadsLeft(userId: string): Promise<number> {
    return MAX_STORED_UPLOADS - storedUploadCount(await this.registered(userId));
  }

  async recordUpload(userId: string, images: string[]): Promise<Written> {
    const now = this.clock.now();
    return this.store.run(userId, { type: 'RecordUpload', uploadId: newId(now.getTime()), images, at: now.toISOString() }, { userId });
  }

  /**
   * Clears the user's upload records. Returns the image URLs no longer used anywhere (not in the
   * profile), whose files the caller may delete.
   */
  async clearUploads(userId: string): Promise<Written & { unused: string[] }> {
    const before = await this.registered(userId);
    const result = await this.store.run(userId, { type: 'ClearUploads', at: this.clock.now().toISOString() }, { userId });
    const listed = [...before.uploads.values()].flat();
    return { position: result.position, unused: listed.filter((url) => !result.state.uploadedImages.has(url)) };
  }

  /** Signs in with an identity Google vouched for: creates a verified account or links one. */
  async signInWithGoogle(identity: GoogleIdentity): Promise<Written & SignedIn> {
    const now = this.clock.now();
    const userId = await this.store.reserveEmail(identity.email, now);
    const { subject, email, name, picture } = identity;
    const result = await this.store.run(
      userId,
      { type: 'SignInWithGoogle', userId, subject, email, name: name.slice(0, 80), picture, at: now.toISOString() },
      { userId },
    );
    return { position: result.position, ...signedIn(result.state) };
  }

  /**
   * `PUT /verifyAccount/emailVerify/:id` of the original stored a client-sent code on the user.
   * Ours only confirms the id and e-mail belong together: codes are created by the server.
   */
  async confirmPendingVerification(userId: string, email: string | undefined, client: Client): Promise<void> {
    await this.throttle.takeCodeCheck(userId, client.address);
    const account = await this.store.load(userId);
    if (!account.registered || (email !== undefined && email !== account.email)) throw new AccountError('not-found', MSG.userNotFound);
  }

  async account(userId: string): Promise<AccountState | null> {
    const state = await this.store.load(userId);
    return state.registered ? state : null;
  }

  private async registered(userId: string): Promise<AccountState> {
    const account = await this.account(userId);
    if (!account) throw new AccountError('not-found', MSG.userNotFound);
    return account;
  }

  private async mail(message: Parameters<Mailer['send']>[0]): Promise<void> {
    try {
      await this.options.mailer.send(message);
    } catch (error) {
      this.options.logger.error({ err: error, subject: message.subject }, 'mail not sent');
      throw new AccountError('unavailable', MSG.mailFailed);
    }
  }
}
