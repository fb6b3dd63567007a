import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { DocumentStore } from '@shop/platform';
import { SEARCH } from '@shop/contracts';
import { generationCheckpoint, searchProjection, type SearchEntryDoc } from '@shop/projections';
import { SearchIndex } from './engine.ts';

const PAGE = 5000;
/** Entries read per step of a background reload (each step then lets waiting requests run). */
const RELOAD_PAGE = 1000;

/** An index built from the entries up to `lastSeq`, as of `version` of the collection's generation. */
interface Loaded {
  index: SearchIndex;
  lastSeq: number;
  version: string;
  generation: bigint;
}

/**
 * Keeps an in-memory SearchIndex in step with the search read model: when the entries' change
 * version moves, it reads the entries written since the last one it has (by `seq`, the log
 * position that wrote them) and upserts them. Requests that arrive during a refresh share it.
 *
 * A rebuild swaps in new collections whose entries may differ from what was read while carrying
 * positions already seen (`seq` is the position of the event that wrote an entry, so a rebuild
 * by changed code rewrites entries at the same positions). The swap also sets a new generation
 * (`generationCheckpoint`); when it moves, a fresh index is built from every entry in the
 * background, while the one in service keeps answering (and taking in new entries), and then
 * replaces it.
 */
export class SearchFeed {
  private index = new SearchIndex();
  private version: string | null = null;
  private generation: bigint | null = null;
  private lastSeq = -1;
  private refreshing: Promise<SearchIndex> | null = null;
  /** The generation a background reload is building, and the result once it is ready. */
  private reloading: bigint | null = null;
  private reloaded: Loaded | null = null;
  private reloads = 0;

  constructor(private readonly docs: DocumentStore) {}

  /**
   * Moves whenever a reloaded index is ready to replace the one in service (the next `current`
   * puts it in), which changes answers without any write: reply caches add it to their version.
   */
  get reloadsReady(): number {
    return this.reloads;
  }

  /** The index, brought up to date with every entry committed before the call (see the class comment for a rebuild). */
  current(): Promise<SearchIndex> {
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /** Resolves once no reload is under way (tests). */
  async settled(): Promise<void> {
    while (this.reloading !== null) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  private async refresh(): Promise<SearchIndex> {
    // Adopted here, between refreshes, so no refresh is reading into the index being replaced.
    if (this.reloaded) {
      ({ index: this.index, lastSeq: this.lastSeq, version: this.version, generation: this.generation } = this.reloaded);
      this.reloaded = null;
    }
    // The version is read before the entries, so what is read is at least as new as it.
    const version = await this.docs.changeVersion([SEARCH.entries]);
    if (version === this.version) return this.index;
    const generation = await this.currentGeneration();
    if (this.generation === null) this.generation = generation;
    else if (generation !== this.generation && this.reloading === null) this.reload(generation);
    this.lastSeq = await this.readInto(this.index, this.lastSeq, PAGE);
    this.version = version;
    return this.index;
  }

  private async currentGeneration(): Promise<bigint> {
    return (await this.docs.getCheckpoint(generationCheckpoint(searchProjection.name))) ?? 0n;
  }

  /** Upserts the entries past `afterSeq` into `index`; returns the last one's seq. */
  private async readInto(index: SearchIndex, afterSeq: number, pageSize: number, pause = false): Promise<number> {
    let lastSeq = afterSeq;
    for (;;) {
      const page = await this.docs.find<SearchEntryDoc>(SEARCH.entries, { seq: { $gt: lastSeq } }, { sort: [['seq', 1]], limit: pageSize });
      for (const entry of page) {
        if (entry.hidden) index.remove(entry._id);
        else index.upsert({ ...entry, id: entry._id });
        lastSeq = entry.seq;
      }
      if (page.length < pageSize) return lastSeq;
      if (pause) await yieldToRequests();
    }
  }

  /** Builds a fresh index from every entry of the collections of `generation`, a page at a time. */
  private reload(generation: bigint): void {
    this.reloading = generation;
    void (async () => {
      const version = await this.docs.changeVersion([SEARCH.entries]);
      // Another swap between seeing the generation and reading it: build that one.
      const building = await this.currentGeneration();
      this.reloading = building;
      const index = new SearchIndex();
      const lastSeq = await this.readInto(index, -1, RELOAD_PAGE, true);
      this.reloaded = { index, lastSeq, version, generation: building };
      this.reloads++;
    })()
      .catch(() => undefined) // the next refresh that sees the generation tries again
      .finally(() => {
        this.reloading = null;
      });
  }
}
