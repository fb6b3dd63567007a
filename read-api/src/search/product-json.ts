import { CATALOG, CATALOG_COUNTERS } from '@shop/contracts';
import type { DocumentStore, PublicUrls } from '@shop/platform';

/** Product JSON kept, in characters (~16 MB of strings: ~15,000 products of ~1 KB). */
const KEPT_CHARS = 16 * 1024 * 1024;

/**
 * Product documents as search replies give them (serialised, image paths made URLs), kept in
 * memory for the products searches show most. A typo search is rarely repeated, so its reply is
 * seldom served from the reply cache, but its 60 products mostly are the popular ones every
 * search of that word shows: reading them from the store and rewriting their image paths was
 * more of the reply's cost than ranking (per reply at 100,000 products: ~0.3 ms reading, ~0.1 ms
 * rewriting, against ~0.2–0.4 ms for the index).
 *
 * Kept under the version of everything a product document holds (the catalog's collections and
 * stock), read before the documents, as the reply cache does: when it moves (a product edited,
 * one bought), everything kept is dropped, so nothing older than that version is served.
 */
export class ProductJson {
  private version: string | null = null;
  /**
   * Oldest first (a Map keeps insertion order): the oldest go when over the bound. First in,
   * first out rather than least recently used: moving each hit to the end cost more than
   * reading a popular product again once in a while.
   */
  private readonly kept = new Map<string, string>();
  private chars = 0;

  constructor(
    private readonly docs: DocumentStore,
    private readonly urls: PublicUrls,
    private readonly maxChars = KEPT_CHARS,
  ) {}

  /** The products with these ids, in this order, as one JSON array (ids no longer in the catalog left out). */
  async list(ids: readonly string[]): Promise<string> {
    if (ids.length === 0) return '[]';
    const version = await this.docs.changeVersion([...CATALOG_COUNTERS.catalog, CATALOG_COUNTERS.stock]);
    if (version !== this.version) {
      this.kept.clear();
      this.chars = 0;
      this.version = version;
    }
    const found: (string | undefined)[] = new Array<string | undefined>(ids.length);
    const missing: string[] = [];
    for (let i = 0; i < ids.length; i++) {
      const json = this.kept.get(ids[i]!);
      if (json === undefined) missing.push(ids[i]!);
      else found[i] = json;
    }
    if (missing.length > 0) {
      const raw = await this.docs.getManyRaw(CATALOG.products, missing);
      const read = new Map<string, string>();
      for (let i = 0; i < missing.length; i++) {
        const doc = raw[i];
        if (doc === null || doc === undefined) continue;
        const json = this.urls.imagesInJson(doc);
        read.set(missing[i]!, json);
        // Kept only if no change moved the version meanwhile (another request may have seen it).
        if (this.version === version) this.keep(missing[i]!, json);
      }
      for (let i = 0; i < ids.length; i++) found[i] ??= read.get(ids[i]!);
    }
    return `[${found.filter((json): json is string => json !== undefined).join(',')}]`;
  }

  private keep(id: string, json: string): void {
    if (this.kept.has(id) || json.length > this.maxChars) return;
    this.kept.set(id, json);
    this.chars += json.length;
    for (const [oldest, old] of this.kept) {
      if (this.chars <= this.maxChars) break;
      this.kept.delete(oldest);
      this.chars -= old.length;
    }
  }
}
