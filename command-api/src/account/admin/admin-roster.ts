import { type AccountEventMap, accountStreams, accountEventSchemas } from '@shop/contracts';
import type { Decider, DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';
import { AccountError } from '../errors.ts';

type Ev<K extends keyof AccountEventMap> = DomainEvent<K, AccountEventMap[K]>;

/** Events of the admin roster stream (`accountStreams.adminRoster`). */
export type AdminRosterEvent = Ev<'AdminRosterJoined'> | Ev<'AdminRosterLeft'>;

export interface AdminRosterState {
  /** The accounts that count as admins for the last-admin rule. */
  admins: ReadonlySet<string>;
}

export type AdminRosterCommand =
  | { type: 'JoinRoster'; userId: string; by: string; at: string }
  | { type: 'LeaveRoster'; userId: string; by: string; at: string };

export const LAST_ADMIN_MSG = 'The shop must keep at least one admin: make someone else an admin first';

/**
 * The last-admin rule, decided on one stream: the roster of admin ids. A grant joins it after the
 * account has the role, a revoke leaves it before the account loses it, so the roster never names
 * more admins than the accounts have, and a roster that never empties means an admin is always
 * left. Leaving is refused when nobody else would be on the roster, including for an admin the
 * roster does not know yet (granted before it existed): then nobody is known to remain.
 */
export const adminRosterDecider: Decider<AdminRosterState, AdminRosterCommand, AdminRosterEvent> = {
  initialState: { admins: new Set() },

  evolve(state, event) {
    const admins = new Set(state.admins);
    if (event.type === 'AdminRosterJoined') admins.add(event.data.userId);
    else admins.delete(event.data.userId);
    return { admins };
  },

  decide(command, { admins }) {
    const { userId, by, at } = command;
    if (command.type === 'JoinRoster') {
      if (admins.has(userId)) return [];
      return [{ type: 'AdminRosterJoined', data: { userId, by, joinedAt: at } }];
    }
    const others = [...admins].filter((id) => id !== userId);
    if (others.length === 0) throw new AccountError('conflict', LAST_ADMIN_MSG);
    if (!admins.has(userId)) return [];
    return [{ type: 'AdminRosterLeft', data: { userId, by, leftAt: at } }];
  },
};

/** The one roster of admins (`admin-roster`). */
export const adminRosterStream = streamType({ kind: 'admin-roster', decider: adminRosterDecider, streamId: () => accountStreams.adminRoster, schemas: accountEventSchemas });
