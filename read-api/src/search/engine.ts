import type { SearchEntryDoc } from '@shop/contracts';
import { boundedDistances } from './distance.ts';
import { singular, STOPWORDS, SYNONYM_GROUPS, synonymTable, textWords } from './text.ts';

/** What the index needs of a product: the search read model's entry, with its id. */
export type SearchableProduct = Omit<SearchEntryDoc, '_id' | 'seq'> & { id: string };

// Where a word occurs in a product, as bits, and what a match there weighs.
const NAME = 1;
const BRAND = 2;
const CATEGORY = 4;
const DESCRIPTION = 8;
const FIELD_WEIGHT = Float32Array.from({ length: 16 }, (_, mask) =>
  Math.max(mask & NAME ? 1 : 0, mask & BRAND ? 0.9 : 0, mask & CATEGORY ? 0.75 : 0, mask & DESCRIPTION ? 0.3 : 0),
);

/**
 * How well a vocabulary word matches a query word. Typos rank below exact and prefix matches,
 * and a synonym's matches below the word's own.
 */
export const MATCH_QUALITY = {
  exact: 1,
  plural: 0.95,
  prefix: 0.8,
  infix: 0.6,
  oneEdit: 0.45,
  oneEditPrefix: 0.4,
  twoEdits: 0.3,
  twoEditsPrefix: 0.25,
} as const;
export const SYNONYM_FACTOR = 0.85;
/** A query word is matched well when some word matches it at least this well (not only by typos). */
const WELL = MATCH_QUALITY.infix * SYNONYM_FACTOR;
/**
 * A match at least this good is a real one (the word, its plural or a word it begins; a synonym
 * or its plural, 0.85 and 0.81); below it are fill-ins: typos and inner words (the best, 0.6).
 */
const REAL_MATCH = MATCH_QUALITY.prefix * SYNONYM_FACTOR;
/**
 * Fill-ins (typos, inner words) are searched only while a query word's real matches reach fewer
 * products than this: "shoe" with its 29 shoes, sandals and sneakers needs no "shoulder",
 * "shopper" or "short" (one edit from a prefix), which padded its answer with bags and protein
 * powders; a misspelt word ("sneekers") has no real matches and is still found through them.
 */
export const FILL_IN_BELOW = 6;
/**
 * A fill-in's quality is scaled by this when it is searched, so it never ranks ahead of a real
 * match of the same word: the best fill-in, an inner word in a name (0.6 × 0.3 = 0.18), stays
 * below the weakest real match, a prefix in a description (0.8 × 0.3 = 0.24).
 */
const FILL_IN_FACTOR = 0.3;
/** A query word shorter than this finds nothing through fill-ins in descriptions alone (one typo from five letters). */
const FILL_IN_DESCRIPTION_FROM = 5;

/** Typos forgiven in a word: one from 5 letters, two from 9 (the longer of the query word and the catalog word counts). */
export function allowedEdits(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** Distance still accepted when looking for "Did you mean" words (looser than matching). */
function suggestionEdits(length: number): number {
  return length <= 3 ? 1 : length <= 6 ? 2 : 3;
}

/** At most 8 query words: which of them a product matched is one byte. */
const MAX_QUERY_WORDS = 8;
const MAX_WORD_LENGTH = 40;
const INDEXED_DESCRIPTION_WORDS = 400;
const EXPANSION_CACHE = 10_000;
/**
 * A query word found in the descriptions only of more products than this is common there
 * ("gift", "love"): those matches rank products that other query words found, but do not add
 * products of their own (unless no query word finds anything else). Without this, a common
 * description word put a third of the catalog through the ranking of every query holding it.
 */
export const DESCRIPTION_CAP = 2000;
/**
 * Likewise for a query word found in more than this share of the catalog (and in more than
 * DESCRIPTION_CAP products), wherever it occurs: "gift" in a shop with a Gifts category. It says
 * little about what the shopper wants ("gift kajla": the kajal, not any gift), and ranking every
 * product it finds was most of the work of the queries holding it (a tenth of 1,000,000).
 */
export const COMMON_SHARE = 0.05;

export interface SearchPage {
  /** Product ids, best first. */
  ids: string[];
  /** How many products match at least one query word (one that is not common, when there is one; see COMMON_SHARE). */
  total: number;
  /** The query words (stop words left out), as matched. */
  words: string[];
  /** Query words that matched nothing, or only through typos. */
  poorlyMatched: string[];
}

export interface SearchOptions {
  /** Two-letter country code or All: products listed for it or for All. */
  location?: string;
  offset?: number;
  limit: number;
}

/** The products (slots, ascending) where a word occurs in a name, brand or category, with those fields as bits. */
class Postings {
  docs = new Int32Array(4);
  fields = new Uint8Array(4);
  n = 0;
  push(doc: number, fields: number): void {
    if (this.n === this.docs.length) {
      const docs = new Int32Array(this.n * 2);
      docs.set(this.docs);
      this.docs = docs;
      const f = new Uint8Array(this.n * 2);
      f.set(this.fields);
      this.fields = f;
    }
    this.docs[this.n] = doc;
    this.fields[this.n++] = fields;
  }
}

/** The products (slots, ascending) where a word occurs in the description only. */
class DocList {
  docs = new Int32Array(4);
  n = 0;
  push(doc: number): void {
    if (this.n === this.docs.length) {
      const docs = new Int32Array(this.n * 2);
      docs.set(this.docs);
      this.docs = docs;
    }
    this.docs[this.n++] = doc;
  }
}

/**
 * The head of a word's postings in rank order: positions in its shown postings, and its
 * description-only products, the first `ready` of each (all of them, or at least ORDER_HEAD).
 */
interface RankedOrder {
  version: number;
  shown: Int32Array;
  shownN: number;
  describedN: number;
  described: Int32Array;
  ready: number;
}

/**
 * How much of a word's postings is put in rank order at first: streaming a page rarely reads
 * further, and picking the best few hundred of 100,000 postings is one pass where sorting them
 * all was a query's worst cost the first time its word was seen (up to ~200 ms at 1,000,000).
 */
const ORDER_HEAD = 512;

/**
 * Below this many products for the word with most matches, ranking every match is as quick as
 * streaming them in rank order (and needs no ordered copy of its postings).
 */
export const STREAM_FROM = 2000;

/**
 * Totals are exact up to this many products, and estimated past it (only queries whose wide word
 * is streamed, see searchStreamed, count past it): no results page goes deeper than 6,000
 * products (the route's limit, read-api/src/catalog/search.ts, is this constant), so its page count stays exact, and the estimate saves reading
 * every one of a wide word's tens of thousands of products only to count them.
 */
export const EXACT_TOTAL = 6000;
/** Past EXACT_TOTAL, the total is estimated from the products of the first of this many ranges of slots. */
const TOTAL_SLICES = 64;
/** Common words whose per-product scores are kept (4 bytes a product each). */
const EXTRA_CACHE = 8;

interface Expansion {
  terms: Int32Array;
  quality: Float32Array;
  /** Per term, 1 when its description-only products are searched too (see FILL_IN_DESCRIPTION_FROM). */
  described: Uint8Array;
  well: boolean;
}

/** The location set of a slot no longer in service (see SearchIndex.locationSet). */
const DEAD_SET = 0;

/** Set bits of a byte (which query words a product matched). */
const BITS = Uint8Array.from({ length: 256 }, (_, b) => b.toString(2).replace(/0/g, '').length);

/** Set bits of a 32-bit number. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/**
 * The letters of a word as bits (a–z one each; digits and other letters share the last six).
 * Each edit removes at most one letter from a word's set, so a word missing more of the query
 * word's letters than the edits allowed cannot match it: one AND per vocabulary word rules out
 * nearly all of them before any distance is computed.
 */
function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    mask |= 1 << (c >= 97 && c <= 122 ? c - 97 : 26 + (c % 6));
  }
  return mask;
}

