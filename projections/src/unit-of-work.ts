import type { Document, DocumentStore, Write } from '@shop/platform';
import type { ProjectionView } from './projection.ts';

/**
 * Buffers a batch's writes so they can be committed atomically with the checkpoint. Reads see
 * the batch's own earlier writes first, then the store.
 */
export class UnitOfWork implements ProjectionView {
  private readonly pending = new Map<string, Map<string, Document | null>>();
  /**
   * Documents whose every write in this batch named its own change counter (`put`'s `counter`);
   * one plain write of the document in the batch makes it raise its collection's counter again.
   */
  private readonly counters = new Map<string, string>();
  private readonly reads = new Map<string, Document | null>();

  constructor(
    private readonly store: DocumentStore,
    private readonly physical: (collection: string) => string = (c) => c,
  ) {}

  async get<T extends Document>(collection: string, id: string): Promise<T | null> {
    const name = this.physical(collection);
    const buffered = this.pending.get(name);
    if (buffered?.has(id)) return (buffered.get(id) ?? null) as T | null;
    const readKey = `${name}\u0000${id}`;
    if (this.reads.has(readKey)) return this.reads.get(readKey) as T | null;
    // A projection is the only writer of its collections, so a document read once stays valid
    // for the whole batch (a category read by every product of a batch is read once).
    const doc = await this.store.get<T>(name, id);
    this.reads.set(readKey, doc);
    return doc;
  }

  async find<T extends Document>(collection: string, filter: Record<string, string>): Promise<T[]> {
    const name = this.physical(collection);
    const buffered = this.pending.get(name);
    const matches = (doc: Document) => Object.entries(filter).every(([field, value]) => (doc as unknown as Record<string, unknown>)[field] === value);
    const found = new Map<string, T>();
    // A document this batch wrote (or deleted) is judged by what the batch made of it.
    for (const doc of await this.store.find<T>(name, filter)) if (!buffered?.has(doc._id)) found.set(doc._id, doc);
    for (const [id, doc] of buffered ?? []) if (doc && matches(doc)) found.set(id, doc as T);
    return [...found.values()];
  }

  put<T extends Document>(collection: string, doc: T, options: { counter?: string } = {}): void {
    const bucket = this.bucket(collection);
    const key = `${this.physical(collection)}\u0000${doc._id}`;
    const plainBefore = bucket.has(doc._id) && !this.counters.has(key);
    // A shadow (a rebuild's copy) raises its own collection's counter: nobody reads the live
    // counter for it, and raising the live one would make readers look for changes that are not live.
    const live = this.physical(collection) === collection;
    if (options.counter && live && !plainBefore) this.counters.set(key, options.counter);
    else this.counters.delete(key);
    bucket.set(doc._id, doc);
  }

  delete(collection: string, id: string): void {
    this.counters.delete(`${this.physical(collection)}\u0000${id}`);
    this.bucket(collection).set(id, null);
  }

  private bucket(collection: string): Map<string, Document | null> {
    const name = this.physical(collection);
    let bucket = this.pending.get(name);
    if (!bucket) {
      bucket = new Map();
      this.pending.set(name, bucket);
    }
    return bucket;
  }

  /** One write per touched document: its final state in this batch. */
  writes(): Write[] {
    const writes: Write[] = [];
    for (const [collection, docs] of this.pending) {
      for (const [id, doc] of docs) {
        if (!doc) {
          writes.push({ kind: 'delete', collection, id });
          continue;
        }
        const counter = this.counters.get(`${collection}\u0000${id}`);
        writes.push(counter ? { kind: 'put', collection, doc, counter } : { kind: 'put', collection, doc });
      }
    }
    return writes;
  }
}
