import type {
  BulkLoad,
  CollectionSpec,
  Document,
  DocumentStore,
  Filter,
  FindOptions,
  WriteBatch,
} from '@shop/platform';

/**
 * The store as a rebuild's replay sees it while a bulk load writes the shadows: `commit` queues
 * the batch on the loader and returns as soon as it is accepted, so the next page is decoded and
 * folded while the batch is written. Until the loader has committed a batch, its documents are
 * served from here (`get`, newest batch first), so a handler that reads a document an earlier
 * batch wrote sees it; `find` (rare: a renamed category) first waits for every queued batch.
 * Everything else goes to the store.
 */
export class BulkLoadingStore implements DocumentStore {
  /** Queued batches not yet committed, oldest first: collection → id → document (null: deleted). */
  private readonly queued: Map<string, Map<string, Document | null>>[] = [];

  constructor(
    private readonly store: DocumentStore,
    private readonly loader: BulkLoad,
  ) {}

  async commit(batch: WriteBatch): Promise<void> {
    const written = new Map<string, Map<string, Document | null>>();
    for (const write of batch.writes) {
      let docs = written.get(write.collection);
      if (!docs) written.set(write.collection, (docs = new Map()));
      docs.set(write.kind === 'put' ? write.doc._id : write.id, write.kind === 'put' ? write.doc : null);
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
    for (let i = this.queued.length - 1; i >= 0; i--) {
      const docs = this.queued[i]!.get(collection);
      if (docs?.has(id)) return (docs.get(id) ?? null) as T | null;
    }
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
    const doc = await this.get(collection, id);
    return doc ? JSON.stringify(doc) : null;
  }

  async getManyRaw(collection: string, ids: readonly string[]): Promise<(string | null)[]> {
    return Promise.all(ids.map((id) => this.getRaw(collection, id)));
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

  /** The store is the caller's: closing this view closes nothing. */
  async close(): Promise<void> {}
}
