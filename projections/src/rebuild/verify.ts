import type { Document, DocumentStore, EventStore } from '@shop/platform';
import { embeddedLayout, type CheckpointLayout } from '../distributed/layout.ts';
import type { Projection } from '../projection.ts';
import { ProgressTracker, type RebuildProgress } from './progress.ts';
import { replay } from './replay.ts';
import { ShadowCollections } from './shadow.ts';

export interface VerifyOptions {
  events: EventStore;
  store: DocumentStore;
  layout?: CheckpointLayout;
  batchSize?: number;
  /** How many times documents that differ are looked at again once both sides are level. */
  rounds?: number;
  /** How long to wait for the live projection to reach the shadow's position, per round. */
  waitMs?: number;
  signal?: AbortSignal;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface DocumentDifference {
  collection: string;
  id: string;
  /** Null when the document is missing on that side. */
  live: Document | null;
  rebuilt: Document | null;
}

export interface VerifyReport {
  projection: string;
  /** Log position both sides were compared at (the last round's). */
  position: bigint;
  /** Position of the live projection at the end (below `position` when it is not running). */
  livePosition: bigint;
  documents: number;
  differences: DocumentDifference[];
}

const PAGE = 1000;

/**
 * Rebuilds a projection into `__verify` shadows and compares every document with the live one.
 * It needs no pause: the live projection keeps moving, so a document that differs is looked at
 * again after the shadow has caught up with the log and the live one has reached the same
 * position; only documents that still differ then are reported. The shadows are dropped.
 */
export async function verifyProjection(projection: Projection, options: VerifyOptions): Promise<VerifyReport> {
  const { events, store, layout = embeddedLayout, batchSize = 1000, rounds = 5, waitMs = 10_000, signal } = options;
  const shadow = new ShadowCollections(projection, '__verify');
  const tracker = new ProgressTracker(projection.name, await events.headPosition(), options.onProgress);
  const onBatch = (count: number, position: bigint) => tracker.batch(count, position);
  await shadow.create(store);
  try {
    let position = await replay(projection, events, shadow.target(store), 0n, { batchSize, signal, onBatch });
    await waitForLive(store, layout, projection.name, position, waitMs);
    tracker.phase('comparing');
    let documents = 0;
    let differences: DocumentDifference[] = [];
    for (const spec of projection.collections) {
      const compared = await compareCollections(store, spec.name, shadow.physical(spec.name));
      documents += compared.documents;
      differences.push(...compared.differences);
    }
    for (let round = 0; round < rounds && differences.length > 0; round++) {
      position = await replay(projection, events, shadow.target(store), position, { batchSize, signal, onBatch });
      const level = await waitForLive(store, layout, projection.name, position, waitMs);
      differences = await recheck(store, shadow, differences);
      // A live projection that does not move (its server is stopped) will not settle anything more.
      if (!level) break;
    }
    tracker.phase('done');
    const livePosition = await layout.position(store, projection.name);
    return { projection: projection.name, position, livePosition, documents, differences };
  } catch (error) {
    tracker.phase('failed');
    throw error;
  } finally {
    await shadow.drop(store).catch(() => undefined);
  }
}

/**
 * Walks both collections in `_id` order, a page at a time. Both stores order `_id` by bytes and
 * the shop's ids are ASCII, so JavaScript's `<` agrees with them.
 */
async function compareCollections(
  store: DocumentStore,
  live: string,
  rebuilt: string,
): Promise<{ documents: number; differences: DocumentDifference[] }> {
  const differences: DocumentDifference[] = [];
  const ids = new Set<string>();
  const liveDocs = pages(store, live);
  const rebuiltDocs = pages(store, rebuilt);
  let a = await liveDocs.next();
  let b = await rebuiltDocs.next();
  while (!a.done || !b.done) {
    const left = a.done ? undefined : a.value;
    const right = b.done ? undefined : b.value;
    if (left && (!right || left._id < right._id)) {
      differences.push({ collection: live, id: left._id, live: left, rebuilt: null });
      ids.add(left._id);
      a = await liveDocs.next();
    } else if (right && (!left || right._id < left._id)) {
      differences.push({ collection: live, id: right._id, live: null, rebuilt: right });
      ids.add(right._id);
      b = await rebuiltDocs.next();
    } else if (left && right) {
      if (canonical(left) !== canonical(right)) differences.push({ collection: live, id: left._id, live: left, rebuilt: right });
      ids.add(left._id);
      a = await liveDocs.next();
      b = await rebuiltDocs.next();
    }
  }
  return { documents: ids.size, differences };
}

async function* pages(store: DocumentStore, collection: string): AsyncGenerator<Document> {
  let after: string | undefined;
  for (;;) {
    const page = await store.find(collection, after === undefined ? {} : { _id: { $gt: after } }, { sort: [['_id', 1]], limit: PAGE });
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!._id;
  }
}

async function recheck(store: DocumentStore, shadow: ShadowCollections, differences: DocumentDifference[]): Promise<DocumentDifference[]> {
  const still: DocumentDifference[] = [];
  for (const { collection, id } of differences) {
    const [live, rebuilt] = await Promise.all([store.get(collection, id), store.get(shadow.physical(collection), id)]);
    if ((live === null) !== (rebuilt === null) || (live && rebuilt && canonical(live) !== canonical(rebuilt))) {
      still.push({ collection, id, live, rebuilt });
    }
  }
  return still;
}

/** Waits (bounded) until the live projection has reached `position`; false when it did not. */
async function waitForLive(store: DocumentStore, layout: CheckpointLayout, name: string, position: bigint, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  while ((await layout.position(store, name)) < position) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** JSON with sorted keys: the stores may hand fields back in another order. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : v,
  );
}
