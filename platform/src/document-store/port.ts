/**
 * The read-model store port: JSON documents in named collections, with the small query set the
 * read side needs. Projections are the only writers; they write through `commit`, which applies
 * a batch of writes and the projection's checkpoint atomically, so a crash can never leave a
 * read model ahead of (or behind) the position it claims.
 */

export type Scalar = string | number | boolean | null;

export type Condition =
  | Scalar
  | { $in: Scalar[] }
  /** The array field holds at least one of these values. */
  | { $contains: Scalar[] }
  | { $ne: Scalar }
  | { $gt?: number | string; $gte?: number | string; $lt?: number | string; $lte?: number | string };

/** Field paths may be dotted (`price`, `owner.id`); conditions are ANDed. */
export type Filter = Record<string, Condition>;

export type SortSpec = [field: string, direction: 1 | -1][];

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  /**
   * Case-insensitive search over the collection's text fields. Without an explicit sort the
   * results are ordered best match first.
   */
  text?: string;
}

export interface CollectionSpec {
  name: string;
  /** Each entry is one (compound) index, fields in order. */
  indexes?: string[][];
  /** Fields searched by `text`, in order of weight (first weighs most). */
  textFields?: string[];
}

/** Any JSON document with a string `_id`; the store treats the rest as opaque. */
export interface Document {
  _id: string;
}

export type Write =
  | {
      kind: 'put';
      collection: string;
      doc: Document;
      /**
       * The change counter this write raises (see `changeVersion`) instead of its collection's:
       * a change readers of the collection may tell apart (a product's stock moving, say, which
       * changes no listing's members or order) is then seen only by those that ask for it.
       */
      counter?: string;
    }
  | { kind: 'delete'; collection: string; id: string };

/** The change counter a write raises: its own `counter`, else its collection's. */
export function counterOf(write: Write): string {
  return (write.kind === 'put' && write.counter) || write.collection;
}

export interface CheckpointWrite {
  name: string;
  position: bigint;
  /**
   * Compare-and-set: the position this writer last saw (a missing checkpoint counts as 0). When
   * the stored one differs, another writer moved it (a partition or the ordered projections went
   * to another worker): the whole batch is refused with CheckpointConflictError, nothing written.
   */
  expected?: bigint;
}

export interface WriteBatch {
  writes: Write[];
  checkpoints?: CheckpointWrite[];
}

/** A commit refused because a checkpoint was not where the writer expected it (see CheckpointWrite). */
export class CheckpointConflictError extends Error {
  constructor(
    readonly checkpoint: string,
    readonly expected: bigint,
    readonly actual: bigint | null,
  ) {
    super(`Checkpoint ${checkpoint} is at ${actual ?? 'nothing'}, not ${expected}: another writer moved it; nothing was committed`);
    this.name = 'CheckpointConflictError';
  }
}

/** Who holds a lease (see `DocumentStore.acquireLease`), and until when. */
export interface Lease {
  name: string;
  owner: string;
  /** Milliseconds since the epoch, by the clock of the process that last took or renewed it. */
  expiresAt: number;
}

