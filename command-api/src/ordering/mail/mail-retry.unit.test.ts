import { describe, expect, it } from 'vitest';
import { afterFailure, backoffMs, defaultMailRetrySchedule as schedule } from './mail-retry.ts';

describe('order mail retries', () => {
  it('waits twice as long after each failure, from the first wait up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((tries) => backoffMs(tries, 5_000, 300_000))).toEqual([
      5_000, 10_000, 20_000, 40_000, 80_000, 160_000, 300_000, 300_000,
    ]);
    expect(backoffMs(10_000, 5_000, 300_000)).toBe(300_000); // never Infinity, however many tries
  });

  it('holds the desk only when no mail can go; passes a refused mail; keeps a put-off one on its own clock', () => {
    const now = 1_000_000;
    expect(afterFailure('unavailable', 'connect ECONNREFUSED', null, now, schedule)).toEqual({ action: 'hold' });
    expect(afterFailure('refused', '550 5.1.1 No such user', null, now, schedule)).toEqual({ action: 'refuse', reason: '550 5.1.1 No such user' });
    expect(afterFailure('deferred', '450 try later', null, now, schedule)).toEqual({ action: 'defer', tries: 1, firstTriedAt: now, nextAt: now + schedule.deferMs });
    const third = afterFailure('deferred', '450 try later', { tries: 2, firstTriedAt: now - 1 }, now, schedule);
    expect(third).toEqual({ action: 'defer', tries: 3, firstTriedAt: now - 1, nextAt: now + 4 * schedule.deferMs });
    const hourly = afterFailure('deferred', '450', { tries: 20, firstTriedAt: now - 1 }, now, schedule);
    expect(hourly).toMatchObject({ action: 'defer', nextAt: now + schedule.maxDeferMs });
  });

  it('gives a put-off mail up, as refused, once the deadline since its first try has passed', () => {
    const first = 0;
    const late = afterFailure('deferred', '452 mailbox full', { tries: 50, firstTriedAt: first }, first + schedule.giveUpAfterMs, schedule);
    expect(late).toEqual({ action: 'refuse', reason: 'Not delivered after 51 tries: 452 mailbox full' });
  });
});
