import { availableParallelism } from 'node:os';

/**
 * How many e2e files run at once (E2E_WORKERS to choose): one per core, at least two. Much of a
 * browser test's time is spent waiting (for a reply, a transition, the network to settle), so two
 * files overlap well on two cores; more starve the browser and the servers.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS) || Math.max(2, availableParallelism());