/**
 * An in-memory inverted index over product words, with typo, prefix, inner-word and synonym
 * matching. Products are ranked by how many query words they match, then by how well (match
 * quality × field weight, summed), then by popularity and newness, so filler words can never
 * empty a result and a typo never outranks the word spelt right.
 *
 * Memory is kept flat (typed arrays of postings, per-product numbers in arrays): a revised
 * product gets a new slot and the old one is skipped until a compaction drops it.
 */
export class SearchIndex {
  private readonly synonyms: Map<string, string[]>;
  // Vocabulary.
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  private readonly postings: Postings[] = [];
  private readonly described: DocList[] = [];
  private readonly termFields: number[] = [];
  private readonly termMasks: number[] = [];
  private sortedTerms: number[] | null = null;
  private readonly expansions = new Map<string, Expansion>();
  // Products, by slot.
  private ids: string[] = [];
  private cats: number[] = [];
  private popularity: number[] = [];
  private dates: number[] = [];
  /**
   * Each slot's location set (interned), or DEAD_SET for a slot no longer in service: one
   * lookup in a per-query table (see usableSets) tells whether a product can be shown, where
   * reading `alive` and then the set took two scattered reads per posting in the hot loops.
   */
  private locationSet = new Int32Array(1024);
  private fingerprints: number[] = [];
  private alive = new Uint8Array(1024);
  private readonly slots = new Map<string, number>();
  private dead = 0;
  // Categories and location sets, interned.
  private readonly catSlots = new Map<string, number>();
  private readonly catIds: string[] = [];
  private readonly catNames: string[] = [];
  /** Interned location sets; the first is DEAD_SET (no codes: shown nowhere). */
  private readonly locationSets: string[][] = [[]];
  private readonly locationSetIds = new Map<string, number>();
  private readonly popularCache = new Map<string, string[]>();
  /** Each word's postings in rank order (see rankedOrder), built when first needed. */
  private readonly rankedOrders = new Map<number, RankedOrder>();
  /** Moves when slots are renumbered: every ranked order is stale then. */
  private orderVersion = 0;
  // Scratch space for scoring, reused by every query (search is synchronous).
  private wordBest = new Float32Array(1024);
  private score = new Float32Array(1024);
  /** Which query words a product matched, as bits. */
  private matched = new Uint8Array(1024);
  private rank = new Float64Array(1024);
  private hits = new Int32Array(1024);
  private touched = new Int32Array(1024);

  /** See STREAM_FROM (tests compare both ways). */
  private readonly streamFrom: number;
  /** Totals are exact up to this many products (see EXACT_TOTAL; tests and benchmarks set Infinity). */
  readonly exactTotal: number;
  /** Common query words' best match per product (see extraScores), the last few asked for. */
  private readonly extraCache = new Map<string, { version: number; postings: number; size: number; scores: Float32Array }>();

  constructor(synonymGroups: readonly (readonly string[])[] = SYNONYM_GROUPS, options: { streamFrom?: number; exactTotal?: number } = {}) {
    this.synonyms = synonymTable(synonymGroups);
    this.streamFrom = options.streamFrom ?? STREAM_FROM;
    this.exactTotal = options.exactTotal ?? EXACT_TOTAL;
  }

  /** Live products in the index. */
  get size(): number {
    return this.slots.size;
  }

  /** Forgets a product (unpublished): it is found by no query and counted in no total. */
  remove(productId: string): void {
    const slot = this.slots.get(productId);
    if (slot === undefined) return;
    this.popularCache.clear();
    this.alive[slot] = 0;
    this.locationSet[slot] = DEAD_SET;
    this.dead++;
    this.slots.delete(productId);
    if (this.dead > 1000 && this.dead * 4 > this.ids.length) this.compact();
  }

  /** Adds a product or replaces what the index knows of it. */
  upsert(product: SearchableProduct): void {
    this.popularCache.clear();
    const fingerprint = hash(`${product.name}\u0000${product.brand}\u0000${product.catId}\u0000${product.catName}\u0000${product.subCatName}\u0000${product.description}`);
    const existing = this.slots.get(product.id);
    if (existing !== undefined && this.fingerprints[existing] === fingerprint) {
      // Same words (a review or a location change): update in place, no new slot.
      const pop = popularity(product);
      const date = Date.parse(product.dateCreated) || 0;
      // Its words' ranked orders are stale now (and only theirs).
      if (pop !== this.popularity[existing] || date !== this.dates[existing]) for (const word of productWords(product).keys()) this.rankedOrders.delete(this.termIds.get(word)!);
      this.popularity[existing] = pop;
      this.dates[existing] = date;
      this.locationSet[existing] = this.internLocations(product.locationCodes);
      return;
    }
    if (existing !== undefined) {
      this.alive[existing] = 0;
      this.locationSet[existing] = DEAD_SET;
      this.dead++;
    }
    const slot = this.ids.length;
    this.ids.push(product.id);
    this.cats.push(this.internCategory(product.catId, product.catName));
    this.popularity.push(popularity(product));
    this.dates.push(Date.parse(product.dateCreated) || 0);
    this.fingerprints.push(fingerprint);
    this.ensureCapacity(slot + 1);
    this.locationSet[slot] = this.internLocations(product.locationCodes);
    this.alive[slot] = 1;
    this.slots.set(product.id, slot);

    for (const [word, mask] of productWords(product)) {
      const term = this.termId(word);
      if (mask === DESCRIPTION) this.described[term]!.push(slot);
      else this.postings[term]!.push(slot, mask);
      this.termFields[term]! |= mask;
    }
    if (this.dead > 1000 && this.dead * 4 > this.ids.length) this.compact();
  }

