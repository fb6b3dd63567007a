import { describe, expect, it } from 'vitest';
import type { Clock } from './clock.ts';
import { AccountThrottle, defaultAccountLimits } from './limits.ts';

function manualClock(start = Date.parse('2025-06-01T10:00:00Z')) {
  let now = start;
  const clock: Clock = { now: () => new Date(now) };
  return { clock, advance: (ms: number) => (now += ms) };
}

describe('account throttle', () => {
  it('spaces codes to one account, caps them per hour, and frees them as the hour passes', () => {
    const { clock, advance } = manualClock();
    const throttle = new AccountThrottle(clock);
    throttle.recordMail('u1', '10.0.0.1');
    expect(() => throttle.assertCodeAllowed('u1', '10.0.0.1')).toThrow(/wait 30 seconds/);
    expect(() => throttle.assertCodeAllowed('u2', '10.0.0.1')).not.toThrow();
    for (let i = 0; i < 4; i++) {
      advance(31_000);
      throttle.assertCodeAllowed('u1', '10.0.0.1');
      throttle.recordMail('u1', '10.0.0.1');
    }
    advance(31_000);
    expect(() => throttle.assertCodeAllowed('u1', '10.0.0.1')).toThrow(/Too many codes/);
    advance(60 * 60_000);
    expect(() => throttle.assertCodeAllowed('u1', '10.0.0.1')).not.toThrow();
  });

  it('caps e-mails per client address', () => {
    const { clock } = manualClock();
    const throttle = new AccountThrottle(clock);
    for (let i = 0; i < defaultAccountLimits.mailsPerAddress; i++) throttle.recordMail(`u${i}`, '10.0.0.2');
    expect(() => throttle.assertMailAllowed('10.0.0.2')).toThrow(/Too many e-mails/);
    expect(() => throttle.assertMailAllowed('10.0.0.3')).not.toThrow();
  });

  it('slows sign-ins after 3 failures, locks after 8 for 15 minutes, and a success clears the account', () => {
    const { clock, advance } = manualClock();
    const throttle = new AccountThrottle(clock);
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      delays.push(throttle.signInDelayMs('u1'));
      throttle.recordSignInFailure('u1', '10.0.0.4');
    }
    expect(delays).toEqual([0, 0, 0, 250, 500, 750, 1000]);
    throttle.assertSignInAllowed('u1', '10.0.0.4');
    throttle.recordSignInFailure('u1', '10.0.0.4');
    expect(() => throttle.assertSignInAllowed('u1', '10.0.0.5')).toThrow(/try again in 15 minutes/);
    advance(15 * 60_000);
    expect(() => throttle.assertSignInAllowed('u1', '10.0.0.5')).not.toThrow();
    throttle.recordSignInFailure('u1', '10.0.0.4');
    throttle.recordSignInSuccess('u1');
    expect(throttle.signInDelayMs('u1')).toBe(0);
  });
});
