import type { EventStore } from '@shop/platform';
import { applyBatch, type BatchTarget } from '../apply-batch.ts';
import type { Projection } from '../projection.ts';

export interface ReplayOptions {
  batchSize?: number;
  signal?: AbortSignal;
  onBatch?: (events: number, position: bigint) => void;
}

/**
 * Applies the log after `from` to a target until it has caught up with the head as it is when
 * the last page comes back short. Returns the position reached. Each batch is committed with
 * the target's checkpoint, like the runner does.
 */
export async function replay(
  projection: Projection,
  events: Pick<EventStore, 'readAll'>,
  target: BatchTarget,
  from: bigint,
  { batchSize = 1000, signal, onBatch }: ReplayOptions = {},
): Promise<bigint> {
  let position = from;
  for (;;) {
    signal?.throwIfAborted();
    const page = await events.readAll({ after: position, limit: batchSize });
    if (page.length === 0) return position;
    position = await applyBatch(projection, page, position, target);
    onBatch?.(page.length, position);
    if (page.length < batchSize) return position;
    // Reading, folding and (for an embedded store) writing a page never waits for I/O the event
    // loop sees: without this the whole replay would be one task, and the shop would not answer
    // a request until it ended.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