  /** One page of the products matching `query`, best first. */
  search(query: string, options: SearchOptions): SearchPage {
    const words = queryWords(query);
    const allowed = this.allowedLocations(options.location);
    const expansions = words.map((word) => this.onTopic(word, this.expand(word)));
    const poorlyMatched = words.filter((_, i) => !expansions[i]!.well);
    const offset = options.offset ?? 0;
    const fast = this.searchStreamed(expansions, allowed, offset + options.limit);
    if (fast) return { ids: fast.top.slice(offset).map((doc) => this.ids[doc]!), total: fast.total, words, poorlyMatched };
    let count = this.collect(expansions, allowed, true);
    // Only common words matched: then they are all there is to go by.
    if (count === 0) count = this.collect(expansions, allowed, false);
    const { touched, matched, score, rank, popularity } = this;
    for (let i = 0; i < count; i++) {
      const doc = touched[i]!;
      rank[doc] = BITS[matched[doc]!]! * 1000 + score[doc]! * 10 + popularity[doc]! * 0.01;
    }
    const top = topK(touched, count, offset + options.limit, rank, this.dates);
    for (let i = 0; i < count; i++) {
      const doc = touched[i]!;
      matched[doc] = 0;
      score[doc] = 0;
    }
    return { ids: top.slice(offset).map((doc) => this.ids[doc]!), total: count, words, poorlyMatched };
  }

