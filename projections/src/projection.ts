import type { CollectionSpec, Document, RecordedEvent } from '@shop/platform';

/** What a projection handler may do to its own read model while handling one event. */
export interface ProjectionView {
  get<T extends Document>(collection: string, id: string): Promise<T | null>;
  /**
   * The documents whose fields equal `filter`'s, as this batch has them (its own writes first).
   * For the rare event that changes many documents (a category renamed: every product copying
   * its name); a handler that runs per order or per cart line must not scan.
   */
  find<T extends Document>(collection: string, filter: Record<string, string>): Promise<T[]>;
  /** `counter`: the change counter this write raises instead of the collection's (see `Write.counter`). */
  put<T extends Document>(collection: string, doc: T, options?: { counter?: string }): void;
  delete(collection: string, id: string): void;
}

/**
 * A projection turns events into documents. Handlers must be deterministic functions of the
 * event and the current documents, so replaying the log from any point gives the same result.
 */
export interface Projection {
  /** Also the checkpoint's name. */
  name: string;
  /**
   * Raised whenever the documents this projection makes of the same events change (a new
   * collection or field, a fix in a handler). The read model records the version it was built
   * by; a shop started with another one rebuilds it beside the live one and swaps it in
   * (rebuild/upgrades.ts). projections/digests.json holds what each version makes of a fixed
   * set of events, and a test fails when that changes without a new version.
   */
  version: number;
  /** Logical collection names; a rebuild maps them to shadow names. */
  collections: CollectionSpec[];
  /** Event types this projection reads; all others only advance its checkpoint. */
  handles: ReadonlySet<string>;
  apply(event: RecordedEvent, view: ProjectionView): Promise<void> | void;
}