export interface DocumentStore {
  /**
   * Creates the collection and its indexes when missing (idempotent). With `deferIndexes`, a new
   * collection is created without its indexes and text index, for a bulk load (a rebuild into a
   * shadow); `buildIndexes` then creates them all at once, which is far faster than maintaining
   * them row by row.
   */
  defineCollection(spec: CollectionSpec, options?: { deferIndexes?: boolean }): Promise<void>;
  /** Creates the indexes a deferred collection is missing (no-op for a complete one). */
  buildIndexes(collection: string): Promise<void>;
  get<T extends Document = Document>(collection: string, id: string): Promise<T | null>;
  find<T extends Document = Document>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(collection: string, filter?: Filter, options?: Pick<FindOptions, 'text'>): Promise<number>;
  /**
   * The same as `get` / `find`, as JSON text: hot read routes splice these into the reply
   * instead of parsing and re-serialising every document.
   */
  getRaw(collection: string, id: string): Promise<string | null>;
  /** `getRaw` of many documents in one read: the texts in the order of `ids`, null where missing. */
  getManyRaw(collection: string, ids: readonly string[]): Promise<(string | null)[]>;
  findRaw(collection: string, filter?: Filter, options?: FindOptions): Promise<string[]>;
  /** Applies every write and checkpoint in one atomic step (or nothing, on a CheckpointConflictError). */
  commit(batch: WriteBatch): Promise<void>;
  getCheckpoint(name: string): Promise<bigint | null>;
  /**
   * A token that changes whenever a write to any of these collections (or raising any of these
   * counters, see `Write.counter`) commits, from this
   * connection or any other connection, thread or process sharing the store (a swap or drop
   * counts as a write to both names). Read caches key on it: read the token *before* the data,
   * so what was read is at least as new as the token it is cached under.
   */
  changeVersion(collections: string[]): Promise<string>;
  /** Removes a collection and its indexes (rebuilds use it for shadows). */
  dropCollection(name: string): Promise<void>;
  /**
   * Atomically replaces each `to` collection with its `from` collection (the shadow swap of a
   * rebuild) and sets the given checkpoints in the same step.
   */
  swapCollections(pairs: { from: string; to: string }[], checkpoints?: { name: string; position: bigint }[]): Promise<void>;
  listCollections(): Promise<string[]>;
  /**
   * Takes the lease `name` for `owner` for `ttlMs`, in one atomic conditional write: it succeeds
   * when nobody holds the lease, when its holder let it expire, or when `owner` holds it already
   * (a heartbeat renews it that way). Answers the lease now held by `owner`, or null when another
   * owner holds an unexpired one. Processes sharing the store use it so that only one of them
   * does a piece of work (a rebuild of one projection) at a time, and a holder that died is
   * replaced once its lease runs out.
   */
  acquireLease(name: string, owner: string, ttlMs: number): Promise<Lease | null>;
  /** Gives the lease up if `owner` still holds it (a no-op otherwise). */
  releaseLease(name: string, owner: string): Promise<void>;
  /** The lease as stored (possibly expired), or null. */
  getLease(name: string): Promise<Lease | null>;
  /**
   * Optional: a bulk loader for collections defined with `deferIndexes` (a rebuild's shadows),
   * which commits their batches and builds their indexes off the event loop while the caller
   * prepares the next batch. Stores without one (or answering undefined) are bulk-loaded through `commit`.
   */
  bulkLoad?(collections: string[]): BulkLoad | undefined;
  /**
   * Optional: after an erasure, leaves no copy of replaced documents in the store's files or
   * journals (SQLite: a TRUNCATE checkpoint of its WAL). Stores without one keep no such copies
   * the shop can reach.
   */
  eraseFreedPages?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Writes batches into deferred collections in order, each with its checkpoints atomically, while
 * the caller goes on. A batch's writes are not readable through the store until `flush` (or
 * `buildIndexes`) resolves: the caller keeps what it queued for its own reads until then.
 */
export interface BulkLoad {
  /**
   * Queues a batch. Resolves once it is accepted (at most a few batches wait at a time), with
   * `committed`, which resolves once it is committed; rejects if an earlier batch failed (nothing
   * after a failed batch is written).
   */
  write(batch: WriteBatch): Promise<{ committed: Promise<void> }>;
  /** Resolves once every queued batch is committed (rejects with the first failure). */
  flush(): Promise<void>;
  /** Flushes, then builds the collections' deferred indexes; the store then serves them like any other. */
  buildIndexes(): Promise<void>;
  /** Stops the loader (after a failure too); batches not yet committed are dropped. */
  close(): Promise<void>;
}

/** Splits a free-text query into lower-case word tokens (letters and digits). */
export function textTokens(query: string): string[] {
  return query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