  /**
   * The best `k` products of a query whose widest word (the one matching most products) is
   * wide, without ranking all that word's products: the other words' products are ranked in
   * full as usual, then the wide word's products are read in rank order (each of its words'
   * postings kept sorted by field, popularity and newness, see rankedOrder) until k products
   * only it found are in hand: those rank by that one match, so no later one can beat them.
   * The page is the one ranking everything gives.
   *
   * With a common word too ("gift …", see COMMON_SHARE and DESCRIPTION_CAP), a product only the
   * wide word found can still gain that word's rank: one pass over the wide word's products
   * looks each up in the common word's scores per product (see extraScores) and ranks in full
   * those it matches; the rest are streamed as above. When only common words match, each is
   * streamed, and the products two of them match are found the same way.
   *
   * `total` is counted in one plain pass over the wide word's products, exactly up to
   * EXACT_TOTAL and estimated past it from the share of the products read so far that counted.
   * Null when the query has no wide word (the plain way is as quick).
   */
  private searchStreamed(expansions: Expansion[], allowed: Uint8Array, k: number): { top: number[]; total: number } | null {
    if (k <= 0) return null;
    // When only common words match, they are all there is to go by (see search), and each is
    // streamed (below).
    let capped = true;
    let kinds = this.wordKinds(expansions, true);
    if (kinds.every((kind) => kind.common || kind.shown + kind.described === 0)) {
      capped = false;
      kinds = this.wordKinds(expansions, false);
    }
    let wide = -1;
    let wideSize = 0;
    for (let w = 0; w < expansions.length; w++) {
      const { shown, described, common, skipDescribed } = kinds[w]!;
      const size = shown + (skipDescribed ? 0 : described);
      if (!common && size > wideSize) {
        wide = w;
        wideSize = size;
      }
    }
    if (wide === -1 || wideSize < this.streamFrom) return null;
    const sizeOf = (w: number) => kinds[w]!.shown + (kinds[w]!.skipDescribed ? 0 : kinds[w]!.described);
    // The words streamed: the wide one (the other words' products are ranked in full by
    // collect), or when only common words match, each that matches (smallest first).
    const streamWords = capped ? [wide] : expansions.map((_, w) => w).filter((w) => sizeOf(w) > 0).sort((a, b) => sizeOf(a) - sizeOf(b));
    let count = capped ? this.collect(expansions, allowed, true, wide) : 0;
    const { matched, score, rank, popularity, dates, locationSet, wordBest } = this;
    // Each streamed word's lists, each read from its head in rank order.
    // (`slots`: the list's products in slot order, ascending; `fields` follow it.)
    // (`ready`: how much of `order` is known; see ORDER_HEAD.)
    const lists: { word: number; term: number; docs: Int32Array; order: Int32Array; ready: number; slots: Int32Array; n: number; fields: Uint8Array | null; q: number; at: number }[] = [];
    for (const word of streamWords) {
      const { terms, quality } = expansions[word]!;
      for (let e = 0; e < terms.length; e++) {
        const order = this.rankedOrder(terms[e]!);
        const postings = this.postings[terms[e]!]!;
        if (postings.n > 0) lists.push({ word, term: terms[e]!, docs: postings.docs, order: order.shown, ready: order.shown.length, slots: postings.docs, n: postings.n, fields: postings.fields, q: quality[e]!, at: 0 });
        const list = this.described[terms[e]!]!;
        if (!kinds[word]!.skipDescribed && expansions[word]!.described[e] === 1 && list.n > 0) lists.push({ word, term: terms[e]!, docs: order.described, order: order.described, ready: order.described.length, slots: list.docs, n: list.n, fields: null, q: quality[e]!, at: 0 });
      }
    }
    const usable = (doc: number) => allowed[locationSet[doc]!] === 1;
    // Products a streamed word finds that another word matches too rank above those only it
    // finds, so those are ranked in full: one pass over the streamed word's products looks each
    // up in the other words' scores per product (see extraScores). Those other words are the
    // common ones, which only add to the rank of products found otherwise (the wide word first,
    // then they, as ranking everything adds them), or, when only common words match, the
    // larger streamed words (in query order).
    const joins: { word: number; partners: number[]; order: number[] }[] = [];
    if (capped) {
      const extras = expansions.map((_, w) => w).filter((w) => w !== wide && kinds[w]!.skipDescribed);
      if (extras.length > 0) joins.push({ word: wide, partners: extras, order: [wide, ...extras] });
    } else {
      for (let i = 0; i + 1 < streamWords.length; i++) {
        const partners = streamWords.slice(i + 1);
        joins.push({ word: streamWords[i]!, partners, order: [streamWords[i]!, ...partners].sort((a, b) => a - b) });
      }
    }
    const scoresOf = new Map<number, Float32Array>();
    for (const { partners } of joins) for (const w of partners) if (!scoresOf.has(w)) scoresOf.set(w, this.extraScores(queryKey(expansions[w]!), expansions[w]!, !capped || kinds[w]!.common));
    for (const { word, partners, order } of joins) {
      const others = partners.map((w) => scoresOf.get(w)!);
      // The products also found by a partner, in the `hits` scratch list (free here: collect is done).
      let joined = 0;
      for (const l of lists) {
        if (l.word !== word) continue;
        for (let at = 0; at < l.n; at++) {
          const doc = l.slots[at]!;
          // A partner's score first: most of the wide word's products have none, and each
          // check is a read far from the last one (at 1,000,000 these reads are the cost).
          let also = false;
          for (let o = 0; o < others.length; o++) if (others[o]![doc]! > 0) also = true;
          if (!also || matched[doc] !== 0 || !usable(doc)) continue;
          const s = Math.fround(l.q * FIELD_WEIGHT[l.fields ? l.fields[at]! : DESCRIPTION]!);
          if (wordBest[doc] === 0) joined = this.hit(joined, doc);
          if (s > wordBest[doc]!) wordBest[doc] = s;
        }
      }
      const orderScores = order.map((w) => (w === word ? wordBest : scoresOf.get(w)!));
      const orderBits = order.map((w) => 1 << w);
      const hits = this.hits;
      for (let j = 0; j < joined; j++) {
        const doc = hits[j]!;
        let bits = 0;
        let sum = 0;
        for (let o = 0; o < orderScores.length; o++) {
          const scores = orderScores[o]!;
          if (doc < scores.length && scores[doc]! > 0) {
            bits |= orderBits[o]!;
            // Summed in single precision, as `score` adds them one by one.
            sum = Math.fround(sum + scores[doc]!);
          }
        }
        matched[doc] = bits;
        score[doc] = sum;
        wordBest[doc] = 0;
        if (count === this.touched.length) this.touched = grow(this.touched);
        this.touched[count++] = doc;
      }
    }
    for (let i = 0; i < count; i++) {
      const doc = this.touched[i]!;
      rank[doc] = BITS[matched[doc]!]! * 1000 + score[doc]! * 10 + popularity[doc]! * 0.01;
    }
    const docAt = (l: (typeof lists)[number], at: number) => (l.fields ? l.docs[l.order[at]!]! : l.order[at]!);
    const keyAt = (l: (typeof lists)[number], at: number, doc: number) =>
      1000 + Math.fround(l.q * FIELD_WEIGHT[l.fields ? l.fields[l.order[at]!]! : DESCRIPTION]!) * 10 + popularity[doc]! * 0.01;
    const streamed: number[] = [];
    for (;;) {
      // The list whose head ranks first (newer, then lower slot, among equals), past products that cannot be shown.
      let pick = -1;
      let pickKey = -Infinity;
      let pickDoc = -1;
      for (let i = 0; i < lists.length; i++) {
        const l = lists[i]!;
        for (;;) {
          if (l.at === l.ready && l.ready < l.n) {
            // Read past the ordered head: order eight times as much.
            const order = this.rankedOrder(l.term, l.ready * 8);
            l.order = l.fields ? order.shown : order.described;
            if (!l.fields) l.docs = order.described;
            l.ready = l.order.length;
          }
          if (l.at === l.n || usable(docAt(l, l.at))) break;
          l.at++;
        }
        if (l.at === l.n) continue;
        const doc = docAt(l, l.at);
        const key = keyAt(l, l.at, doc);
        if (key > pickKey || (key === pickKey && (dates[doc]! > dates[pickDoc]! || (dates[doc] === dates[pickDoc] && doc < pickDoc)))) {
          pick = i;
          pickKey = key;
          pickDoc = doc;
        }
      }
      if (pick === -1) break;
      // The stream is in rank order: the first k products only this word found are its best.
      if (streamed.length >= k) break;
      const l = lists[pick]!;
      const first = Math.fround(l.q * FIELD_WEIGHT[l.fields ? l.fields[l.order[l.at]!]! : DESCRIPTION]!);
      l.at++;
      // Found already: by another word (ranked in full above), or earlier in this stream (at its best).
      if (matched[pickDoc] !== 0 || wordBest[pickDoc] !== 0) continue;
      wordBest[pickDoc] = 1;
      streamed.push(pickDoc);
      rank[pickDoc] = 1000 + first * 10 + popularity[pickDoc]! * 0.01;
    }
    const ranked = streamed.length;
    // The total: the wide word's usable products not found otherwise, once each, counted
    // exactly up to the bound; past it, the rest of the lists are assumed to hold such products
    // at the rate read so far. The lists are read a range of slots at a time, so the part read
    // is a sample of them all, and a product in two of them is met twice within it.
    for (const l of lists) l.at = 0;
    let total = count;
    // No product found otherwise (a one-word query, mostly): no need to read `matched` per posting.
    const anyMatched = count > 0;
    const single = lists.length === 1;
    const bound = this.exactTotal;
    let postings = 0;
    for (const l of lists) postings += l.n;
    let read = 0;
    let cut = false;
    for (let slice = 1; slice <= TOTAL_SLICES && !cut; slice++) {
      const below = slice === TOTAL_SLICES ? Infinity : Math.ceil((slice * this.ids.length) / TOTAL_SLICES);
      for (const l of lists) {
        const from = l.at;
        let at = from;
        for (; at < l.n; at++) {
          const doc = l.slots[at]!;
          if (doc >= below) break;
          if ((anyMatched && matched[doc] !== 0) || !usable(doc)) continue;
          if (single) total++;
          else if (wordBest[doc] !== 2) {
            if (wordBest[doc] === 0) streamed.push(doc);
            wordBest[doc] = 2;
            total++;
          }
        }
        l.at = at;
        read += at - from;
      }
      // (At least `bound` of its own counted, so an estimate rests on as many.)
      if (total - count > bound && read < postings) cut = true;
    }
    if (cut) total = count + Math.round(((total - count) * postings) / read);
    // (Copied, not spread: `count` reaches the hundreds of thousands for "gift …" queries.)
    const candidates = new Int32Array(count + ranked);
    candidates.set(this.touched.subarray(0, count));
    for (let i = 0; i < ranked; i++) candidates[count + i] = streamed[i]!;
    const top = total === 0 ? [] : topK(candidates, candidates.length, k, rank, dates);
    for (let i = 0; i < count; i++) {
      const doc = this.touched[i]!;
      matched[doc] = 0;
      score[doc] = 0;
    }
    for (const doc of streamed) wordBest[doc] = 0;
    // No word found anything: the plain way then goes by the common words.
    return total === 0 ? null : { top, total };
  }

