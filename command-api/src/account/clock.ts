/**
 * Time as the account service sees it. Injected so tests can jump past a code's expiry or a
 * throttle window instead of sleeping; everything time-based in the service reads this clock.
 */
export interface Clock {
  now(): Date;
}

/** A fresh object per service, so a test can spy on one shop's clock without touching another's. */
export function systemClock(): Clock {
  return { now: () => new Date() };
}
