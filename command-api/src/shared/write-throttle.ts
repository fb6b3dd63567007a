import type { Context, Middleware } from 'koa';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { currentUser } from '@shop/platform';
import { memoryLimiters, type LimiterFactory } from '../account/identity/limits.ts';
import { DomainError } from './decider.ts';

/**
 * The writes that append to the permanent event log, the guesses at codes, and the data exports,
 * each with its own budget: the signed-in ones per user, and a cash-on-delivery order's confirmation attempts per
 * order (no sign-in: the code is the proof, so the guesses at it are what is counted).
 */
export type WriteKind = 'checkout' | 'basket' | 'review' | 'profile' | 'coupon' | 'codConfirmation' | 'giftCardCode' | 'dataExport';

interface WriteBudget {
  /** What the refusal says there were too many of. */
  noun: string;
  /** Each window: at most `points` writes per `seconds`, per user. */
  windows: { points: number; seconds: number }[];
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Budgets per user that a real shopper never meets and a script meets at once. A checkout opens
 * a payment (and, with Razorpay, a provider order) and records the whole billing address: ten in
 * ten minutes covers a shopper whose card is declined again and again. Cart and My List changes
 * come at clicking speed: two a second for a minute. A review or profile save is typed by hand.
 * The daily windows bound what one account can add to the log in a day. A coupon code is typed
 * by hand: ten tries a minute and fifty a day let a shopper fix a typo, while guessing codes at
 * that pace is hopeless.
 */
export const WRITE_BUDGETS: Readonly<Record<WriteKind, WriteBudget>> = {
  checkout: { noun: 'checkouts', windows: [{ points: 10, seconds: 10 * MINUTE }, { points: 50, seconds: DAY }] },
  basket: { noun: 'cart and My List changes', windows: [{ points: 120, seconds: MINUTE }, { points: 2_000, seconds: DAY }] },
  review: { noun: 'reviews', windows: [{ points: 10, seconds: HOUR }, { points: 30, seconds: DAY }] },
  profile: { noun: 'profile updates', windows: [{ points: 20, seconds: HOUR }, { points: 100, seconds: DAY }] },
  coupon: { noun: 'coupon codes tried', windows: [{ points: 10, seconds: MINUTE }, { points: 50, seconds: DAY }] },
  // 10 tries an hour at an 8-character code of 32 letters and digits: guessing it before the
  // order lapses unconfirmed is a chance of about 2 in 10^10, while the shopper who mistypes it
  // a few times is never stopped. Counted per order, so one attacker cannot lock others out.
  codConfirmation: { noun: 'confirmation attempts for this order', windows: [{ points: 10, seconds: HOUR }] },
  // Gift card codes tried (at checkout or a balance check), per user, counted before the lookup:
  // a code is 80 random bits, so even without this a guess is hopeless; the budget keeps a script
  // from trying at all while a shopper who mistypes a few times is never stopped.
  giftCardCode: { noun: 'gift card code attempts', windows: [{ points: 10, seconds: HOUR }, { points: 30, seconds: DAY }] },
  // A copy of everything the shop holds about the person: read, not written, but it reads every
  // event of theirs and sends it whole. A person wants it now and then; one a minute and five a
  // day never stop them, while thirty at once from a script are twenty-nine refusals.
  dataExport: { noun: 'data exports', windows: [{ points: 1, seconds: MINUTE }, { points: 5, seconds: DAY }] },
};

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 120 ? `${minutes} minutes` : `${Math.ceil(minutes / 60)} hours`;
}

/**
 * Per-user budgets of the signed-in writes, counted by `rate-limiter-flexible` in the store the
 * composition root picks (memory on the embedded shop, MongoDB in the distributed mode). A write
 * takes its point before any work, so a parallel burst gets no more through than the budget.
 */
export class WriteThrottle {
  private readonly limiters: Record<WriteKind, RateLimiterAbstract[]>;

  /** `scale` multiplies every budget (`WRITE_BUDGET_SCALE`: load benchmarks only). */
  constructor(limiters: LimiterFactory = memoryLimiters, scale = 1) {
    const build = (kind: WriteKind) =>
      WRITE_BUDGETS[kind].windows.map(({ points, seconds }) => limiters({ name: `writes-${kind}-${seconds}`, points: points * scale, durationSec: seconds }));
    this.limiters = {
      checkout: build('checkout'),
      basket: build('basket'),
      review: build('review'),
      profile: build('profile'),
      coupon: build('coupon'),
      codConfirmation: build('codConfirmation'),
      giftCardCode: build('giftCardCode'),
      dataExport: build('dataExport'),
    };
  }

  /** Takes one write of `kind` from the budgets of `key` (the user, or the order), or refuses with 429 (`rate-limited`) and how long to wait. */
  async take(kind: WriteKind, key: string): Promise<void> {
    for (const limiter of this.limiters[kind]) {
      try {
        await limiter.consume(key);
      } catch (outcome) {
        if (!(outcome instanceof RateLimiterRes)) throw outcome;
        throw new WriteRefused(`Too many ${WRITE_BUDGETS[kind].noun}. Please try again in ${waitText(outcome.msBeforeNext)}.`, outcome.msBeforeNext);
      }
    }
  }

  /**
   * Route middleware, after the route's auth and its `answerRefusals`: the refusal comes back
   * in the route's own reply shape, with `Retry-After`.
   */
  guard(kind: WriteKind): Middleware {
    return async (ctx, next) => {
      await this.takeFor(ctx, kind, currentUser(ctx).userId);
      await next();
    };
  }

  /** `take` inside a route (once `key` is known to be valid), setting `Retry-After` on a refusal. */
  async takeFor(ctx: Context, kind: WriteKind, key: string): Promise<void> {
    try {
      await this.take(kind, key);
    } catch (error) {
      if (error instanceof WriteRefused) ctx.set('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
      throw error;
    }
  }
}

export class WriteRefused extends DomainError {
  constructor(
    message: string,
    readonly retryAfterMs: number,
  ) {
    super('rate-limited', message);
  }
}