  /**
   * How well a common query word matches each product (0: not at all), as ranking everything
   * adds it (see rankFound): its description-only matches, and with `shown` its other matches
   * too. One pass over its postings (a few hundred thousand at 1,000,000 products), kept for the
   * last EXTRA_CACHE words until their postings change or slots are renumbered; 4 bytes a product.
   */
  private extraScores(key: string, { terms, quality, described: describedToo }: Expansion, shown: boolean): Float32Array {
    let postingsN = 0;
    for (let e = 0; e < terms.length; e++) postingsN += this.postings[terms[e]!]!.n + this.described[terms[e]!]!.n;
    const cacheKey = `${shown ? 1 : 0}${key}`;
    const cached = this.extraCache.get(cacheKey);
    if (cached && cached.version === this.orderVersion && cached.postings === postingsN && cached.size === this.ids.length) return cached.scores;
    const scores = new Float32Array(this.ids.length);
    for (let e = 0; e < terms.length; e++) {
      const q = quality[e]!;
      if (shown) {
        const { docs, fields, n } = this.postings[terms[e]!]!;
        for (let k = 0; k < n; k++) {
          const s = q * FIELD_WEIGHT[fields[k]!]!;
          if (s > scores[docs[k]!]!) scores[docs[k]!] = s;
        }
      }
      if (describedToo[e] !== 1) continue;
      const { docs, n } = this.described[terms[e]!]!;
      const s = q * FIELD_WEIGHT[DESCRIPTION]!;
      for (let k = 0; k < n; k++) if (s > scores[docs[k]!]!) scores[docs[k]!] = s;
    }
    this.extraCache.delete(cacheKey);
    if (this.extraCache.size >= EXTRA_CACHE) this.extraCache.delete(this.extraCache.keys().next().value!);
    this.extraCache.set(cacheKey, { version: this.orderVersion, postings: postingsN, size: this.ids.length, scores });
    return scores;
  }

  /**
   * A word's postings in rank order (field weight, then popularity, then newness, then slot),
   * kept until its postings grow, one of its products' popularity or date changes, or a compaction.
   */
  private rankedOrder(term: number, need = ORDER_HEAD): RankedOrder {
    const postings = this.postings[term]!;
    const described = this.described[term]!;
    const cached = this.rankedOrders.get(term);
    if (cached && cached.version === this.orderVersion && cached.shownN === postings.n && cached.describedN === described.n && cached.ready >= need) return cached;
    const { popularity, dates } = this;
    const byRank = (a: number, b: number) => popularity[b]! - popularity[a]! || dates[b]! - dates[a]! || a - b;
    const { docs, fields } = postings;
    // (The leads: field weight ×1000 outweighs any popularity, rating ≤ 5 + half the log of the reviews.)
    const shown = firstInOrder(
      postings.n,
      need,
      (a, b) => FIELD_WEIGHT[fields[b]!]! - FIELD_WEIGHT[fields[a]!]! || byRank(docs[a]!, docs[b]!),
      (k) => FIELD_WEIGHT[fields[k]!]! * 1000 + popularity[docs[k]!]!,
    );
    const head = firstInOrder(
      described.n,
      need,
      (a, b) => byRank(described.docs[a]!, described.docs[b]!),
      (k) => popularity[described.docs[k]!]!,
    );
    const order = { version: this.orderVersion, shown, shownN: postings.n, describedN: described.n, described: head.map((k) => described.docs[k]!), ready: need };
    this.rankedOrders.set(term, order);
    return order;
  }

  /**
   * Scores the products the query words match into `score` and `matched` (bits of the words)
   * and lists them in `touched`; returns how many. With `capped`, the matches of common words
   * (see COMMON_SHARE), and the description-only matches of words common in descriptions (see
   * DESCRIPTION_CAP), only add to the rank of products found otherwise.
   */
  private collect(expansions: Expansion[], allowed: Uint8Array, capped: boolean, streamed = -1): number {
    const { wordBest, matched, score, locationSet } = this;
    let count = 0;
    const kinds = this.wordKinds(expansions, capped);
    const later: { w: number; shown: boolean }[] = [];
    for (let w = 0; w < expansions.length; w++) {
      const { terms, quality, described } = expansions[w]!;
      const { common, skipDescribed } = kinds[w]!;
      if (skipDescribed) later.push({ w, shown: common });
      if (common || w === streamed) continue;
      let hit = 0;
      for (let e = 0; e < terms.length; e++) {
        const q = quality[e]!;
        const { docs, fields, n } = this.postings[terms[e]!]!;
        for (let k = 0; k < n; k++) {
          const doc = docs[k]!;
          if (allowed[locationSet[doc]!] !== 1) continue;
          const s = q * FIELD_WEIGHT[fields[k]!]!;
          if (s > wordBest[doc]!) {
            if (wordBest[doc] === 0) hit = this.hit(hit, doc);
            wordBest[doc] = s;
          }
        }
        if (skipDescribed || described[e] !== 1) continue;
        const list = this.described[terms[e]!]!;
        const s = q * FIELD_WEIGHT[DESCRIPTION]!;
        for (let k = 0; k < list.n; k++) {
          const doc = list.docs[k]!;
          if (allowed[locationSet[doc]!] !== 1) continue;
          if (s > wordBest[doc]!) {
            if (wordBest[doc] === 0) hit = this.hit(hit, doc);
            wordBest[doc] = s;
          }
        }
      }
      const hits = this.hits;
      for (let i = 0; i < hit; i++) {
        const doc = hits[i]!;
        if (matched[doc] === 0) {
          if (count === this.touched.length) this.touched = grow(this.touched);
          this.touched[count++] = doc;
        }
        matched[doc]! |= 1 << w;
        score[doc]! += wordBest[doc]!;
        wordBest[doc] = 0;
      }
    }
    // The streamed word's matches among these products, in the place collecting it would have had.
    if (count > 0 && streamed >= 0) this.rankFound(expansions[streamed]!, 1 << streamed, count, true, !kinds[streamed]!.skipDescribed);
    if (count > 0) for (const { w, shown } of later) this.rankFound(expansions[w]!, 1 << w, count, shown);
    return count;
  }

  /**
   * How many products each query word's matches reach, and so how each is used: with `capped`,
   * a common word (see COMMON_SHARE) only adds to the rank of products found otherwise, and so do
   * the description-only matches of a common word or of one common in descriptions (DESCRIPTION_CAP).
   */
  private wordKinds(expansions: Expansion[], capped: boolean): { shown: number; described: number; common: boolean; skipDescribed: boolean }[] {
    const commonAbove = Math.max(DESCRIPTION_CAP, COMMON_SHARE * this.slots.size);
    return expansions.map(({ terms, described: describedToo }) => {
      let shown = 0;
      let described = 0;
      for (let e = 0; e < terms.length; e++) {
        shown += this.postings[terms[e]!]!.n;
        if (describedToo[e] === 1) described += this.described[terms[e]!]!.n;
      }
      const common = capped && shown + described > commonAbove;
      return { shown, described, common, skipDescribed: capped && (common || described > DESCRIPTION_CAP) };
    });
  }

