import type { DocumentStore, RecordedEvent } from '@shop/platform';
import type { Projection } from './projection.ts';
import { UnitOfWork } from './unit-of-work.ts';

export interface BatchTarget {
  store: DocumentStore;
  /** Maps a logical collection to the one written (identity, or a rebuild's shadow). */
  physical?: (collection: string) => string;
  /** Checkpoint name written with the batch (the projection's own, or its shadow's). */
  checkpointName?: string;
  /**
   * Commit only if the checkpoint is still at `checkpoint` (compare-and-set), for writers that
   * may lose their partition to another worker: a late commit is then refused, not applied over
   * the new owner's.
   */
  guarded?: boolean;
}

/**
 * Applies events after `checkpoint` to one projection and commits the documents and the new
 * checkpoint in one step. Events at or before the checkpoint are skipped, so redelivery (a
 * Kafka rebalance, a restarted worker) changes nothing. Returns the new checkpoint.
 */
export async function applyBatch(
  projection: Projection,
  events: RecordedEvent[],
  checkpoint: bigint,
  target: BatchTarget,
): Promise<bigint> {
  const fresh = events.filter((event) => event.position > checkpoint);
  const last = fresh[fresh.length - 1];
  if (!last) return checkpoint;
  const view = new UnitOfWork(target.store, target.physical);
  for (const event of fresh) {
    if (projection.handles.has(event.type)) await projection.apply(event, view);
  }
  await target.store.commit({
    writes: view.writes(),
    checkpoints: [
      { name: target.checkpointName ?? projection.name, position: last.position, ...(target.guarded ? { expected: checkpoint } : {}) },
    ],
  });
  return last.position;
}
