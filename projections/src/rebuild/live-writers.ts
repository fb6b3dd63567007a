import type { ProjectionRunner } from '../runner.ts';

/**
 * Whoever writes a projection's live collections while the shop runs. A rebuild swaps those
 * collections underneath them, so for the few moments of the swap it holds them: `pause`
 * resolves only once no batch of the projection is in flight and none will start, and `resume`
 * lets them go on from the checkpoint the swap wrote.
 */
export interface LiveWriters {
  pause(projection: string): Promise<void>;
  resume(projection: string): Promise<void>;
}

/** Nobody writes (the server is stopped): nothing to hold. */
export const noLiveWriters: LiveWriters = {
  pause: async () => {},
  resume: async () => {},
};

/** The embedded server's own runner, in this process. */
export function runnerWriters(runner: Pick<ProjectionRunner, 'pause' | 'resume'>): LiveWriters {
  return {
    pause: (projection) => runner.pause(projection),
    resume: (projection) => runner.resume(projection),
  };
}
