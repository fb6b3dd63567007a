import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLiveness } from './liveness.ts';

// The checks run on the clock: a fake one (timers and Date.now) keeps a busy machine from moving
// a check across a boundary the test states.
const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('watchLiveness', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up once a check has failed for the grace period, and not before', async () => {
    let healthy = true;
    const gaveUp: number[] = [];
    const watch = watchLiveness(() => healthy, { intervalMs: 5, graceMs: 80, onGiveUp: (ms) => gaveUp.push(ms) });
    try {
      await wait(40);
      healthy = false;
      await wait(40);
      expect(gaveUp).toEqual([]);
      await wait(120);
      expect(gaveUp).toHaveLength(1);
      expect(gaveUp[0]).toBeGreaterThanOrEqual(80);
      await wait(40);
      expect(gaveUp).toHaveLength(1);
    } finally {
      watch.stop();
    }
  });

  it('starts counting again after a healthy check, and counts a throwing check as unhealthy', async () => {
    let state: 'ok' | 'bad' | 'throws' = 'bad';
    const gaveUp: number[] = [];
    const watch = watchLiveness(
      () => {
        if (state === 'throws') throw new Error('store unreachable');
        return state === 'ok';
      },
      { intervalMs: 5, graceMs: 100, onGiveUp: (ms) => gaveUp.push(ms) },
    );
    try {
      await wait(60);
      state = 'ok';
      await wait(20);
      state = 'bad';
      await wait(60);
      expect(gaveUp).toEqual([]);
      state = 'throws';
      await wait(150);
      expect(gaveUp).toHaveLength(1);
    } finally {
      watch.stop();
    }
  });
});
