import type {
  BulkLoad,
  CollectionSpec,
  Document,
  DocumentStore,
  Filter,
  FindOptions,
  Lease,
  WriteBatch,
} from '@shop/platform';

/**
 * The store as a rebuild's replay sees it while a bulk load writes the shadows: `commit` queues
 * the batch on the loader and returns as soon as it is accepted, so the next page is decoded and
 * folded while the batch is written. A read of a document a queued batch wrote (rare in a replay:
 * most documents are read again only many pages later) first waits until the loader has committed
 * every queued batch, so a handler always sees what earlier batches made of it; `find` and
 * `count` always wait. Only the ids are kept, not the documents: holding every queued document
 * until its commit made them live long enough to be promoted by the garbage collector.
 * Everything else goes to the store.
 */
export class BulkLoadingStore implements DocumentStore {
  /** The documents (collection → ids) of each queued batch not yet committed. */
  private readonly queued: Map<string, Set<string>>[] = [];

  constructor(
    private readonly store: DocumentStore,
    private readonly loader: BulkLoad,
  ) {}

  async commit(batch: WriteBatch): Promise<void> {
    const written = new Map<string, Set<string>>();
    for (const write of batch.writes) {
      let ids = written.get(write.collection);
      if (!ids) written.set(write.collection, (ids = new Set()));
      ids.add(write.kind === 'put' ? write.doc._id : write.id);
    }
    const { committed } = await this.loader.write(batch);
    this.queued.push(written);
    const forget = () => {
      const index = this.queued.indexOf(written);
      if (index >= 0) this.queued.splice(index, 1);
    };
    // A failure surfaces through the loader's next write or flush.
    committed.then(forget, forget);
  }

  async get<T extends Document = Document>(collection: string, id: string): Promise<T | null> {
    if (this.queued.some((written) => written.get(collection)?.has(id))) await this.loader.flush();
    return this.store.get<T>(collection, id);
  }

  async find<T extends Document = Document>(collection: string, filter?: Filter, options?: FindOptions): Promise<T[]> {
    await this.loader.flush();
    return this.store.find<T>(collection, filter, options);
  }

  async count(collection: string, filter?: Filter, options?: Pick<FindOptions, 'text'>): Promise<number> {
    await this.loader.flush();
    return this.store.count(collection, filter, options);
  }

  async getRaw(collection: string, id: string): Promise<string | null> {
    await this.loader.flush();
    return this.store.getRaw(collection, id);
  }

  async getManyRaw(collection: string, ids: readonly string[]): Promise<(string | null)[]> {
    await this.loader.flush();
    return this.store.getManyRaw(collection, ids);
  }

  async findRaw(collection: string, filter?: Filter, options?: FindOptions): Promise<string[]> {
    await this.loader.flush();
    return this.store.findRaw(collection, filter, options);
  }

  defineCollection(spec: CollectionSpec, options?: { deferIndexes?: boolean }): Promise<void> {
    return this.store.defineCollection(spec, options);
  }

  buildIndexes(collection: string): Promise<void> {
    return this.store.buildIndexes(collection);
  }

  getCheckpoint(name: string): Promise<bigint | null> {
    return this.store.getCheckpoint(name);
  }

  changeVersion(collections: string[]): Promise<string> {
    return this.store.changeVersion(collections);
  }

  dropCollection(name: string): Promise<void> {
    return this.store.dropCollection(name);
  }

  swapCollections(pairs: { from: string; to: string }[], checkpoints?: { name: string; position: bigint }[]): Promise<void> {
    return this.store.swapCollections(pairs, checkpoints);
  }

  listCollections(): Promise<string[]> {
    return this.store.listCollections();
  }

  acquireLease(name: string, owner: string, ttlMs: number): Promise<Lease | null> {
    return this.store.acquireLease(name, owner, ttlMs);
  }

  releaseLease(name: string, owner: string): Promise<void> {
    return this.store.releaseLease(name, owner);
  }

  getLease(name: string): Promise<Lease | null> {
    return this.store.getLease(name);
  }

  /** The store is the caller's: closing this view closes nothing. */
  async close(): Promise<void> {}
}
