import type { DocumentStore, EventStore, Logger } from '@shop/platform';
import type { CheckpointLayout } from '../distributed/layout.ts';
import type { Projection } from '../projection.ts';
import type { RebuildProgress } from './progress.ts';
import { RebuildBusyError, type RebuildService } from './service.ts';
import { logFingerprint, stampCheckpoints, standingOf, type Standing } from './stamp.ts';

export interface ProjectionUpgradesDeps {
  events: EventStore;
  store: DocumentStore;
  projections: Projection[];
  layout: CheckpointLayout;
  rebuilds: RebuildService;
  logger?: Logger;
  /** How often to look again while another process rebuilds a projection. */
  waitMs?: number;
  /** The first pause after a failed rebuild; it doubles up to ten minutes. */
  retryMs?: number;
}

/** One read model as the back office and the readiness route show it. */
export interface ReadModelState {
  name: string;
  version: number;
  /**
   * `current`: built by this code from this log. `rebuilding`: being rebuilt here. `waiting`:
   * another process holds its rebuild (this one looks again), or it is queued behind another
   * here. `failed`: the last rebuild failed; it is tried again.
   */
  state: 'current' | 'rebuilding' | 'waiting' | 'failed';
  /** Why it is rebuilt (null once current). */
  reason: string | null;
  progress: RebuildProgress | null;
  error: string | null;
}

export interface UpgradeStatus {
  /** Every read model is current: the shop serves what this code makes of this log. */
  ready: boolean;
  readModels: ReadModelState[];
}

/**
 * Upgrades the read models at start-up, with nothing to run by hand. A projection whose read
 * model was built by another version of its code, or from another log, is rebuilt in the
 * background into shadows and swapped in (rebuildProjection), one at a time, while the shop
 * serves what it has; one never built simply catches up from the start. Every process that
 * starts does this; the rebuild lease makes one of them rebuild each projection while the others
 * wait and then find it current.
 */
export class ProjectionUpgrades {
  private readonly states = new Map<string, ReadModelState>();
  private readonly stale = new Map<string, Extract<Standing, { state: 'stale' }>>();
  private readonly settled = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  private fingerprint = 0n;
  private stopped = false;
  /** Rebuilds here (`start`); else only looks whether another process has (`follow`). */
  private mayRebuild = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(private readonly deps: ProjectionUpgradesDeps) {
    for (const projection of deps.projections) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.settled.set(projection.name, { promise, resolve });
    }
  }

  /**
   * Looks at every read model before anything writes: stamps the ones never built (they catch up
   * as they are) and says, in the log, which must be rebuilt and why.
   */
  async assess(): Promise<void> {
    const { events, store, layout, projections, logger } = this.deps;
    this.fingerprint = logFingerprint(await events.logIdentity());
    for (const projection of projections) {
      const standing = await standingOf(projection, store, events, layout, this.fingerprint);
      if (standing.state === 'fresh') await store.commit({ writes: [], checkpoints: stampCheckpoints(projection, this.fingerprint) });
      if (standing.state === 'stale') {
        this.stale.set(projection.name, standing);
        logger?.warn({ projection: projection.name, version: projection.version, reason: standing.reason }, `read model ${projection.name} is rebuilt in the background: ${standing.reason}`);
        this.states.set(projection.name, { name: projection.name, version: projection.version, state: 'waiting', reason: standing.reason, progress: null, error: null });
      } else {
        this.markCurrent(projection);
      }
    }
  }

  /** The projections whose read model comes from another log: their writers must not go on from it. */
  fromAnotherLog(): string[] {
    return [...this.stale].filter(([, standing]) => standing.foreignLog).map(([name]) => name);
  }

  /** Rebuilds what `assess` found stale, in the background. */
  start(): void {
    this.mayRebuild = true;
    this.wake?.();
    this.run();
  }

  /**
   * Follows what `assess` found stale without rebuilding it: another process sharing the store
   * (the holder of the projector lease, WORKERS > 1) does, and this one shows each read model
   * current (readiness, the back office) once the store has it so. `start` turns rebuilding on.
   */
  follow(): void {
    this.run();
  }

  /** Rebuilds no more here (the projector lease moved): a rebuild under way ends, then this only follows. */
  yieldRebuilds(): void {
    this.mayRebuild = false;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
  }

  private run(): void {
    if (this.stopped) return;
    this.loop ??= this.upgradeAll()
      .catch((error: unknown) => this.deps.logger?.error({ err: error }, 'read-model upgrades stopped'))
      .finally(() => (this.loop = undefined));
  }

  /** Resolves once the projection's read model is current. */
  whenCurrent(name: string): Promise<void> {
    return this.settled.get(name)?.promise ?? Promise.resolve();
  }

  status(): UpgradeStatus {
    const readModels = this.deps.projections.map((projection) => {
      const state = this.states.get(projection.name)!;
      const job = this.deps.rebuilds.current();
      const progress = state.state !== 'current' && job?.progress?.projection === projection.name ? job.progress : state.progress;
      return { ...state, progress };
    });
    return { ready: readModels.every((model) => model.state === 'current'), readModels };
  }

  private async upgradeAll(): Promise<void> {
    for (const projection of this.deps.projections) {
      if (this.stale.has(projection.name)) await this.upgrade(projection);
      if (this.stopped) return;
    }
  }

  private async upgrade(projection: Projection): Promise<void> {
    const { retryMs = 5_000, waitMs = 2_000, logger } = this.deps;
    let pause = retryMs;
    const state = this.states.get(projection.name)!;
    while (!this.stopped) {
      // Another process may have rebuilt it meanwhile (or an admin, from the back office).
      const standing = await standingOf(projection, this.deps.store, this.deps.events, this.deps.layout, this.fingerprint);
      if (standing.state !== 'stale') {
        logger?.info({ projection: projection.name, version: projection.version }, `read model ${projection.name} is current`);
        this.markCurrent(projection);
        return;
      }
      let wait = waitMs;
      if (!this.mayRebuild) {
        await this.sleep(wait);
        continue;
      }
      try {
        state.state = 'rebuilding';
        const job = await this.deps.rebuilds.run(projection.name, (progress) => (state.progress = progress));
        state.error = job.error;
        if (job.state === 'busy') state.state = 'waiting';
        if (job.state === 'failed') {
          state.state = 'failed';
          wait = pause;
          pause = Math.min(pause * 2, 600_000);
        }
      } catch (error) {
        if (this.stopped) return;
        // An admin's rebuild runs in this process: wait for it.
        if (!(error instanceof RebuildBusyError)) throw error;
        state.state = 'waiting';
      }
      if (state.state !== 'rebuilding') await this.sleep(wait);
    }
  }

  private markCurrent(projection: Projection): void {
    this.stale.delete(projection.name);
    this.states.set(projection.name, { name: projection.name, version: projection.version, state: 'current', reason: null, progress: null, error: null });
    this.settled.get(projection.name)?.resolve();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
