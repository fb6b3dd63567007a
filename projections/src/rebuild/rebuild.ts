import { randomInt } from 'node:crypto';
import type { DocumentStore, EventStore } from '@shop/platform';
import { embeddedLayout, type CheckpointLayout } from '../distributed/layout.ts';
import type { Projection } from '../projection.ts';
import { noLiveWriters, type LiveWriters } from './live-writers.ts';
import { ProgressTracker, type RebuildProgress } from './progress.ts';
import { BulkLoadingStore } from './bulk-store.ts';
import { replay, type ReplayOptions } from './replay.ts';
import { ShadowCollections } from './shadow.ts';

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
 * Rebuilds one projection from the log without stopping the shop:
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
  const { events, store, writers = noLiveWriters, layout = embeddedLayout, batchSize = 1000, signal } = options;
  const shadow = new ShadowCollections(projection, '__rebuild');
  const tracker = new ProgressTracker(projection.name, await events.headPosition(), options.onProgress);
  const onBatch = (count: number, position: bigint) => tracker.batch(count, position);
  await shadow.create(store);
  let swapped = false;
  try {
    let position = await bulkReplay(projection, events, store, shadow, tracker, { batchSize, signal, onBatch });
    tracker.phase('holding');
    const heldAt = performance.now();
    await writers.pause(projection.name);
    try {
      position = await replay(projection, events, shadow.target(store), position, { batchSize, signal, onBatch });
      for (const name of layout.names(projection.name)) {
        const live = (await store.getCheckpoint(name)) ?? 0n;
        // The writers cannot be past the head of the log; if they are, this is not the log they follow.
        if (live > position) throw new Error(`${name} is at ${live}, past the head of the log (${position})`);
      }
      tracker.phase('swapping');
      await store.swapCollections(
        shadow.pairs(),
        [
          ...layout.names(projection.name).map((name) => ({ name, position })),
          { name: generationCheckpoint(projection.name), position: BigInt(randomInt(1, 2 ** 48 - 1)) },
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
    throw error;
  }
}
