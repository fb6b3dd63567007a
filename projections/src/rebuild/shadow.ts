import type { CollectionSpec, DocumentStore } from '@shop/platform';
import type { BatchTarget } from '../apply-batch.ts';
import type { Projection } from '../projection.ts';

/**
 * A projection's collections under other names (`products__rebuild`), written while the live
 * ones keep serving. Collections the projection does not own keep their names, so a handler
 * that looks something up elsewhere still finds it.
 */
export class ShadowCollections {
  private readonly owned: Map<string, string>;

  constructor(
    readonly projection: Projection,
    readonly suffix: string,
  ) {
    this.owned = new Map(projection.collections.map((spec) => [spec.name, `${spec.name}${suffix}`]));
  }

  /** The checkpoint the shadow keeps while it is built. */
  get checkpointName(): string {
    return `${this.projection.name}${this.suffix}`;
  }

  physical = (collection: string): string => this.owned.get(collection) ?? collection;

  /**
   * Drops what a crashed earlier run left, then defines the shadows with the live indexes,
   * deferred: a bulk replay into unindexed tables followed by one index build is several times
   * faster than maintaining every index row by row.
   */
  async create(store: DocumentStore): Promise<void> {
    await this.drop(store);
    for (const spec of this.projection.collections) {
      const shadow: CollectionSpec = { ...spec, name: this.physical(spec.name) };
      await store.defineCollection(shadow, { deferIndexes: true });
    }
  }

  /** Builds the deferred indexes (after the bulk replay, before the tail and the swap). */
  async buildIndexes(store: DocumentStore): Promise<void> {
    for (const name of this.owned.values()) await store.buildIndexes(name);
  }

  async drop(store: DocumentStore): Promise<void> {
    for (const name of this.owned.values()) await store.dropCollection(name);
  }

  target(store: DocumentStore): BatchTarget {
    return { store, physical: this.physical, checkpointName: this.checkpointName };
  }

  /** shadow → live, for `swapCollections`. */
  pairs(): { from: string; to: string }[] {
    return [...this.owned].map(([to, from]) => ({ from, to }));
  }
}
