import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountThrottle, defaultAccountLimits } from './limits.ts';

/** rate-limiter-flexible's memory store reads Date.now and expires keys by timers: both are faked. */
const advance = (ms: number) => vi.advanceTimersByTime(ms);

describe('account throttle', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2025-06-01T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('spaces codes to one account, caps them per hour, and frees them as the hour passes', async () => {
    const throttle = new AccountThrottle();
    await throttle.takeAccountCode('u1');
    await expect(throttle.takeAccountCode('u1')).rejects.toThrow(/wait 30 seconds/);
    await expect(throttle.takeAccountCode('u2')).resolves.toBeUndefined();
    for (let i = 0; i < 4; i++) {
      advance(31_000);
      await throttle.takeAccountCode('u1');
    }
    advance(31_000);
    await expect(throttle.takeAccountCode('u1')).rejects.toThrow(/Too many codes/);
    advance(60 * 60_000);
    await expect(throttle.takeAccountCode('u1')).resolves.toBeUndefined();
  });

  it('skips the short cooldown once the last code was used', async () => {
    const throttle = new AccountThrottle();
    await throttle.takeAccountCode('u1');
    await expect(throttle.takeAccountCode('u1', false)).resolves.toBeUndefined();
  });

  it('caps e-mails per client address', async () => {
    const throttle = new AccountThrottle();
    for (let i = 0; i < defaultAccountLimits.mailsPerAddress; i++) await throttle.takeMail('10.0.0.2');
    await expect(throttle.takeMail('10.0.0.2')).rejects.toThrow(/Too many e-mails/);
    await expect(throttle.takeMail('10.0.0.3')).resolves.toBeUndefined();
  });

  it('slows sign-ins after 3 failures, refuses them for 15 minutes after 8, and a success clears the account', async () => {
    const throttle = new AccountThrottle();
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) delays.push((await throttle.beginSignIn('u1', '10.0.0.4')).delayMs);
    expect(delays).toEqual([0, 0, 0, 250, 500, 750, 1000, 1000]);
    const refused = throttle.beginSignIn('u1', '10.0.0.5');
    await expect(refused).rejects.toThrow(/try again in 15 minutes/);
    await expect(refused).rejects.toMatchObject({ reason: 'rate-limited', retryAfterSeconds: 900 });
    advance(15 * 60_000);
    const attempt = await throttle.beginSignIn('u1', '10.0.0.5');
    expect(attempt.delayMs).toBe(0);
    await throttle.beginSignIn('u1', '10.0.0.4');
    await attempt.succeeded();
    expect((await throttle.beginSignIn('u1', '10.0.0.4')).delayMs).toBe(0);
  });

  it('counts an attempt before its outcome: a parallel burst admits no more than the limit', async () => {
    const throttle = new AccountThrottle();
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => throttle.beginSignIn('u1', '10.0.0.6')));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(defaultAccountLimits.signInLockAfter);
  });

  it('refuses an address after 50 attempts, whatever accounts they name, and gives a success its point back', async () => {
    const throttle = new AccountThrottle();
    for (let i = 0; i < 49; i++) await throttle.beginSignIn(null, '10.0.0.7');
    await (await throttle.beginSignIn('good', '10.0.0.7')).succeeded();
    await throttle.beginSignIn(null, '10.0.0.7');
    await expect(throttle.beginSignIn('someone', '10.0.0.7')).rejects.toMatchObject({ reason: 'rate-limited' });
    await expect(throttle.beginSignIn('someone', '10.0.0.8')).resolves.toBeDefined();
  });

  it('throttles password resets per address, and gives a successful one its point back', async () => {
    const throttle = new AccountThrottle();
    await (await throttle.beginReset('10.0.1.1')).succeeded();
    for (let i = 0; i < defaultAccountLimits.resetTriesPerAddress; i++) await throttle.beginReset('10.0.1.1');
    await expect(throttle.beginReset('10.0.1.1')).rejects.toThrow(/Too many password reset attempts/);
    await expect(throttle.beginReset('10.0.1.2')).resolves.toBeDefined();
    advance(15 * 60_000);
    await expect(throttle.beginReset('10.0.1.1')).resolves.toBeDefined();
  });

  it('locks only the client that tried a code wrong five times, and caps one client\'s failed checks over all accounts', async () => {
    const throttle = new AccountThrottle();
    for (let i = 0; i < 5; i++) await throttle.takeCodeTry('code-1', '10.0.0.7');
    await expect(throttle.takeCodeTry('code-1', '10.0.0.7')).rejects.toThrow(/Too many wrong tries/);
    await expect(throttle.takeCodeTry('code-1', '10.0.0.8')).resolves.toBeUndefined();
    await expect(throttle.takeCodeTry('code-2', '10.0.0.7')).resolves.toBeUndefined();

    for (let i = 0; i < defaultAccountLimits.mailsPerAddress - 1; i++) await throttle.beginCodeCheck('10.0.0.9');
    // A right code gives its point back, so the owner's own checks do not use the budget up.
    await (await throttle.beginCodeCheck('10.0.0.9')).succeeded();
    await throttle.beginCodeCheck('10.0.0.9');
    await expect(throttle.beginCodeCheck('10.0.0.9')).rejects.toThrow(/Too many wrong codes/);
    await expect(throttle.beginCodeCheck('10.0.0.10')).resolves.toBeDefined();
  });
});
