import { randomInt, randomUUID } from 'node:crypto';
import type { DocumentStore, EventStore, Lease } from '@shop/platform';
import { embeddedLayout, type CheckpointLayout } from '../distributed/layout.ts';
import type { Projection } from '../projection.ts';
import { noLiveWriters, type LiveWriters } from './live-writers.ts';
import { ProgressTracker, type RebuildProgress } from './progress.ts';
import { BulkLoadingStore } from './bulk-store.ts';
import { replay, type ReplayOptions } from './replay.ts';
import { ShadowCollections } from './shadow.ts';
import { logFingerprint, stampCheckpoints, standingOf } from './stamp.ts';

export interface RebuildOptions {
  events: EventStore;
  store: DocumentStore;
  /** Who writes the live collections now (held for the swap). */
  writers?: LiveWriters;
  /** Which checkpoints the swap sets. */
  layout?: CheckpointLayout;
  batchSize?: number;
  signal?: AbortSignal;
  onProgress?: (progress: RebuildProgress) => void;
  /** Who rebuilds (the lease's owner): one per process is enough (see RebuildService). */
  owner?: string;
  /** How long the lease lasts without a heartbeat (one every third of it). */
  leaseMs?: number;
}

/** The lease a rebuild of `projection` holds (see `rebuildProjection`). */
export function rebuildLease(projection: string): string {
  return `rebuild:${projection}`;
}

/** Another process (or another rebuild in this one) holds the projection's rebuild lease. */
export class RebuildLeaseHeldError extends Error {
  constructor(
    readonly projection: string,
    readonly holder: Lease | null,
  ) {
    super(
      `${projection} is being rebuilt by ${holder?.owner ?? 'another process'}` +
        (holder ? ` (its lease runs until ${new Date(holder.expiresAt).toISOString()} unless renewed)` : ''),
    );
    this.name = 'RebuildLeaseHeldError';
  }
}

/**
 * A checkpoint that a rebuild's swap sets, in the same step, to a new random number: the
 * generation of the projection's collections. Readers that keep their own copy of a read model
 * and follow it by position (the search index) tell a swap from ordinary writes by it: the
 * swapped-in documents may differ from what they read while carrying positions they have seen.
 */
export function generationCheckpoint(projection: string): string {
  return `generation:${projection}`;
}

export interface RebuildResult {
  projection: string;
  position: bigint;
  events: number;
  /** How long the live writers were held (the tail and the swap). */
  heldMs: number;
}

/**
 * Events per page when a bulk loader writes the shadows. The page's commit costs the event loop
 * next to nothing (the loader's thread writes it), so small pages are free, and they keep a
 * page's decoded events and documents from outliving the young generation (fewer survivors for
 * the garbage collector to copy: ~15% less CPU than pages of 2,000) and the event loop's turns short.
 */
const BULK_PAGE = 250;

/**
 * The bulk replay of the whole log into the shadows, then their index build. Where the store has
 * a bulk loader (SQLite), the shadows' batches are committed and their indexes built on the
 * loader's thread: the event loop decodes and folds the next page meanwhile, and never blocks on
 * the index build, so the shop keeps serving. The loader is closed before this returns, so the
 * tail and the swap go through the store's own connection, after everything it wrote.
 */
async function bulkReplay(
  projection: Projection,
  events: EventStore,
  store: DocumentStore,
  shadow: ShadowCollections,
  tracker: ProgressTracker,
  options: ReplayOptions,
): Promise<bigint> {
  const loader = store.bulkLoad?.(shadow.pairs().map(({ from }) => from));
  if (!loader) {
    const position = await replay(projection, events, shadow.target(store), 0n, options);
    tracker.phase('indexing');
    await shadow.buildIndexes(store);
    return position;
  }
  try {
    const page = Math.min(options.batchSize ?? 1000, BULK_PAGE);
    const position = await replay(projection, events, shadow.target(new BulkLoadingStore(store, loader)), 0n, { ...options, batchSize: page });
    await loader.flush();
    tracker.phase('indexing');
    await loader.buildIndexes();
    return position;
  } finally {
    await loader.close();
  }
}

/**
 * Rebuilds one projection from the log without stopping the shop, holding its rebuild lease in
 * the document store throughout, so two processes (two API replicas, an API and the CLI, after a
 * restart) never rebuild one projection at once. The lease is renewed by a heartbeat; a rebuild
 * whose process died is taken over once its lease runs out, and one that loses its lease (it
 * could not renew in time) stops before swapping. The shadows are named after the attempt, so
 * one rebuild never drops another's; the leftovers of dead attempts are dropped by the next.
 *
 * 1. replays the whole log into shadow collections while the live ones keep serving;
 * 2. holds the live writers (between two of their batches), so nothing is lost between the
 *    catch-up and the swap: the events that landed meanwhile are applied to the shadow as the
 *    tail, up to the head;
 * 3. swaps the shadows in and sets the live checkpoint(s) to the shadow's position in one step
 *    (`swapCollections`), which also drops the old collections and sets a new generation
 *    (`generationCheckpoint`);
 * 4. lets the writers go on from that checkpoint.
 *
 * A failure before the swap drops the shadows and leaves the live projection as it was.
 */