  /**
   * Adds a common word's matches (description-only ones, and with `shown` the others too) to
   * the products already found (the first `count` of `touched`).
   */
  private rankFound({ terms, quality, described: describedToo }: Expansion, bit: number, count: number, shown: boolean, described = true): void {
    const { wordBest, matched, score } = this;
    const found = this.touched.subarray(0, count);
    let sorted: Int32Array | null = null;
    let hit = 0;
    const consider = (doc: number, s: number) => {
      if (matched[doc] === 0 || matched[doc]! & bit || s <= wordBest[doc]!) return;
      if (wordBest[doc] === 0) hit = this.hit(hit, doc);
      wordBest[doc] = s;
    };
    const add = (docs: Int32Array, n: number, fields: Uint8Array | null, q: number) => {
      if (count * 16 < n) {
        // Few products found: look each up in the (ascending) list instead of reading it whole.
        sorted ??= Int32Array.from(found).sort();
        let lo = 0;
        for (let i = 0; i < sorted.length && lo < n; i++) {
          const doc = sorted[i]!;
          let hi = n;
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (docs[mid]! < doc) lo = mid + 1;
            else hi = mid;
          }
          if (lo < n && docs[lo] === doc) consider(doc, q * FIELD_WEIGHT[fields ? fields[lo]! : DESCRIPTION]!);
        }
      } else for (let k = 0; k < n; k++) consider(docs[k]!, q * FIELD_WEIGHT[fields ? fields[k]! : DESCRIPTION]!);
    };
    for (let e = 0; e < terms.length; e++) {
      if (shown) {
        const { docs, fields, n } = this.postings[terms[e]!]!;
        add(docs, n, fields, quality[e]!);
      }
      if (!described || describedToo[e] !== 1) continue;
      const { docs, n } = this.described[terms[e]!]!;
      add(docs, n, null, quality[e]!);
    }
    const hits = this.hits;
    for (let i = 0; i < hit; i++) {
      const doc = hits[i]!;
      matched[doc]! |= bit;
      score[doc]! += wordBest[doc]!;
      wordBest[doc] = 0;
    }
  }

  /** Appends `doc` to the scratch list of this word's hits. */
  private hit(n: number, doc: number): number {
    if (n === this.hits.length) this.hits = grow(this.hits);
    this.hits[n] = doc;
    return n + 1;
  }

  /**
   * "Did you mean" queries: the query with each poorly matched word replaced by the closest real
   * words of the catalog (names, brands and categories first), at most `count`.
   */
  didYouMean(query: string, count = 3): string[] {
    const original = textWords(query).map((w) => w.slice(0, MAX_WORD_LENGTH));
    const poor = new Set(original.filter((w) => !STOPWORDS.has(w) && !this.expand(w).well));
    if (poor.size === 0) return [];
    const closest = new Map([...poor].map((w) => [w, this.closestWords(w, count)]));
    // Alternatives for the first word that has close real words; later poor words take their
    // closest word, or are left out when they have none.
    const first = original.find((w) => closest.get(w)?.length);
    if (first === undefined) return [];
    const out: string[] = [];
    for (const choice of closest.get(first)!) {
      const words = original.flatMap((w) => (w === first ? [choice] : poor.has(w) ? closest.get(w)!.slice(0, 1) : [w]));
      const suggestion = words.join(' ');
      if (!out.includes(suggestion)) out.push(suggestion);
    }
    return out.slice(0, count);
  }

  /**
   * Popular products of the category nearest to `query` (that of the best match of the query or
   * of its first "Did you mean"), or of the whole shop when no category is near.
   */
  fallback(query: string, options: { location?: string; limit: number }): { catId: string | null; catName: string | null; ids: string[] } {
    const tries = [...this.didYouMean(query, 1), query];
    let category: number | null = null;
    for (const attempt of tries) {
      const [best] = this.search(attempt, { location: options.location, limit: 1 }).ids;
      if (best !== undefined) {
        category = this.cats[this.slots.get(best)!]!;
        break;
      }
    }
    return {
      catId: category === null ? null : this.catIds[category]!,
      catName: category === null ? null : this.catNames[category]!,
      ids: this.popular(category, options.location, options.limit),
    };
  }

  /** The most popular products of a category (or of the shop), newest first among equals. */
  popular(category: number | null, location: string | undefined, limit: number): string[] {
    const key = `${category}|${location ?? ''}|${limit}`;
    const cached = this.popularCache.get(key);
    if (cached) return cached;
    const allowed = this.allowedLocations(location);
    const candidates: number[] = [];
    for (let doc = 0; doc < this.ids.length; doc++) {
      if (allowed[this.locationSet[doc]!] !== 1 || (category !== null && this.cats[doc] !== category)) continue;
      candidates.push(doc);
    }
    const ids = topK(candidates, candidates.length, limit, this.popularity, this.dates).map((doc) => this.ids[doc]!);
    this.popularCache.set(key, ids);
    return ids;
  }

  /** Every vocabulary word that matches a query word, with how well. Cached per word. */
  private expand(word: string): Expansion {
    const cached = this.expansions.get(word);
    if (cached) return cached;
    const found = new Map<number, number>();
    this.matchWord(word, 1, true, found);
    const own = new Set(found.keys());
    const syns = this.synonyms.get(word) ?? this.synonyms.get(singular(word)) ?? [];
    for (const synonym of syns) this.matchWord(synonym, SYNONYM_FACTOR, false, found);
    const terms = Int32Array.from(found.keys());
    const quality = Float32Array.from(found.values());
    // A synonym finds the products named by it (or branded, or in a category of it), not every
    // description that uses it: "trainer" in a protein powder's text is no answer to "shoe".
    const described = Uint8Array.from(terms, (term) => (own.has(term) ? 1 : 0));
    const expansion = { terms, quality, described, well: quality.some((q) => q >= WELL - 1e-6) };
    if (this.expansions.size >= EXPANSION_CACHE) this.expansions.delete(this.expansions.keys().next().value!);
    this.expansions.set(word, expansion);
    return expansion;
  }

  /**
   * What a query word searches for: its real matches (see REAL_MATCH), and its fill-ins only
   * while the real ones reach few products (FILL_IN_BELOW), scaled below every real match and,
   * for a short word, never through descriptions alone. Decided per query from the postings as
   * they are now (the expansion is cached, the products its words reach are not).
   */
  private onTopic(word: string, expansion: Expansion): Expansion {
    const { terms, quality, described } = expansion;
    let fillIns = 0;
    let reached = 0;
    for (let e = 0; e < terms.length; e++) {
      if (quality[e]! >= REAL_MATCH - 1e-6) reached += this.postings[terms[e]!]!.n + (described[e] === 1 ? this.described[terms[e]!]!.n : 0);
      else fillIns++;
    }
    if (fillIns === 0) return expansion;
    const keep = reached < FILL_IN_BELOW;
    const describedFillIns = word.length >= FILL_IN_DESCRIPTION_FROM;
    const kept = keep ? terms.length : terms.length - fillIns;
    const out = { terms: new Int32Array(kept), quality: new Float32Array(kept), described: new Uint8Array(kept), well: expansion.well };
    let at = 0;
    for (let e = 0; e < terms.length; e++) {
      const real = quality[e]! >= REAL_MATCH - 1e-6;
      if (!real && !keep) continue;
      out.terms[at] = terms[e]!;
      out.quality[at] = real ? quality[e]! : quality[e]! * FILL_IN_FACTOR;
      out.described[at++] = described[e] === 1 && (real || describedFillIns) ? 1 : 0;
    }
    return out;
  }

  /**
   * Adds the vocabulary words matching `word` to `found`. A synonym (`own` false) matches as
   * itself or its plural only: its prefixes and inner words were the shopper's word's no more
   * than its typos are ("stud" for earrings finding "studio", "tab" for tablets "table").
   */
  private matchWord(word: string, factor: number, own: boolean, found: Map<number, number>): void {
    const add = (term: number | undefined, quality: number) => {
      if (term === undefined) return;
      const q = quality * factor;
      if (q > (found.get(term) ?? 0)) found.set(term, q);
    };
    const length = word.length;
    add(this.termIds.get(word), MATCH_QUALITY.exact);
    const one = singular(word);
    if (one !== word) add(this.termIds.get(one), MATCH_QUALITY.plural);
    add(this.termIds.get(`${one}s`), MATCH_QUALITY.plural);
    add(this.termIds.get(`${one}es`), MATCH_QUALITY.plural);
    if (!own) return;
    if (length >= 2) for (const term of this.withPrefix(word)) add(term, MATCH_QUALITY.prefix);
    if (length < 4) return;
    // A typo may have dropped a letter: a 4-letter query word can be a 5-letter word misspelt.
    const typoLength = length;
    const prefixEdits = allowedEdits(typoLength + 1);
    const mask = letterMask(word);
    const oneMask = letterMask(one);
    const masks = this.termMasks;
    for (let term = 0; term < this.terms.length; term++) {
      const text = this.terms[term]!;
      const edits = allowedEdits(Math.max(typoLength, text.length));
      if (text.length < length - edits) continue;
      // Missing more of the word's letters than edits allow (and not holding its singular whole).
      const termMask = masks[term]!;
      if (popcount(mask & ~termMask) > Math.max(edits, prefixEdits) && (oneMask & ~termMask) !== 0) continue;
      // Inner words: `phone` in smartphone, `watch` in smartwatch.
      if (length >= 4 && text.length > length && (text.includes(word) || (one.length >= 4 && text.includes(one)))) {
        add(term, MATCH_QUALITY.infix);
        continue;
      }
      if (edits === 0 && prefixEdits === 0) continue;
      const d = boundedDistances(word, text, Math.max(edits, prefixEdits));
      if (d.full >= 1 && d.full <= edits) add(term, d.full === 1 ? MATCH_QUALITY.oneEdit : MATCH_QUALITY.twoEdits);
      else if (d.prefix >= 1 && d.prefix <= prefixEdits && text.length > length) add(term, d.prefix === 1 ? MATCH_QUALITY.oneEditPrefix : MATCH_QUALITY.twoEditsPrefix);
    }
  }

  /** Term ids of the vocabulary words that start with `prefix` (binary search in sorted order). */
  private withPrefix(prefix: string): number[] {
    if (!this.sortedTerms) this.sortedTerms = [...this.terms.keys()].sort((a, b) => (this.terms[a]! < this.terms[b]! ? -1 : 1));
    const sorted = this.sortedTerms;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[sorted[mid]!]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: number[] = [];
    for (let i = lo; i < sorted.length && this.terms[sorted[i]!]!.startsWith(prefix); i++) if (this.terms[sorted[i]!] !== prefix) out.push(sorted[i]!);
    return out;
  }

  /** The closest real words to a word: fewest edits, then shown words (not only descriptions), then most used. */
  private closestWords(word: string, count: number): string[] {
    const max = suggestionEdits(word.length);
    const found: { text: string; distance: number; shown: boolean; used: number }[] = [];
    const mask = letterMask(word);
    for (let term = 0; term < this.terms.length; term++) {
      const text = this.terms[term]!;
      if (Math.abs(text.length - word.length) > max || popcount(mask & ~this.termMasks[term]!) > max) continue;
      const { full } = boundedDistances(word, text, max);
      if (full <= max) found.push({ text, distance: full, shown: (this.termFields[term]! & ~DESCRIPTION) !== 0, used: this.postings[term]!.n + this.described[term]!.n });
    }
    found.sort((a, b) => a.distance - b.distance || Number(b.shown) - Number(a.shown) || b.used - a.used || (a.text < b.text ? -1 : 1));
    return found.slice(0, count).map((f) => f.text);
  }

  private termId(word: string): number {
    let id = this.termIds.get(word);
    if (id === undefined) {
      id = this.terms.length;
      this.termIds.set(word, id);
      this.terms.push(word);
      this.postings.push(new Postings());
      this.described.push(new DocList());
      this.termFields.push(0);
      this.termMasks.push(letterMask(word));
      // A new word can match cached query words.
      this.sortedTerms = null;
      this.expansions.clear();
    }
    return id;
  }

  private internCategory(catId: string, catName: string): number {
    let slot = this.catSlots.get(catId);
    if (slot === undefined) {
      slot = this.catIds.length;
      this.catSlots.set(catId, slot);
      this.catIds.push(catId);
      this.catNames.push(catName);
    } else this.catNames[slot] = catName;
    return slot;
  }

  private internLocations(codes: string[]): number {
    const key = [...codes].sort().join(',');
    let id = this.locationSetIds.get(key);
    if (id === undefined) {
      id = this.locationSets.length;
      this.locationSetIds.set(key, id);
      this.locationSets.push(codes);
    }
    return id;
  }

  /**
   * Which location sets a country sees (those listing it or All; every set when no country or
   * All is asked for), as 1s by set: never DEAD_SET, so one lookup also tells a slot is in service.
   */
  private allowedLocations(location: string | undefined): Uint8Array {
    const code = !location || location === 'All' ? null : location.toUpperCase();
    return Uint8Array.from(this.locationSets, (set, id) => (id !== DEAD_SET && (code === null || set.includes(code) || set.includes('All')) ? 1 : 0));
  }

  private ensureCapacity(n: number): void {
    if (n <= this.alive.length) return;
    const size = Math.max(n, this.alive.length * 2);
    const alive = new Uint8Array(size);
    alive.set(this.alive);
    this.alive = alive;
    const locationSet = new Int32Array(size);
    locationSet.set(this.locationSet);
    this.locationSet = locationSet;
    this.wordBest = new Float32Array(size);
    this.score = new Float32Array(size);
    this.matched = new Uint8Array(size);
    this.rank = new Float64Array(size);
  }

  /** Drops the slots of replaced products from every posting list and renumbers the rest. */
  private compact(): void {
    const next = new Int32Array(this.ids.length).fill(-1);
    let live = 0;
    for (let doc = 0; doc < this.ids.length; doc++) if (this.alive[doc]) next[doc] = live++;
    const keep = <T>(list: T[]) => list.filter((_, doc) => next[doc] !== -1);
    this.ids = keep(this.ids);
    this.cats = keep(this.cats);
    this.popularity = keep(this.popularity);
    this.dates = keep(this.dates);
    const sets = this.locationSet;
    for (let doc = 0; doc < next.length; doc++) if (next[doc] !== -1) sets[next[doc]!] = sets[doc]!;
    sets.fill(DEAD_SET, live);
    this.fingerprints = keep(this.fingerprints);
    this.alive.fill(0);
    this.alive.fill(1, 0, live);
    for (const postings of this.postings) {
      let n = 0;
      for (let k = 0; k < postings.n; k++) {
        const doc = next[postings.docs[k]!]!;
        if (doc === -1) continue;
        postings.docs[n] = doc;
        postings.fields[n++] = postings.fields[k]!;
      }
      postings.n = n;
    }
    for (const list of this.described) {
      let n = 0;
      for (let k = 0; k < list.n; k++) {
        const doc = next[list.docs[k]!]!;
        if (doc !== -1) list.docs[n++] = doc;
      }
      list.n = n;
    }
    this.ids.forEach((id, doc) => this.slots.set(id, doc));
    this.dead = 0;
    this.orderVersion++;
  }
}

