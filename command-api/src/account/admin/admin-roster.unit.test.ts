import { describe, expect, it } from 'vitest';
import { given as givenEvents, givenState } from '../../shared/given-when-then.ts';
import { newId } from '@shop/contracts';
import { LAST_ADMIN_MSG, adminRosterStream, type AdminRosterCommand, type AdminRosterEvent, type AdminRosterState } from './admin-roster.ts';

const [asha, ravi, meera] = [newId(), newId(), newId()];
const at = '2025-06-01T10:00:00.000Z';
const by = asha;

const given = (...events: AdminRosterEvent[]): AdminRosterState => givenEvents(adminRosterStream, events).state;
const when = (command: AdminRosterCommand, state: AdminRosterState) => givenState(adminRosterStream, state).when(command);
const joined = (userId: string): AdminRosterEvent => ({ type: 'AdminRosterJoined', data: { userId, by, joinedAt: at } });
const left = (userId: string): AdminRosterEvent => ({ type: 'AdminRosterLeft', data: { userId, by, leftAt: at } });
const join = (userId: string) => ({ type: 'JoinRoster', userId, by, at }) as const;
const leave = (userId: string) => ({ type: 'LeaveRoster', userId, by, at }) as const;

describe('admin roster: the shop always keeps an admin', () => {
  it('given an empty roster, when someone joins, then they are on it', () => {
    const events = when(join(asha), given());
    expect(events).toEqual([joined(asha)]);
    expect([...given(...events).admins]).toEqual([asha]);
  });

  it('given an admin on the roster, when they join again, then nothing happens', () => {
    expect(when(join(asha), given(joined(asha)))).toEqual([]);
  });

  it('given two admins, when one leaves, then the other remains', () => {
    const events = when(leave(ravi), given(joined(asha), joined(ravi)));
    expect(events).toEqual([left(ravi)]);
    expect([...given(joined(asha), joined(ravi), ...events).admins]).toEqual([asha]);
  });

  it('given one admin, when they leave, then refused as the last admin (409)', () => {
    expect(() => when(leave(asha), given(joined(asha)))).toThrow(expect.objectContaining({ reason: 'conflict', message: LAST_ADMIN_MSG }));
  });

  it('given two admins of whom one left, when the other leaves, then refused: the second of two crossing revokes loses', () => {
    const state = given(joined(asha), joined(ravi), left(ravi));
    expect(() => when(leave(asha), state)).toThrow(LAST_ADMIN_MSG);
  });

  it('given an admin the roster does not know (granted before it), when they leave, then nothing to write while another admin remains', () => {
    expect(when(leave(meera), given(joined(asha)))).toEqual([]);
  });

  it('given an empty roster, when an admin it does not know leaves, then refused: nobody is known to remain', () => {
    expect(() => when(leave(meera), given())).toThrow(LAST_ADMIN_MSG);
    expect(() => when(leave(meera), given(joined(asha), left(asha)))).toThrow(LAST_ADMIN_MSG);
  });
});
