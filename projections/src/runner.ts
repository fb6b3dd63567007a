import { EventEmitter } from 'node:events';
import type { DocumentStore, EventStore } from '@shop/platform';
import { applyBatch } from './apply-batch.ts';
import type { Projection } from './projection.ts';

export interface RunnerOptions {
  batchSize?: number;
  /** Re-read the log this often even without a local append (another process may write). */
  idleMs?: number;
  onError?: (projection: string, error: unknown) => void;
}

/** Thrown when a read-your-writes wait runs out of time. */
export class ProjectionLagError extends Error {
  constructor(readonly projections: string[], readonly position: bigint) {
    super(`Projections ${projections.join(', ')} did not reach position ${position} in time`);
    this.name = 'ProjectionLagError';
  }
}

/**
 * Keeps projections caught up with the embedded event log. Each projection runs its own loop
 * from its own checkpoint, woken at once by an append in this process.
 */
export class ProjectionRunner {
  private readonly positions = new Map<string, bigint>();
  private readonly advanced = new EventEmitter();
  private readonly controller = new AbortController();
  private readonly loops: Promise<void>[] = [];
  private readonly wakers = new Set<() => void>();
  /** Projections held by `pause` (a rebuild swapping their collections), with how to let them go. */
  private readonly holds = new Map<string, { reached: () => void; release: () => void; released: Promise<void> }>();
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly events: EventStore,
    private readonly store: DocumentStore,
    private readonly projections: Projection[],
    private readonly options: RunnerOptions = {},
  ) {
    this.advanced.setMaxListeners(0);
  }

  /** Creates collections, loads checkpoints and starts following the log. */
  async start(): Promise<void> {
    for (const projection of this.projections) {
      for (const spec of projection.collections) await this.store.defineCollection(spec);
      this.positions.set(projection.name, (await this.store.getCheckpoint(projection.name)) ?? 0n);
    }
    this.unsubscribe = this.events.onAppended(() => {
      for (const wake of [...this.wakers]) wake();
    });
    for (const projection of this.projections) this.loops.push(this.follow(projection));
  }

  /** Resolves once every named projection has processed `position`, or throws after `timeoutMs`. */
  async waitFor(position: bigint, names: string[] = [...this.positions.keys()], timeoutMs = 5000): Promise<void> {
    const behind = () => names.filter((name) => (this.positions.get(name) ?? 0n) < position);
    if (behind().length === 0) return;
    await new Promise<void>((resolve, reject) => {
      const check = () => {
        if (behind().length > 0) return;
        cleanup();
        resolve();
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new ProjectionLagError(behind(), position));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.advanced.off('advanced', check);
      };
      this.advanced.on('advanced', check);
    });
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
    this.advanced.emit('advanced', name, position);
  }

  async stop(): Promise<void> {
    this.controller.abort();
    for (const hold of this.holds.values()) hold.release();
    this.unsubscribe?.();
    for (const wake of [...this.wakers]) wake();
    await Promise.allSettled(this.loops);
  }

  private async follow(projection: Projection): Promise<void> {
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
        try {
          let page;
          do {
            if (await this.held(projection.name)) {
              dirty = true;
              break;
            }
            const checkpoint = this.positions.get(projection.name) ?? 0n;
            page = await this.events.readAll({ after: checkpoint, limit: batchSize });
            if (page.length === 0) break;
            const next = await applyBatch(projection, page, checkpoint, { store: this.store });
            this.positions.set(projection.name, next);
            this.advanced.emit('advanced', projection.name, next);
          } while (page.length === batchSize && !signal.aborted);
        } catch (error) {
          // A failing handler must not spin: report, back off, and retry the same batch.
          this.options.onError?.(projection.name, error);
          if (!signal.aborted) await this.sleep(idleMs);
          dirty = true;
        }
      }
    } finally {
      this.wakers.delete(markDirty);
    }
  }

  /** Waits out a `pause` of this projection, if there is one; true when it waited. */
  private async held(name: string): Promise<boolean> {
    const hold = this.holds.get(name);
    if (!hold) return false;
    hold.reached();
    await hold.released;
    return true;
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