/** A product's indexed words, each with the fields it occurs in as bits. */
function productWords(product: SearchableProduct): Map<string, number> {
  const fields = new Map<string, number>();
  const add = (text: string, field: number, cap = Infinity) => {
    let count = 0;
    for (const word of textWords(text)) {
      if (count++ >= cap) break;
      if (word.length < 2 || STOPWORDS.has(word)) continue;
      fields.set(word.slice(0, MAX_WORD_LENGTH), (fields.get(word) ?? 0) | field);
    }
  };
  add(product.name, NAME);
  add(product.brand, BRAND);
  add(`${product.catName} ${product.subCatName}`, CATEGORY);
  add(product.description, DESCRIPTION, INDEXED_DESCRIPTION_WORDS);
  return fields;
}

/** The words of a query that are searched for: stop words out, at most eight, each cut to 40 letters. */
export function queryWords(query: string): string[] {
  const words = textWords(query).filter((w) => !STOPWORDS.has(w));
  return [...new Set(words.map((w) => w.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_QUERY_WORDS);
}

function popularity(product: Pick<SearchableProduct, 'rating' | 'numReviews'>): number {
  return product.rating + 0.5 * Math.log10(1 + product.numReviews);
}

/**
 * The `k` best of the first `count` of `docs` by `key[doc]` (higher first), newer first among
 * equals; a bounded heap, not a full sort.
 */
function topK(docs: ArrayLike<number>, count: number, k: number, key: ArrayLike<number>, dates: ArrayLike<number>): number[] {
  const better = (a: number, b: number) => {
    const ka = key[a]!;
    const kb = key[b]!;
    if (ka !== kb) return ka > kb;
    if (dates[a] !== dates[b]) return dates[a]! > dates[b]!;
    return a < b;
  };
  if (k <= 0) return [];
  // Min-heap of the best k so far: its root is the worst of them.
  const heap: number[] = [];
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < heap.length && better(heap[worst]!, heap[l]!)) worst = l;
      if (r < heap.length && better(heap[worst]!, heap[r]!)) worst = r;
      if (worst === i) return;
      [heap[i], heap[worst]] = [heap[worst]!, heap[i]!];
      i = worst;
    }
  };
  // The root's key and date, to turn most candidates away without a call once the heap is full
  // (many share a key: the same words matched alike, the same rating).
  let floor = -Infinity;
  let floorDate = -Infinity;
  for (let d = 0; d < count; d++) {
    const doc = docs[d]!;
    const kd = key[doc]!;
    if (kd < floor || (kd === floor && dates[doc]! < floorDate)) continue;
    if (heap.length < k) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (!better(heap[parent]!, heap[i]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
      if (heap.length === k) {
        floor = key[heap[0]!]!;
        floorDate = dates[heap[0]!]!;
      }
    } else if (better(doc, heap[0]!)) {
      heap[0] = doc;
      down(0);
      floor = key[heap[0]!]!;
      floorDate = dates[heap[0]!]!;
    }
  }
  return heap.sort((a, b) => (better(a, b) ? -1 : 1));
}

