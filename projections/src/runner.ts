import { CheckpointConflictError, type DocumentStore, type EventStore } from '@shop/platform';
import type { Projection } from './projection.ts';
import { PositionWaiters } from './position-waiters.ts';
import { UnitOfWork } from './unit-of-work.ts';

export { ProjectionLagError } from './position-waiters.ts';

export interface RunnerOptions {
  batchSize?: number;
  /** Re-read the log this often even without a local append (another process may write). */
  idleMs?: number;
  onError?: (projection: string, error: unknown) => void;
  /**
   * After each batch is committed: another process waiting for these checkpoints (WORKERS > 1)
   * is told to look now instead of at its next poll.
   */
  onAdvanced?: () => void;
}

/**
 * Keeps projections caught up with the embedded event log, from their own checkpoints, woken at
 * once by an append in this process.
 */
export class ProjectionRunner {
  private readonly positions = new Map<string, bigint>();
  private readonly waiters = new PositionWaiters((name) => this.positions.get(name) ?? 0n);
  private controller = new AbortController();
  private loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
  /** Projections held by `pause` (a rebuild swapping their collections), with how to let them go. */
  private readonly holds = new Map<string, { reached: () => void; release: () => void; released: Promise<void>; untilRebuilt?: boolean }>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly events: EventStore,
    private readonly store: DocumentStore,
    private readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {}

  /**
   * Creates collections, loads checkpoints and starts following the log. `held`: projections
   * whose read model was built from another log, which must not go on from their checkpoint; they
   * stay held until a rebuild swaps a read model of this log in (its `pause` takes the hold over,
   * its `resume` lets them go). A stopped runner may be started again (the process that holds
   * the projector lease again, WORKERS > 1): it goes on from the checkpoints in the store.
   */
  async start({ held = [] }: { held?: string[] } = {}): Promise<void> {
    if (this.controller.signal.aborted) {
      this.controller = new AbortController();
      this.loops = [];
      this.holds.clear();
    }
    for (const projection of this.projections) {
      for (const spec of projection.collections) await this.store.defineCollection(spec);
      this.positions.set(projection.name, (await this.store.getCheckpoint(projection.name)) ?? 0n);
    }
    for (const name of held) {
      if (!this.positions.has(name)) continue;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      this.holds.set(name, { reached: () => {}, release, released, untilRebuilt: true });
    }
    this.unsubscribe = this.events.onAppended(() => {
      for (const wake of [...this.wakers]) wake();
    });
    this.loops.push(this.followAll());
  }

  /** Resolves once every named projection has processed `position`, or throws after `timeoutMs`. */
  waitFor(position: bigint, names: string[] = [...this.positions.keys()], timeoutMs = 5000): Promise<void> {
    return this.waiters.wait(position, names, timeoutMs);
  }

  position(name: string): bigint | undefined {
    return this.positions.get(name);
  }

  /** Waits until every projection has caught up with the head of the log as it is now. */
  async catchUp(timeoutMs = 60_000): Promise<void> {
    await this.waitFor(await this.events.headPosition(), undefined, timeoutMs);
  }