export async function rebuildProjection(projection: Projection, options: RebuildOptions): Promise<RebuildResult> {
  const { events, store, writers = noLiveWriters, layout = embeddedLayout, batchSize = 1000, owner = `rebuild-${randomUUID()}`, leaseMs = 30_000 } = options;
  const lease = await RebuildLeaseHolder.take(store, rebuildLease(projection.name), owner, leaseMs);
  try {
    return await rebuildHolding(projection, options, lease, { events, store, writers, layout, batchSize });
  } finally {
    await lease.release();
  }
}

async function rebuildHolding(
  projection: Projection,
  options: RebuildOptions,
  lease: RebuildLeaseHolder,
  { events, store, writers, layout, batchSize }: Required<Pick<RebuildOptions, 'events' | 'store' | 'writers' | 'layout' | 'batchSize'>>,
): Promise<RebuildResult> {
  const signal = options.signal ? AbortSignal.any([options.signal, lease.lost]) : lease.lost;
  const fingerprint = logFingerprint(await events.logIdentity());
  // Read before anything moves: a read model from another log is replaced, not continued.
  const standing = await standingOf(projection, store, events, layout, fingerprint);
  const foreignLog = standing.state === 'stale' && standing.foreignLog;
  const shadow = ShadowCollections.forRebuild(projection, lease.attempt);
  const tracker = new ProgressTracker(projection.name, await events.headPosition(), options.onProgress);
  const onBatch = (count: number, position: bigint) => tracker.batch(count, position);
  // Holding the lease: any other attempt's shadows are a dead rebuild's.
  await ShadowCollections.dropLeftovers(projection, store);
  await shadow.create(store);
  let swapped = false;
  try {
    let position = await bulkReplay(projection, events, store, shadow, tracker, { batchSize, signal, onBatch });
    tracker.phase('holding');
    const heldAt = performance.now();
    await writers.pause(projection.name);
    try {
      position = await replay(projection, events, shadow.target(store), position, { batchSize, signal, onBatch });
      for (const name of foreignLog ? [] : layout.names(projection.name)) {
        const live = (await store.getCheckpoint(name)) ?? 0n;
        // The writers cannot be past the head of the log; if they are, this is not the log they follow.
        if (live > position) throw new Error(`${name} is at ${live}, past the head of the log (${position})`);
      }
      // Renewed last thing before the swap: a rebuild that lost its lease must not swap over its heir.
      await lease.renew();
      tracker.phase('swapping');
      await store.swapCollections(
        shadow.pairs(),
        [
          ...layout.names(projection.name).map((name) => ({ name, position })),
          { name: generationCheckpoint(projection.name), position: BigInt(randomInt(1, 2 ** 48 - 1)) },
          ...stampCheckpoints(projection, fingerprint),
        ],
      );
      swapped = true;
    } finally {
      await writers.resume(projection.name);
    }
    const heldMs = Math.round(performance.now() - heldAt);
    tracker.phase('done');
    return { projection: projection.name, position, events: tracker.snapshot().events, heldMs };
  } catch (error) {
    tracker.phase('failed');
    if (!swapped) await shadow.drop(store).catch(() => undefined);
    throw lease.lost.aborted && !options.signal?.aborted ? (lease.lost.reason as Error) : error;
  }
}

/** A held rebuild lease with its heartbeat; `lost` aborts once it could not be renewed. */
class RebuildLeaseHolder {
  private readonly controller = new AbortController();
  private readonly heartbeat: NodeJS.Timeout;
  /** Names this attempt's shadows: unique, and a valid collection name. */
  readonly attempt = randomUUID().replaceAll('-', '').slice(0, 12);

  static async take(store: DocumentStore, name: string, owner: string, leaseMs: number): Promise<RebuildLeaseHolder> {
    if (!(await store.acquireLease(name, owner, leaseMs))) throw new RebuildLeaseHeldError(name.replace(/^rebuild:/, ''), await store.getLease(name));
    return new RebuildLeaseHolder(store, name, owner, leaseMs);
  }

  private constructor(
    private readonly store: DocumentStore,
    private readonly name: string,
    private readonly owner: string,
    private readonly leaseMs: number,
  ) {
    this.heartbeat = setInterval(() => void this.renew().catch(() => undefined), Math.max(10, Math.floor(leaseMs / 3)));
    // A heartbeat alone must not keep a process alive.
    this.heartbeat.unref();
  }

  get lost(): AbortSignal {
    return this.controller.signal;
  }

  /** Renews the lease, or throws (and aborts `lost`) when another owner has it now. */
  async renew(): Promise<void> {
    if (this.controller.signal.aborted) throw this.controller.signal.reason;
    // A store that does not answer throws here: the next beat tries again, and the swap (which
    // renews first) never goes ahead on an unanswered renewal.
    const held = await this.store.acquireLease(this.name, this.owner, this.leaseMs);
    if (!held) {
      const error = new RebuildLeaseHeldError(this.name.replace(/^rebuild:/, ''), await this.store.getLease(this.name).catch(() => null));
      this.controller.abort(error);
      throw error;
    }
  }

  async release(): Promise<void> {
    clearInterval(this.heartbeat);
    // Releases only if this owner still holds it.
    await this.store.releaseLease(this.name, this.owner).catch(() => undefined);
  }
}