/**
 * The first `m` of 0…n-1 in `compare` order (all n when m ≥ n): a bounded heap of the best m
 * so far, then sorted, rather than sorting all n. `lead`, when given, is a number that never
 * puts two in the wrong order (a before b in `compare` order: lead(a) ≥ lead(b)): one below the
 * heap's last is turned away without a comparison (most are, once the heap holds good ones).
 */
function firstInOrder(n: number, m: number, compare: (a: number, b: number) => number, lead?: (k: number) => number): Int32Array {
  if (m >= n) return Int32Array.from({ length: n }, (_, k) => k).sort(compare);
  // Max-heap by `compare`: its root is the last of the best m so far.
  const heap = new Int32Array(m);
  let size = 0;
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let last = i;
      if (l < size && compare(heap[l]!, heap[last]!) > 0) last = l;
      if (r < size && compare(heap[r]!, heap[last]!) > 0) last = r;
      if (last === i) return;
      const t = heap[i]!;
      heap[i] = heap[last]!;
      heap[last] = t;
      i = last;
    }
  };
  let lastLead = -Infinity;
  for (let k = 0; k < n; k++) {
    if (size < m) {
      heap[size] = k;
      for (let i = size++; i > 0; ) {
        const parent = (i - 1) >> 1;
        if (compare(heap[i]!, heap[parent]!) <= 0) break;
        const t = heap[i]!;
        heap[i] = heap[parent]!;
        heap[parent] = t;
        i = parent;
      }
      if (size === m && lead) lastLead = lead(heap[0]!);
    } else if (lead && lead(k) < lastLead) continue;
    else if (compare(k, heap[0]!) < 0) {
      heap[0] = k;
      down(0);
      if (lead) lastLead = lead(heap[0]!);
    }
  }
  return heap.sort(compare);
}

function grow(list: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const bigger = new Int32Array(list.length * 2);
  bigger.set(list);
  return bigger;
}

/** The vocabulary words an expansion holds, as a key. */
function queryKey({ terms, quality, described }: Expansion): string {
  return `${terms.join(',')}|${quality.join(',')}|${described.join('')}`;
}

/** FNV-1a, enough to tell whether a product's words changed. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
