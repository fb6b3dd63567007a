import { randomUUID } from 'node:crypto';
import type { DocumentStore, EventStore, Logger } from '@shop/platform';
import { embeddedLayout, type CheckpointLayout } from '../distributed/layout.ts';
import type { Projection } from '../projection.ts';
import { noLiveWriters, type LiveWriters } from './live-writers.ts';
import type { RebuildProgress } from './progress.ts';
import { rebuildProjection, type RebuildResult } from './rebuild.ts';

export interface RebuildServiceDeps {
  events: EventStore;
  store: DocumentStore;
  projections: Projection[];
  writers?: LiveWriters;
  layout?: CheckpointLayout;
  logger?: Logger;
  batchSize?: number;
}

export interface RebuildJob {
  id: string;
  /** A projection's name, or `all`. */
  target: string;
  state: 'running' | 'done' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  /** The projection being rebuilt now (or last), with its progress. */
  progress: RebuildProgress | null;
  results: RebuildResult[];
  error: string | null;
}

export class UnknownProjectionError extends Error {
  constructor(readonly target: string, readonly known: string[]) {
    super(`Unknown projection "${target}"; known: ${known.join(', ')}, or all`);
    this.name = 'UnknownProjectionError';
  }
}

export class RebuildBusyError extends Error {
  constructor(readonly running: RebuildJob) {
    super(`A rebuild of ${running.target} is running (job ${running.id})`);
    this.name = 'RebuildBusyError';
  }
}

/**
 * Rebuild jobs of one process (the server's admin route, or the CLI). One runs at a time: two
 * rebuilds of one projection would swap over each other, and one at a time also bounds the load
 * a rebuild adds to a serving shop.
 */
export class RebuildService {
  private readonly jobs = new Map<string, RebuildJob>();
  private running: RebuildJob | undefined;

  constructor(private readonly deps: RebuildServiceDeps) {}

  /** The projections `target` names, in the order they are rebuilt. */
  resolve(target: string): Projection[] {
    if (target === 'all') return this.deps.projections;
    const projection = this.deps.projections.find((p) => p.name === target);
    if (!projection) throw new UnknownProjectionError(target, this.deps.projections.map((p) => p.name));
    return [projection];
  }

  /** Starts a job in the background and returns it at once (the admin route polls it). */
  start(target: string, onProgress?: (progress: RebuildProgress) => void): RebuildJob {
    const job = this.begin(target);
    void this.execute(job, onProgress);
    return job;
  }

  /** Runs a job to its end (the CLI). */
  async run(target: string, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildJob> {
    const job = this.begin(target);
    await this.execute(job, onProgress);
    return job;
  }

  get(id: string): RebuildJob | undefined {
    return this.jobs.get(id);
  }

  private begin(target: string): RebuildJob {
    this.resolve(target);
    if (this.running) throw new RebuildBusyError(this.running);
    const job: RebuildJob = {
      id: randomUUID(),
      target,
      state: 'running',
      startedAt: new Date().toISOString(),
      finishedAt: null,
      progress: null,
      results: [],
      error: null,
    };
    this.running = job;
    this.jobs.set(job.id, job);
    // Keep the last few jobs only.
    for (const id of [...this.jobs.keys()].slice(0, Math.max(0, this.jobs.size - 20))) this.jobs.delete(id);
    return job;
  }

  private async execute(job: RebuildJob, onProgress?: (progress: RebuildProgress) => void): Promise<void> {
    const { events, store, writers = noLiveWriters, layout = embeddedLayout, logger, batchSize } = this.deps;
    try {
      for (const projection of this.resolve(job.target)) {
        const result = await rebuildProjection(projection, {
          events,
          store,
          writers,
          layout,
          batchSize,
          onProgress: (progress) => {
            job.progress = progress;
            onProgress?.(progress);
          },
        });
        job.results.push(result);
        logger?.info({ ...result, position: result.position.toString() }, 'rebuilt projection');
      }
      job.state = 'done';
    } catch (error) {
      job.state = 'failed';
      job.error = error instanceof Error ? error.message : String(error);
      logger?.error({ err: error, target: job.target }, 'rebuild failed');
    } finally {
      job.finishedAt = new Date().toISOString();
      this.running = undefined;
    }
  }
}

/** A job as JSON (positions as strings). */
export function jobView(job: RebuildJob): Record<string, unknown> {
  return JSON.parse(JSON.stringify(job, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))) as Record<
    string,
    unknown
  >;
}
