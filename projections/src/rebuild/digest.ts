import { createHash } from 'node:crypto';
import type { DocumentStore, RecordedEvent } from '@shop/platform';
import type { Projection } from '../projection.ts';
import { canonical } from './verify.ts';
import { replay } from './replay.ts';

/** An event as the digest fixture keeps it (positions and revisions as strings). */
export type StoredEvent = Omit<RecordedEvent, 'position' | 'revision'> & { position: string; revision: string };

export function fromStored(events: StoredEvent[]): RecordedEvent[] {
  return events.map((event) => ({ ...event, position: BigInt(event.position), revision: BigInt(event.revision) }));
}

/**
 * What a projection makes (written into `store`, an empty store it closes) of a fixed list of events, as one SHA-256: its collections' documents,
 * each collection sorted by id, in canonical JSON (keys sorted). Equal digests, equal read models.
 */
export async function projectionDigest(projection: Projection, events: RecordedEvent[], store: DocumentStore): Promise<string> {
  try {
    for (const spec of projection.collections) await store.defineCollection(spec);
    const log = {
      readAll: async ({ after = 0n, limit }: { after?: bigint; limit: number }) => events.filter((e) => e.position > after).slice(0, limit),
    };
    await replay(projection, log, { store, physical: (name) => name, checkpointName: projection.name }, 0n);
    const hash = createHash('sha256');
    for (const spec of [...projection.collections].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const docs = await store.find(spec.name, {}, { sort: [['_id', 1]] });
      hash.update(`${spec.name}\n${canonical(docs)}\n`);
    }
    return hash.digest('hex');
  } finally {
    await store.close();
  }
}