  /**
   * Holds one projection's loop between batches and resolves once it is held: no batch of it is
   * in flight and none starts until `resume`. A rebuild swaps the projection's collections in
   * that window, so the loop never writes to a collection that is being replaced.
   */
  async pause(name: string): Promise<void> {
    if (!this.positions.has(name)) throw new Error(`Unknown projection ${name}`);
    const startHold = this.holds.get(name);
    if (startHold?.untilRebuilt) {
      // Held since the start: no batch of it ever ran; the rebuild's resume ends the hold.
      startHold.untilRebuilt = false;
      return;
    }
    if (this.holds.has(name)) throw new Error(`Projection ${name} is already paused`);
    let reached!: () => void;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (reached = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    this.holds.set(name, { reached, release, released });
    if (this.controller.signal.aborted) reached();
    for (const wake of [...this.wakers]) wake();
    await held;
  }

  /** Lets a paused projection go on from the checkpoint now in the store (the swap may have moved it). */
  async resume(name: string): Promise<void> {
    const hold = this.holds.get(name);
    if (!hold) return;
    const position = (await this.store.getCheckpoint(name)) ?? 0n;
    this.positions.set(name, position);
    this.holds.delete(name);
    hold.release();
    this.waiters.advanced();
    for (const wake of [...this.wakers]) wake();
  }

  async stop(): Promise<void> {
    this.controller.abort();
    for (const hold of this.holds.values()) hold.release();
    this.unsubscribe?.();
    for (const wake of [...this.wakers]) wake();
    await Promise.allSettled(this.loops);
  }

  /**
   * One loop for every projection: each page of the log is read once, applied to every
   * projection that is behind it, and committed with all their checkpoints in one transaction,
   * so a command costs one read and one write however many read models follow the log. A
   * failing handler holds the whole batch (nothing is skipped) and is retried after a pause.
   */
  private async followAll(): Promise<void> {
    const { batchSize = 1000, idleMs = 1000 } = this.options;
    const signal = this.controller.signal;
    let dirty = true;
    const markDirty = () => {
      dirty = true;
    };
    this.wakers.add(markDirty);
    try {
      while (!signal.aborted) {
        if (!dirty) await this.sleep(idleMs);
        dirty = false;
        let failing: string | undefined;
        try {
          let full = false;
          do {
            const active = this.activeProjections();
            if (active.length === 0) break;
            const from = active.reduce((min, p) => bigMin(min, this.positions.get(p.name) ?? 0n), this.positions.get(active[0]!.name) ?? 0n);
            const page = await this.events.readAll({ after: from, limit: batchSize });
            const last = page[page.length - 1];
            if (!last) break;
            const writes = [];
            const checkpoints = [];
            for (const projection of active) {
              const checkpoint = this.positions.get(projection.name) ?? 0n;
              if (last.position <= checkpoint) continue;
              failing = projection.name;
              const view = new UnitOfWork(this.store);
              for (const event of page) {
                if (event.position > checkpoint && projection.handles.has(event.type)) await projection.apply(event, view);
              }
              writes.push(...view.writes());
              // Compare-and-set: a runner that lost its place (the ordered projections of a
              // worker whose partition 0 went elsewhere) cannot overwrite the new owner's work.
              checkpoints.push({ name: projection.name, position: last.position, expected: checkpoint });
            }
            failing = undefined;
            await this.store.commit({ writes, checkpoints });
            for (const { name, position } of checkpoints) this.positions.set(name, position);
            this.waiters.advanced();
            this.options.onAdvanced?.();
            full = page.length === batchSize;
          } while (full && !signal.aborted);
        } catch (error) {
          // A failing handler must not spin: report, back off, and retry the same batch.
          this.options.onError?.(failing ?? 'runner', error);
          // Someone else moved a checkpoint: go on from where the store says, never over it.
          if (error instanceof CheckpointConflictError) await this.reloadPositions().catch(() => undefined);
          if (!signal.aborted) await this.sleep(idleMs);
          dirty = true;
        }
      }
    } finally {
      this.wakers.delete(markDirty);
    }
  }

  private async reloadPositions(): Promise<void> {
    for (const projection of this.projections) {
      if (!this.holds.has(projection.name)) this.positions.set(projection.name, (await this.store.getCheckpoint(projection.name)) ?? 0n);
    }
    this.waiters.advanced();
  }

  /** The projections not held by `pause`; a held one is told that no batch of it is in flight. */
  private activeProjections(): Projection[] {
    return this.projections.filter((projection) => {
      const hold = this.holds.get(projection.name);
      hold?.reached();
      return !hold;
    });
  }

  /** Sleeps until an append, a stop, or the idle timeout, whichever comes first. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
    });
  }
}

function bigMin(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
