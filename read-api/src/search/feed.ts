import type { DocumentStore } from '@shop/platform';
import { SEARCH, type SearchEntryDoc } from '@shop/projections';
import { SearchIndex } from './engine.ts';

const PAGE = 5000;

/**
 * Keeps an in-memory SearchIndex in step with the search read model: when the entries' change
 * version moves, it reads the entries written since the last one it has (by `seq`, the log
 * position that wrote them) and upserts them. Requests that arrive during a refresh share it.
 */
export class SearchFeed {
  private readonly index = new SearchIndex();
  private version: string | null = null;
  private lastSeq = -1;
  private refreshing: Promise<SearchIndex> | null = null;

  constructor(private readonly docs: DocumentStore) {}

  /** The index, brought up to date with every entry committed before the call. */
  current(): Promise<SearchIndex> {
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async refresh(): Promise<SearchIndex> {
    // The version is read before the entries, so what is read is at least as new as it.
    const version = await this.docs.changeVersion([SEARCH.entries]);
    if (version === this.version) return this.index;
    for (;;) {
      const page = await this.docs.find<SearchEntryDoc>(SEARCH.entries, { seq: { $gt: this.lastSeq } }, { sort: [['seq', 1]], limit: PAGE });
      for (const entry of page) {
        this.index.upsert({ ...entry, id: entry._id });
        this.lastSeq = entry.seq;
      }
      if (page.length < PAGE) break;
    }
    this.version = version;
    return this.index;
  }
}
