import type { EventStore } from '@shop/platform';
import { StreamCommands } from '../shared/stream-commands.ts';
import { AccountStore } from './account-store.ts';
import { systemClock, type Clock } from './clock.ts';
import { normaliseEmail } from './emails.ts';
import { AccountError, MSG } from './errors.ts';

export interface AdminRoleChange {
  userId: string;
  email: string;
  name: string;
  /** The account's admin right after the command. */
  isAdmin: boolean;
  /** False when the account already was (or was not) an admin: nothing was written. */
  changed: boolean;
  /** Log position of the event written (0n when nothing changed). */
  position: bigint;
}

/**
 * Grants and revokes admin rights on the account stream (`AdminRoleGranted` / `AdminRoleRevoked`,
 * decided by the account decider). Operators only: used by `npm run admin:grant`; no HTTP route
 * reaches it. The account is found by its e-mail reservation stream, so this needs the event log
 * alone, never the read models: it is safe to run beside a running shop, whose projection loop
 * picks the event up. Tokens carry the right from the user's next sign-in, since sign-in signs
 * `isAdmin` from the account stream's state; a revocation also ends the user's sessions, whose
 * tokens would say `isAdmin` until they expire.
 */
export class AdminRoles {
  private readonly store: AccountStore;

  constructor(
    events: EventStore,
    private readonly clock: Clock = systemClock(),
  ) {
    // A tool of its own (the grant-admin CLI, tests): its own pipeline over the store.
    this.store = new AccountStore(new StreamCommands(events));
  }

  grant(email: string, by: string): Promise<AdminRoleChange> {
    return this.set(email, true, by);
  }

  revoke(email: string, by: string): Promise<AdminRoleChange> {
    return this.set(email, false, by);
  }

  private async set(email: string, admin: boolean, by: string): Promise<AdminRoleChange> {
    const account = await this.store.findByEmail(normaliseEmail(email));
    if (!account) throw new AccountError('not-found', `${MSG.userNotFound}: no account has the e-mail ${normaliseEmail(email)}`);
    const at = this.clock.now().toISOString();
    const result = await this.store.run(account.userId, { type: admin ? 'GrantAdminRole' : 'RevokeAdminRole', by, at });
    return {
      userId: account.userId,
      email: account.email,
      name: account.name,
      isAdmin: result.state.isAdmin,
      changed: result.events.length > 0,
      position: result.position,
    };
  }
}
