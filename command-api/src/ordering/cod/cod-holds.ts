import { COD_MESSAGES, codHoldEventSchemas, codHoldStreams, orderIdForPayment, type CodHoldEventMap } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import type { CommandContext, StreamCommands } from '../../shared/stream-commands.ts';
import { streamType } from '../../shared/stream-type.ts';
import { orderStream } from '../order/decider.ts';

export type CodHoldEvent =
  | DomainEvent<'CodHoldTaken', CodHoldEventMap['CodHoldTaken']>
  | DomainEvent<'CodHoldReleased', CodHoldEventMap['CodHoldReleased']>;

/** One holder's holds (an account's, or a delivery address's), by hold id (the cash payment's id). */
export interface CodHoldsState {
  holds: ReadonlyMap<string, { until: string; released: boolean }>;
}

export type CodHoldCommand =
  /**
   * `closed`: holds whose order the caller found confirmed or ended (read from the orders before
   * the command); a hold it did not look at, a racing checkout's, counts as open.
   */
  | { type: 'TakeCodHold'; holdId: string; at: string; until: string; max: number; closed: ReadonlySet<string>; refusal: string }
  | { type: 'ReleaseCodHold'; holdId: string; reason: string };

/** The holds that still count at `at`: not released, not past their time, not known to be closed. */
export function openHolds(state: CodHoldsState, at: string, closed: ReadonlySet<string> = new Set()): string[] {
  return [...state.holds].filter(([holdId, hold]) => !hold.released && hold.until > at && !closed.has(holdId)).map(([holdId]) => holdId);
}

export const codHoldsDecider: Decider<CodHoldsState, CodHoldCommand, CodHoldEvent> = {
  initialState: { holds: new Map() },
  evolve(state, event) {
    const holds = new Map(state.holds);
    if (event.type === 'CodHoldTaken') holds.set(event.data.holdId, { until: event.data.until, released: false });
    else {
      const hold = holds.get(event.data.holdId);
      if (hold) holds.set(event.data.holdId, { ...hold, released: true });
    }
    return { holds };
  },
  decide(command, state) {
    if (command.type === 'ReleaseCodHold') {
      const hold = state.holds.get(command.holdId);
      if (!hold || hold.released) return [];
      return [{ type: 'CodHoldReleased', data: { holdId: command.holdId, reason: command.reason.slice(0, 300) } }];
    }
    // The same checkout again (a retry) already holds its place.
    if (state.holds.has(command.holdId)) return [];
    if (openHolds(state, command.at, command.closed).length >= command.max) throw new DomainError('conflict', command.refusal);
    return [{ type: 'CodHoldTaken', data: { holdId: command.holdId, takenAt: command.at, until: command.until } }];
  },
};

export const codMailboxHoldsStream = streamType({ kind: 'cod-holds-mailbox', decider: codHoldsDecider, streamId: codHoldStreams.mailbox, schemas: codHoldEventSchemas });
export const codAddressHoldsStream = streamType({ kind: 'cod-holds-address', decider: codHoldsDecider, streamId: codHoldStreams.address, schemas: codHoldEventSchemas });

/** Checkouts racing on one holder retry on a stale revision; each retry counts again. */
const HOLD_ATTEMPTS = 50;

/**
 * One cash-on-delivery checkout's holds: on its account's mailbox (a keyed hash of the verified
 * e-mail, plus-addressing and Gmail dots removed: one mailbox's many accounts are one holder) and
 * on its delivery address (a keyed hash).
 */
export interface CodHoldRequest {
  holdId: string;
  mailboxKey: string;
  addressKey: string;
  at: Date;
  confirmWithinMs: number;
  maxOpenPerAccount: number;
  maxOpenPerAddress: number;
}

/**
 * Takes the checkout's place among its account's and its delivery address's unconfirmed
 * cash-on-delivery orders, or refuses (409) when either already has its cap open. Each hold is
 * appended at the revision it was counted at, so a burst of checkouts cannot all pass one cap. A
 * refusal on the address gives the account's hold back. A hold lasts as long as the order may
 * stay unconfirmed; confirming or cancelling the order ends it (read from the order when the next
 * hold is counted).
 */
export async function takeCodHolds(streams: StreamCommands, request: CodHoldRequest, ctx: CommandContext): Promise<void> {
  const at = request.at.toISOString();
  const until = new Date(request.at.getTime() + request.confirmWithinMs).toISOString();
  const holders = [
    { stream: codMailboxHoldsStream.at(request.mailboxKey), max: request.maxOpenPerAccount, refusal: COD_MESSAGES.openPerAccount(request.maxOpenPerAccount) },
    { stream: codAddressHoldsStream.at(request.addressKey), max: request.maxOpenPerAddress, refusal: COD_MESSAGES.openPerAddress(request.maxOpenPerAddress) },
  ];
  const taken: (typeof holders)[number]['stream'][] = [];
  try {
    for (const { stream, max, refusal } of holders) {
      const closed = await closedHolds(streams, openHolds(await streams.load(stream, { fresh: true }), at));
      const command = { type: 'TakeCodHold', holdId: request.holdId, at, until, max, closed, refusal } as const;
      await streams.handle(stream, command, ctx, { maxAttempts: HOLD_ATTEMPTS });
      taken.push(stream);
    }
  } catch (error) {
    for (const stream of taken) await streams.handle(stream, { type: 'ReleaseCodHold', holdId: request.holdId, reason: 'checkout refused' }, ctx);
    throw error;
  }
}

/** Gives a checkout's holds back: it placed no order. Idempotent. */
export async function releaseCodHolds(streams: StreamCommands, request: Pick<CodHoldRequest, 'holdId' | 'mailboxKey' | 'addressKey'>, reason: string, ctx: CommandContext): Promise<void> {
  const command = { type: 'ReleaseCodHold', holdId: request.holdId, reason } as const;
  await streams.handle(codMailboxHoldsStream.at(request.mailboxKey), command, ctx, { maxAttempts: HOLD_ATTEMPTS });
  await streams.handle(codAddressHoldsStream.at(request.addressKey), command, ctx, { maxAttempts: HOLD_ATTEMPTS });
}

/** Of these holds, those whose order no longer waits for its confirmation (confirmed, cancelled, moved on). */
async function closedHolds(streams: StreamCommands, holdIds: string[]): Promise<Set<string>> {
  const closed = new Set<string>();
  for (const holdId of holdIds) {
    const order = await streams.load(orderStream.at(orderIdForPayment(holdId)));
    if (order.placed && (order.cod.confirmedAt !== null || order.status !== 'pending')) closed.add(holdId);
  }
  return closed;
}
