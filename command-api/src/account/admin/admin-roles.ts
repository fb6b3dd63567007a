import { accountStreams } from '@shop/contracts';
import type { EventStore } from '@shop/platform';
import { StreamCommands, type CommandContext } from '../../shared/stream-commands.ts';
import { AccountStore } from '../account-store.ts';
import { adminRosterStream } from './admin-roster.ts';
import { systemClock, type Clock } from '../clock.ts';
import type { AccountState } from '../decider.ts';
import { normaliseEmail, type EmailLookup } from '../emails.ts';
import { AccountError, MSG } from '../errors.ts';

export interface AdminRoleChange {
  userId: string;
  email: string;
  name: string;
  /** The account's admin right after the command. */
  isAdmin: boolean;
  /** False when the account already was (or was not) an admin: nothing was written. */
  changed: boolean;
  /** Log position of the last event written (0n when nothing changed). */
  position: bigint;
}

/** Who asks: `by` goes into the events, `context` (the acting admin's id) into their metadata. */
export interface RoleActor {
  by: string;
  context?: CommandContext;
}

/**
 * Grants and revokes admin rights: `AdminRoleGranted` / `AdminRoleRevoked` on the account stream
 * (decided by the account decider) and the admin roster stream (`adminRosterDecider`), which
 * holds the last-admin rule on one consistency boundary. A grant writes the account first and
 * then joins the roster; a revoke leaves the roster first (refused when nobody would be left)
 * and then writes the account: so the roster never counts an admin the accounts do not have, even
 * when a crash stops a change between its two appends. Both steps are idempotent, so repeating
 * the command finishes it. Used by `npm run admin:grant` (which needs the event log alone, never
 * the read models, so it is safe beside a running shop) and by the back office's
 * `PUT /api/admin/customers/:id/admin`. A grant applies to the user's current tokens at once
 * (the token check takes the role from the accounts read model's latest role event) and new
 * sign-ins sign `isAdmin`; a revocation also ends the user's sessions, whose tokens would say
 * `isAdmin` until they expire.
 */
export class AdminRoles {
  private readonly streams: StreamCommands;
  private readonly store: AccountStore;

  /** `source`: the shop's command pipeline, or an event store for a tool of its own (the CLI, tests). */
  /** `emails`: the shop's keyed e-mail lookup (an account is found by its e-mail's keyed hash). */
  constructor(
    source: EventStore | StreamCommands,
    emails: EmailLookup,
    private readonly clock: Clock = systemClock(),
  ) {
    this.streams = source instanceof StreamCommands ? source : new StreamCommands(source);
    this.store = new AccountStore(this.streams, emails);
  }

  grant(email: string, by: string): Promise<AdminRoleChange> {
    return this.byEmail(email, true, { by });
  }

  revoke(email: string, by: string): Promise<AdminRoleChange> {
    return this.byEmail(email, false, { by });
  }

  /** The back office's change, by user id. */
  async set(userId: string, admin: boolean, actor: RoleActor): Promise<AdminRoleChange> {
    const account = await this.store.load(userId);
    if (!account.registered) throw new AccountError('not-found', MSG.userNotFound);
    return this.change(account, admin, actor);
  }

  private async byEmail(email: string, admin: boolean, actor: RoleActor): Promise<AdminRoleChange> {
    const account = await this.store.findByEmail(normaliseEmail(email));
    if (!account) throw new AccountError('not-found', `${MSG.userNotFound}: no account has the e-mail ${normaliseEmail(email)}`);
    return this.change(account, admin, actor);
  }

  /** Role changes in this process run one at a time, so the two appends of one never interleave with another's. */
  private change(account: AccountState, admin: boolean, { by, context = {} }: RoleActor): Promise<AdminRoleChange> {
    return this.streams.exclusive(`${accountStreams.adminRoster}:changes`, async () => {
      const { userId } = account;
      const at = this.clock.now().toISOString();
      const roster = () =>
        this.streams.handle(adminRosterStream.at(), { type: admin ? 'JoinRoster' : 'LeaveRoster', userId, by, at }, context);
      const onAccount = () => this.store.run(userId, { type: admin ? 'GrantAdminRole' : 'RevokeAdminRole', by, at }, context);
      let written: { events: unknown[]; position: bigint }[];
      let isAdmin: boolean;
      if (admin) {
        const granted = await onAccount();
        written = [granted, await roster()];
        isAdmin = granted.state.isAdmin;
      } else {
        const fresh = await this.store.load(userId);
        const listed = (await this.streams.load(adminRosterStream.at(), { fresh: true })).admins.has(userId);
        // Not an admin anywhere: nothing to decide (and no roster to ask).
        if (!fresh.isAdmin && !listed) return this.reply(fresh, false, []);
        const left = await roster();
        const revoked = await onAccount();
        written = [left, revoked];
        isAdmin = revoked.state.isAdmin;
      }
      return this.reply(account, isAdmin, written);
    });
  }

  private reply(account: AccountState, isAdmin: boolean, written: { events: unknown[]; position: bigint }[]): AdminRoleChange {
    return {
      userId: account.userId,
      email: account.email,
      name: account.name,
      isAdmin,
      changed: written.some((w) => w.events.length > 0),
      position: written.reduce((max, w) => (w.position > max ? w.position : max), 0n),
    };
  }
}
