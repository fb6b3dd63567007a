import { pbkdf2Sync } from 'node:crypto';

/**
 * Time budgets that follow the machine (issue #49). A test waits for its condition, never for a
 * fixed time; where it still needs a bound (a test's time-out, a wait that must give up so a hang
 * fails), the bound is a budget chosen on a quiet reference machine times this run's slowness: a
 * machine three times slower gets three times the time, and a hang still fails.
 *
 * The slowness is measured once per run, at its start (scripts/test.ts, or the vitest config when
 * vitest runs alone), as the wall time of a fixed CPU-bound workload against the reference
 * machine's, and handed to every worker and child process in TEST_SLOWNESS. Wall time, not CPU
 * time: a core shared with other people's processes is as slow for a test as a slower core.
 */

/** One round of the workload: SHA-256 PBKDF2, native code, the same work on every Node version. */
const ROUND_ITERATIONS = 100_000;
/**
 * One round on the reference machine, quiet (the 2-core cloud machine of our usual kind on
 * 2026-12-08, the best of 30 rounds: 25 ms). The budgets in the vitest configs and the tests were
 * chosen on machines at least this fast.
 */
const REFERENCE_ROUND_MS = 25;
const ROUNDS = 7;
/**
 * Never more than this: a run on a machine so slow (or so busy) would take hours, and a hang must
 * still fail within a bounded time.
 */
const MOST = 8;

function round(): number {
  const started = performance.now();
  pbkdf2Sync('time budget', 'calibration', ROUND_ITERATIONS, 32, 'sha256');
  return performance.now() - started;
}

/** This machine's slowness now against the reference: the median round's wall time over the reference's, at least 1. */
export function measureSlowness(): number {
  round(); // warms up the crypto binding
  const rounds = Array.from({ length: ROUNDS }, round).sort((a, b) => a - b);
  const median = rounds[Math.floor(ROUNDS / 2)]!;
  return Math.min(MOST, Math.max(1, Math.round((median / REFERENCE_ROUND_MS) * 100) / 100));
}

/**
 * The run's slowness factor (≥ 1): TEST_SLOWNESS when set (by the run's start, or by hand to try a
 * slow machine's budgets), else measured now and put into TEST_SLOWNESS, so workers and child
 * processes started afterwards use the same figure.
 */
export function slowness(): number {
  const given = Number(process.env.TEST_SLOWNESS);
  if (Number.isFinite(given) && given >= 1) return given;
  const measured = measureSlowness();
  process.env.TEST_SLOWNESS = String(measured);
  return measured;
}

/** `ms`, a bound chosen on the reference machine, scaled to this run's machine. */
export function scaledTimeout(ms: number): number {
  return Math.round(ms * slowness());
}
