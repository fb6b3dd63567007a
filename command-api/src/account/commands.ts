import type { CodePurpose, SignedInUser } from '@shop/contracts';
import { newId } from '@shop/contracts';
import type { EventStore, GoogleIdentity, Logger, Mailer } from '@shop/platform';
import { AccountStore } from './account-store.ts';
import { systemClock, type Clock } from './clock.ts';
import { CodeHasher } from './codes.ts';
import { MAX_STORED_UPLOADS, storedUploadCount, type AccountState } from './decider.ts';
import { AccountError, MSG } from './errors.ts';
import { AccountThrottle, defaultAccountLimits, type AccountLimits } from './limits.ts';
import { codeMail } from './mail-templates.ts';
import { NewsletterCommands } from './newsletter.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

export interface AccountServiceOptions {
  events: EventStore;
  mailer: Mailer;
  /** HMAC key for one-time codes (`deriveCodeKey(serverSecret)`). */
  codeKey: Uint8Array;
  logger: Logger;
  /** The shop's public address, for links in e-mails. */
  shopUrl: string;
  clock?: Clock;
  limits?: Partial<AccountLimits>;
  /** How a throttled sign-in is held back; tests may pass a no-op. */
  sleep?: (ms: number) => Promise<void>;
}

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
  private readonly store: AccountStore;
  private readonly codes: CodeHasher;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: AccountServiceOptions) {
    this.clock = options.clock ?? systemClock();
    this.throttle = new AccountThrottle(this.clock, { ...defaultAccountLimits, ...options.limits });
    this.store = new AccountStore(options.events);
    this.codes = new CodeHasher(options.codeKey);
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.newsletter = new NewsletterCommands(options.events, options.mailer, this.clock, this.throttle, options.logger, options.shopUrl);
  }

  /** Registers an unverified account and e-mails its verification code. */
  async signUp(
    input: { name: string; email: string; phone: string; password: string },
    client: Client,
  ): Promise<Written & { userId: string; mailed: boolean }> {
    this.throttle.assertMailAllowed(client.address);
    if (await this.store.findByEmail(input.email)) throw new AccountError(MSG.emailTaken, 409);
    const passwordHash = await hashPassword(input.password);
    const now = this.clock.now();
    const userId = await this.store.reserveEmail(input.email, now);
    const { code, issued } = this.codes.issue('verify', now);
    const { name, email, phone } = input;
    const result = await this.store.run(
      userId,
      { type: 'Register', userId, name, email, phone, passwordHash, at: now.toISOString(), code: issued },
      { userId },
    );
    this.throttle.recordMail(userId, client.address);
    // The account exists now whatever the mail does; a lost code is replaced through "resend".
    const mailed = await this.mail(codeMail(email, name, code, 'verify')).then(
      () => true,
      () => false,
    );
    return { userId, position: result.position, mailed };
  }

  /** Checks e-mail and password; throttled per account and per address after failures. */
  async signIn(email: string, password: string, client: Client): Promise<SignedInUser> {
    const account = await this.store.findByEmail(email);
    this.throttle.assertSignInAllowed(account?.userId ?? null, client.address);
    if (!account) {
      this.throttle.recordSignInFailure(null, client.address);
      throw new AccountError(MSG.signInUserNotFound, 404);
    }
    await this.sleep(this.throttle.signInDelayMs(account.userId));
    if (!account.passwordHash) throw new AccountError(MSG.googleOnly, 400);
    if (!(await verifyPassword(password, account.passwordHash))) {
      this.throttle.recordSignInFailure(account.userId, client.address);
      throw new AccountError(MSG.wrongPassword, 400);
    }
    this.throttle.recordSignInSuccess(account.userId);
    // Checked after the password, so the verification state is only told to the owner.
    if (!account.verified) throw new AccountError(MSG.notVerified, 403, { isVerify: false });
    return signedInUser(account);
  }

  /** Issues a fresh code of the given purpose and e-mails it (resend, forgot password). */
  async sendCode(email: string, purpose: CodePurpose, client: Client): Promise<Written & { userId: string }> {
    const account = await this.store.findByEmail(email);
    if (!account) throw new AccountError(MSG.userNotFound, 404);
    if (purpose === 'verify' && account.verified) throw new AccountError(MSG.alreadyVerified, 400);
    this.throttle.assertCodeAllowed(account.userId, client.address, account.code !== null);
    const { code, issued } = this.codes.issue(purpose, this.clock.now());
    const result = await this.store.run(account.userId, { type: 'IssueCode', code: issued }, { userId: account.userId });
    this.throttle.recordMail(account.userId, client.address);
    await this.mail(codeMail(account.email, account.name, code, purpose));
    return { userId: account.userId, position: result.position };
  }

  /**
   * Checks a code against the account's latest one. A wrong code is recorded (the 6th try of a
   * code fails even when right); a right reset code records the short-lived reset grant.
   */
  async verifyCode(email: string, otp: string): Promise<Written & { purpose: CodePurpose }> {
    const account = await this.store.findByEmail(email);
    if (!account) throw new AccountError(MSG.userNotFound, 404);
    const purpose = account.code?.purpose ?? 'verify';
    const result = await this.store.run(
      account.userId,
      { type: 'VerifyCode', hashFor: (codeId) => this.codes.hash(codeId, otp), at: this.clock.now().toISOString() },
      { userId: account.userId },
    );
    if (result.events.some((event) => event.type === 'VerificationCodeAttemptFailed')) throw new AccountError(MSG.invalidOtp, 400);
    return { position: result.position, purpose };
  }

  /** Sets a new password, allowed only by a reset code verified moments ago (used once). */
  async resetPassword(email: string, newPassword: string): Promise<Written> {
    const account = await this.store.findByEmail(email);
    if (!account) throw new AccountError(MSG.userNotFound, 404);
    if (!account.resetGrant) throw new AccountError(MSG.resetNotAllowed, 403);
    const passwordHash = await hashPassword(newPassword);
    const at = this.clock.now().toISOString();
    return this.store.run(account.userId, { type: 'ResetPassword', passwordHash, at }, { userId: account.userId });
  }

  /**
   * Changes the password of a signed-in user who knows the current one. Their other sessions
   * end; `keptSession` (the session asking) goes on.
   */
  async changePassword(userId: string, current: string, next: string, client: Client, keptSession?: string): Promise<Written> {
    const account = await this.registered(userId);
    this.throttle.assertSignInAllowed(userId, client.address);
    if (!account.passwordHash) throw new AccountError(MSG.googleOnly, 400);
    if (!(await verifyPassword(current, account.passwordHash))) {
      // A stolen token must not become an unlimited password oracle: same limits as sign-in.
      this.throttle.recordSignInFailure(userId, client.address);
      throw new AccountError(MSG.currentPasswordWrong, 400);
    }
    const passwordHash = await hashPassword(next);
    const at = this.clock.now().toISOString();
    return this.store.run(userId, { type: 'ChangePassword', checkedHash: account.passwordHash, passwordHash, at, keptSession }, { userId });
  }

  async updateProfile(userId: string, input: { name: string; phone: string; images?: string[]; email?: string }): Promise<Written> {
    await this.registered(userId);
    return this.store.run(userId, { type: 'UpdateProfile', ...input, at: this.clock.now().toISOString() }, { userId });
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
  async signInWithGoogle(identity: GoogleIdentity): Promise<Written & { user: SignedInUser }> {
    const now = this.clock.now();
    const userId = await this.store.reserveEmail(identity.email, now);
    const { subject, email, name, picture } = identity;
    const result = await this.store.run(
      userId,
      { type: 'SignInWithGoogle', userId, subject, email, name: name.slice(0, 80), picture, at: now.toISOString() },
      { userId },
    );
    return { position: result.position, user: signedInUser(result.state) };
  }

  /**
   * `PUT /verifyAccount/emailVerify/:id` of the original stored a client-sent code on the user.
   * Ours only confirms the id and e-mail belong together: codes are created by the server.
   */
  async confirmPendingVerification(userId: string, email: string | undefined): Promise<void> {
    const account = await this.store.load(userId);
    if (!account.registered || (email !== undefined && email !== account.email)) throw new AccountError(MSG.userNotFound, 404);
  }

  async account(userId: string): Promise<AccountState | null> {
    const state = await this.store.load(userId);
    return state.registered ? state : null;
  }

  private async registered(userId: string): Promise<AccountState> {
    const account = await this.account(userId);
    if (!account) throw new AccountError(MSG.userNotFound, 404);
    return account;
  }

  private async mail(message: Parameters<Mailer['send']>[0]): Promise<void> {
    try {
      await this.options.mailer.send(message);
    } catch (error) {
      this.options.logger.error({ err: error, subject: message.subject }, 'mail not sent');
      throw new AccountError(MSG.mailFailed, 502);
    }
  }
}
