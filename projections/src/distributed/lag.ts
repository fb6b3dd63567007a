import type { DocumentStore, EventStore, ProjectionLag } from '@shop/platform';
import type { CheckpointLayout } from './layout.ts';

/**
 * How far each projection is behind the log, for the metrics: the events after its position
 * (counted up to `cap`, so a projection far behind costs one bounded read) and the age of the
 * oldest of them. One read of the log serves every projection.
 */
export async function measureLag(
  events: EventStore,
  store: DocumentStore,
  layout: CheckpointLayout,
  names: string[],
  cap = 10_000,
): Promise<ProjectionLag[]> {
  const positions = await Promise.all(names.map((name) => layout.position(store, name)));
  if (positions.length === 0) return [];
  const lowest = positions.reduce((low, p) => (p < low ? p : low));
  const pending = await events.readAll({ after: lowest, limit: cap });
  const now = Date.now();
  return names.map((projection, i) => {
    const after = pending.filter((event) => event.position > positions[i]!);
    const oldest = after[0];
    const seconds = oldest ? Math.max(0, (now - Date.parse(oldest.metadata.timestamp)) / 1000) : 0;
    return { projection, events: after.length, seconds };
  });
}
