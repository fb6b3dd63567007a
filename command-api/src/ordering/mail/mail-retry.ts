import type { OrderStatus } from '@shop/contracts';
import type { MailFailure, MailMessage } from '@shop/platform';

/**
 * When the order mail desk tries a failed mail again: a pure schedule, apart from the desk's I/O.
 *
 * A mail the server refused for good is never tried again (it is recorded and passed). A mail
 * the server put off (a 4xx about its recipient) waits on its own, doubling from `deferMs` up to
 * `maxDeferMs`, while the desk goes on with later orders; it is given up (recorded as refused)
 * once `giveUpAfterMs` passed since its first try, as an MTA bounces after days. When no mail
 * can go at all (no connection, a timeout, a refused login), the whole desk waits, doubling from
 * `retryMs` up to `maxRetryMs`: every later mail would fail the same way, and holding them keeps
 * them in order and asks a struggling server less.
 */
export interface MailRetrySchedule {
  retryMs: number;
  maxRetryMs: number;
  deferMs: number;
  maxDeferMs: number;
  giveUpAfterMs: number;
}

export const defaultMailRetrySchedule: MailRetrySchedule = {
  retryMs: 5_000,
  maxRetryMs: 5 * 60_000,
  deferMs: 60_000,
  maxDeferMs: 60 * 60_000,
  giveUpAfterMs: 2 * 24 * 60 * 60_000,
};

/** The wait before try `tries + 1` after `tries` failures: `firstMs`, doubled each time, at most `capMs`. */
export function backoffMs(tries: number, firstMs: number, capMs: number): number {
  if (tries < 1) return 0;
  // 2^30 already exceeds any cap in milliseconds; the exponent is bounded so it never overflows.
  return Math.min(capMs, firstMs * 2 ** Math.min(tries - 1, 30));
}

/** A mail put off by the server, kept (in the desk's own collection) until it goes or is given up. */
export interface DeferredMail {
  _id: string;
  /** The event the mail is about (also `_id`). */
  eventId: string;
  orderId: string;
  mail: 'placed' | 'status' | 'gift-card';
  status?: OrderStatus;
  /** A bought gift card's mail: kept without its code (`message` holds only whom it goes to), written again from the card when tried. */
  cardId?: string;
  message: MailMessage;
  tries: number;
  firstTriedAt: number;
  /** Epoch ms of the next try. */
  nextAt: number;
  lastReason: string;
}

/** What to do with a mail after a failed try: record it as refused, keep it for later, or hold the desk. */
export type AfterFailure =
  | { action: 'refuse'; reason: string }
  | { action: 'defer'; tries: number; nextAt: number; firstTriedAt: number }
  | { action: 'hold' };

export function afterFailure(
  failure: MailFailure,
  reason: string,
  tried: { tries: number; firstTriedAt: number } | null,
  now: number,
  schedule: MailRetrySchedule,
): AfterFailure {
  if (failure === 'unavailable') return { action: 'hold' };
  if (failure === 'refused') return { action: 'refuse', reason };
  const tries = (tried?.tries ?? 0) + 1;
  const firstTriedAt = tried?.firstTriedAt ?? now;
  if (now - firstTriedAt >= schedule.giveUpAfterMs) {
    return { action: 'refuse', reason: `Not delivered after ${tries} tries: ${reason}`.slice(0, 300) };
  }
  return { action: 'defer', tries, firstTriedAt, nextAt: now + backoffMs(tries, schedule.deferMs, schedule.maxDeferMs) };
}
