import { availableParallelism } from 'node:os';

/**
 * How many test files run at once in `vitest run`, Node and browser files together (TEST_WORKERS
 * to choose), and so how many shops the e2e global setup starts: any worker may be handed a
 * browser file, and each worker's browser files use that worker's shop. One more than the cores,
 * at least three, at most eight: a browser file spends most of its time waiting on Chromium and
 * its shop, so on two cores two browser files and a Node file overlap well; each further worker
 * costs a shop's start-up.
 */
export const TEST_WORKERS = Number(process.env.TEST_WORKERS) || Math.min(8, Math.max(3, availableParallelism() + 1));
