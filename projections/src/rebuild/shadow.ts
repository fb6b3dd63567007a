import type { CollectionSpec, DocumentStore } from '@shop/platform';
import type { BatchTarget } from '../apply-batch.ts';
import type { Projection } from '../projection.ts';

/** What every shadow name of a collection starts with (the attempt's id follows). */
const SHADOW_MARK = '__rebuild';

/**
 * A projection's collections under other names (`products__rebuild_<attempt>`), written while the
 * live ones keep serving. Collections the projection does not own keep their names, so a handler
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

  /** A rebuild's shadows: `attempt` is the rebuild's own id (letters and digits), so two attempts never share a name. */
  static forRebuild(projection: Projection, attempt: string): ShadowCollections {
    return new ShadowCollections(projection, `${SHADOW_MARK}_${attempt}`);
  }

  /**
   * Drops the shadows of this projection's earlier attempts (a rebuild that died or lost its
   * lease). Only the holder of the projection's rebuild lease may call this: any other attempt
   * is then dead or about to stop.
   */
  static async dropLeftovers(projection: Projection, store: DocumentStore): Promise<void> {
    const prefixes = projection.collections.map((spec) => `${spec.name}${SHADOW_MARK}`);
    for (const name of await store.listCollections()) {
      if (prefixes.some((prefix) => name.startsWith(prefix))) await store.dropCollection(name);
    }
  }

  /** The checkpoint the shadow keeps while it is built. */
  get checkpointName(): string {
    return `${this.projection.name}${this.suffix}`;
  }

  physical = (collection: string): string => this.owned.get(collection) ?? collection;

  /**
   * Drops what a crashed earlier run under the same names left, then defines the shadows with
   * the live indexes, deferred: a bulk replay into unindexed tables followed by one index build is several times
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
