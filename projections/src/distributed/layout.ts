import type { DocumentStore } from '@shop/platform';
import { isPartitioned, partitionCheckpoint } from './partitioning.ts';

/**
 * Where a projection's progress is recorded. Embedded: one checkpoint per projection. External
 * (projector workers): one per partition for partitioned projections, and the position the
 * projection has reached is the lowest of them, since the relay sends a watermark to every
 * partition after each batch (a partition with no events of its own still moves forward).
 */
export interface CheckpointLayout {
  /** Every checkpoint a rebuild's swap must set for this projection. */
  names(projection: string): string[];
  /** The log position up to which the projection's read model is complete. */
  position(store: DocumentStore, projection: string): Promise<bigint>;
}

export const embeddedLayout: CheckpointLayout = {
  names: (projection) => [projection],
  position: async (store, projection) => (await store.getCheckpoint(projection)) ?? 0n,
};

export function externalLayout(partitions: number): CheckpointLayout {
  const perPartition = (projection: string) => Array.from({ length: partitions }, (_, k) => partitionCheckpoint(projection, k));
  return {
    names: (projection) => (isPartitioned(projection) ? perPartition(projection) : [projection]),
    async position(store, projection) {
      if (!isPartitioned(projection)) return (await store.getCheckpoint(projection)) ?? 0n;
      const positions = await Promise.all(perPartition(projection).map(async (name) => (await store.getCheckpoint(name)) ?? 0n));
      return positions.reduce((low, p) => (p < low ? p : low));
    },
  };
}
