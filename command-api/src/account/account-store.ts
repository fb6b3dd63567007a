import { accountEmailReserved, newId } from '@shop/contracts';
import type { CommandContext, StreamCommands } from '../shared/stream-commands.ts';
import { accountStream, emailReservationStream, type AccountCommand, type AccountState } from './decider.ts';
import type { EmailLookup } from './emails.ts';

/**
 * The account streams on the write side: the per-user stream (decided by `accountDecider`) and
 * the per-e-mail reservation stream that makes e-mails unique. Anything that needs a secret
 * (password hash, code hash) reads the account from here, never from the read model.
 */
export class AccountStore {
  constructor(
    private readonly streams: StreamCommands,
    private readonly emails: EmailLookup,
  ) {}

  /** Read fresh, never from the cache: a password or code changed by another process must count. */
  load(userId: string): Promise<AccountState> {
    return this.streams.load(accountStream.at(userId), { fresh: true });
  }

  /** The user id the e-mail is reserved for, or null when nobody ever reserved it. */
  async reservedFor(email: string): Promise<string | null> {
    // Under the keyed name, else under the plain hash an older log reserved it with.
    for (const digest of [this.emails.digest(email), this.emails.legacy(email)]) {
      const first = await this.streams.first(emailReservationStream.streamId(digest));
      if (first) return accountEmailReserved.parse(first.data).userId;
    }
    return null;
  }

  /** The registered account behind an e-mail, or null. */
  async findByEmail(email: string): Promise<AccountState | null> {
    const userId = await this.reservedFor(email);
    if (!userId) return null;
    const state = await this.load(userId);
    return state.registered ? state : null;
  }

  /**
   * Reserves the e-mail for a new user id (append with "no stream" expected), or returns the id
   * it is already reserved for. Registration follows as a separate append on the user's stream,
   * so a crash in between leaves a reservation without an account: the next sign-up with that
   * e-mail gets the same id and completes it, so an e-mail is never locked out. Two racing
   * sign-ups end up on the same id, where the account stream's own "no stream" append lets
   * exactly one of them register.
   */
  async reserveEmail(email: string, now: Date): Promise<string> {
    // New reservations only under the keyed name; no one writes a plain-hash stream any more, so
    // checking it first (reservedFor) and claiming the keyed one keeps one account per e-mail.
    const stream = emailReservationStream.at(this.emails.digest(email));
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = await this.reservedFor(email);
      if (existing) return existing;
      const userId = newId(now.getTime());
      const data = { userId, email, reservedAt: now.toISOString() };
      if ((await this.streams.claim(stream, { type: 'AccountEmailReserved', data })).claimed) return userId;
    }
    throw new Error('Could not reserve the e-mail address');
  }

  run(userId: string, command: AccountCommand, context: CommandContext = {}) {
    return this.streams.handle(accountStream.at(userId), command, context);
  }
}
