import type { CollectionSpec, Document, RecordedEvent } from '@shop/platform';

/** What a projection handler may do to its own read model while handling one event. */
export interface ProjectionView {
  get<T extends Document>(collection: string, id: string): Promise<T | null>;
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
  /** Logical collection names; a rebuild maps them to shadow names. */
  collections: CollectionSpec[];
  /** Event types this projection reads; all others only advance its checkpoint. */
  handles: ReadonlySet<string>;
  apply(event: RecordedEvent, view: ProjectionView): Promise<void> | void;
}
