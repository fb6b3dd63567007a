import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { DocumentStore, EventStore, Logger } from '@shop/platform';
import { embeddedLayout, type CheckpointLayout } from '../distributed/layout.ts';
import type { Projection } from '../projection.ts';
import { noLiveWriters, type LiveWriters } from './live-writers.ts';
import type { RebuildProgress } from './progress.ts';
import { RebuildLeaseHeldError, rebuildProjection, type RebuildResult } from './rebuild.ts';

export interface RebuildServiceDeps {
  events: EventStore;
  store: DocumentStore;
  projections: Projection[];
  writers?: LiveWriters;
  layout?: CheckpointLayout;
  logger?: Logger;
  batchSize?: number;
  /** How long a rebuild's lease lasts without a heartbeat (see `rebuildProjection`). */
  leaseMs?: number;
}

export interface RebuildJob {
  id: string;
  /** A projection's name, or `all`. */
  target: string;
  /** `busy`: another process (or an earlier job here) holds a projection's rebuild lease; nothing was changed. */
  state: 'running' | 'done' | 'failed' | 'busy';
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

/** A job as JSON (positions as strings): what the admin route answers and one process tells another. */
export type RebuildJobView = Omit<RebuildJob, 'progress' | 'results'> & { progress: Record<string, unknown> | null; results: Record<string, unknown>[] };

/**
 * Rebuilds as the shop's users of them ask (the admin route, an erasure): run wherever the live
 * projections run, which with several processes on one data folder is the holder of their lease,
 * not necessarily the process asking.
 */
export interface RebuildRequests {
  /** Starts a job and answers at once with it (UnknownProjectionError, RebuildBusyError). */
  start(target: string): Promise<RebuildJobView>;
  /** A job started lately, wherever it runs. */
  get(id: string): Promise<RebuildJobView | undefined>;
  /** Runs a job to its end. */
  run(target: string): Promise<RebuildJobView>;
}

/** No process can take a rebuild now (the one running the projections is gone, its heir not there yet). */
export class RebuildUnavailableError extends Error {
  constructor() {
    super('No process runs the projections at the moment; try again in a few seconds');
    this.name = 'RebuildUnavailableError';
  }
}

export class RebuildBusyError extends Error {
  constructor(readonly running: RebuildJob | RebuildJobView) {
    super(`A rebuild of ${running.target} is running (job ${running.id})`);
    this.name = 'RebuildBusyError';
  }
}

/**
 * Rebuild jobs of one process (the server's admin route, its upgrades at start-up, or the CLI).
 * One runs at a time here, which bounds the load a rebuild adds to a serving shop; across
 * processes, each projection's rebuild lease keeps two from rebuilding it at once (a job that
 * finds it held ends `busy`).
 */
export class RebuildService {
  private readonly jobs = new Map<string, RebuildJob>();
  private running: RebuildJob | undefined;
  /** This process as the owner of rebuild leases. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly stopping = new AbortController();
  private execution: Promise<void> | undefined;

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
    this.execution = this.execute(job, onProgress);
    return job;
  }

  /** Runs a job to its end (the CLI, the upgrades). */
  async run(target: string, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildJob> {
    const job = this.begin(target);
    this.execution = this.execute(job, onProgress);
    await this.execution;
    return job;
  }

  get(id: string): RebuildJob | undefined {
    return this.jobs.get(id);
  }

  /** The job running in this process now, if any. */
  current(): RebuildJob | undefined {
    return this.running;
  }

  /** Stops the running job (its shadows are dropped, the live read model stays) and refuses new ones. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error('The shop is stopping'));
    await this.execution;
  }

  private begin(target: string): RebuildJob {
    this.resolve(target);
    if (this.stopping.signal.aborted) throw new Error('The shop is stopping: no new rebuild');
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
    const { events, store, writers = noLiveWriters, layout = embeddedLayout, logger, batchSize, leaseMs } = this.deps;
    try {
      for (const projection of this.resolve(job.target)) {
        const result = await rebuildProjection(projection, {
          events,
          store,
          writers,
          layout,
          batchSize,
          owner: this.owner,
          leaseMs,
          signal: this.stopping.signal,
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
      job.error = error instanceof Error ? error.message : String(error);
      if (error instanceof RebuildLeaseHeldError) {
        job.state = 'busy';
        logger?.info({ target: job.target, holder: error.holder?.owner }, 'rebuild not started: another process is rebuilding');
      } else if (this.stopping.signal.aborted) {
        job.state = 'failed';
        logger?.info({ target: job.target }, 'rebuild stopped with the shop; the live read model is as it was');
      } else {
        job.state = 'failed';
        logger?.error({ err: error, target: job.target }, 'rebuild failed');
      }
    } finally {
      job.finishedAt = new Date().toISOString();
      this.running = undefined;
    }
  }
}

/** A job as JSON (positions as strings). */
export function jobView(job: RebuildJob | RebuildJobView): RebuildJobView {
  return withStringPositions(job) as RebuildJobView;
}

/** Any rebuild record (a job, a progress) as JSON, its bigint positions as strings. */
export function withStringPositions(value: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value, (_key, field: unknown) => (typeof field === 'bigint' ? field.toString() : field))) as Record<string, unknown>;
}
