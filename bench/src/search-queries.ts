/**
 * The search-quality query set, generated from a catalog: the queries shoppers type and what
 * each should find. Shared by `npm run bench:search` (prints hit rates) and the quality test
 * (asserts them).
 */
import type { CatalogFile } from '@shop/command-api';
import { searchEntry } from '@shop/projections';
import { SearchIndex, type SearchableProduct } from '@shop/read-api/search/engine';
import { SYNONYM_GROUPS, textWords } from '@shop/read-api/search/text';

export type TypoKind = 'drop' | 'change' | 'swap' | 'double';
export const TYPO_KINDS: TypoKind[] = ['drop', 'change', 'swap', 'double'];

/** A query and how to tell a result that answers it. */
export interface QualityQuery {
  kind: 'name typo' | 'word typo' | 'inner word' | 'synonym' | 'filler words';
  typo?: TypoKind;
  query: string;
  /** True for a product the query is meant to find (checked against the top 10). */
  wanted: (product: SearchableProduct) => boolean;
}

/** The index entries of a catalog file, made by the search projection's own entry builder. */
export function catalogEntries(file: CatalogFile): SearchableProduct[] {
  const names = new Map<string, { catName: string; subCatName: string }>();
  for (const cat of file.categories) for (const sub of cat.subcategories) names.set(sub.id, { catName: cat.name, subCatName: sub.name });
  return file.products.map((p) => {
    const entry = searchEntry(p.id, p, names.get(p.subCatId) ?? { catName: '', subCatName: '' }, p.dateCreated ?? '2025-01-01T00:00:00.000Z', 0);
    return { ...entry, id: entry._id };
  });
}

export function buildIndex(entries: SearchableProduct[]): SearchIndex {
  const index = new SearchIndex();
  for (const entry of entries) index.upsert(entry);
  return index;
}

/** Deterministic small hash, to spread typo positions over words without a random source. */
function spread(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** One typo of a kind, at a position chosen from the word (never the first letter: shoppers rarely miss it). */
export function typo(word: string, kind: TypoKind): string {
  const at = 1 + (spread(`${word}|${kind}`) % (word.length - 1));
  switch (kind) {
    case 'drop':
      return word.slice(0, at) + word.slice(at + 1);
    case 'change': {
      // A neighbouring letter of the alphabet (sound-alike spellings are covered by the other kinds).
      const c = word.charCodeAt(at);
      const changed = c === 122 ? 'y' : String.fromCharCode(c + 1);
      return word.slice(0, at) + changed + word.slice(at + 1);
    }
    case 'swap': {
      const i = Math.min(at, word.length - 2);
      if (word[i] === word[i + 1]) return word.slice(0, i) + word.slice(i + 1, i + 2) + 'x' + word.slice(i + 2);
      return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    }
    case 'double':
      return word.slice(0, at) + word[at] + word.slice(at);
  }
}

const letters = (w: string) => /^\p{L}+$/u.test(w);

/** The whole query set for a catalog. */
export function qualityQueries(entries: SearchableProduct[]): QualityQuery[] {
  const out: QualityQuery[] = [];
  const nameWords = (p: SearchableProduct) => textWords(p.name);

  // 1. Each product's name with one word of 5+ letters misspelt, once per typo kind (the word
  //    chosen in turn); the product itself (or one with the same name) must be in the top 10.
  for (const product of entries) {
    const long = nameWords(product).filter((w) => w.length >= 5 && letters(w));
    if (!long.length) continue;
    TYPO_KINDS.forEach((kind, k) => {
      const words = nameWords(product);
      const target = long[(spread(product.id) + k) % long.length]!;
      const query = words.map((w) => (w === target ? typo(w, kind) : w)).join(' ');
      out.push({ kind: 'name typo', typo: kind, query, wanted: (p) => p.id === product.id || p.name === product.name });
    });
  }

  // 2. Every real word of 5+ letters of names, brands and categories, alone with one typo: must
  //    never come back empty, and a product with that word should lead.
  const realWords = new Set<string>();
  for (const p of entries) for (const w of textWords(`${p.name} ${p.brand} ${p.catName} ${p.subCatName}`)) if (w.length >= 5 && letters(w)) realWords.add(w);
  for (const word of [...realWords].sort()) {
    for (const kind of TYPO_KINDS) {
      out.push({ kind: 'word typo', typo: kind, query: typo(word, kind), wanted: (p) => textWords(`${p.name} ${p.brand} ${p.catName} ${p.subCatName}`).includes(word) });
    }
  }

  // 3. Inner words: a name word of 4+ letters found inside a longer name word (`phone` in
  //    smartphone, `watch` in smartwatch) must find products with the longer word.
  const allNameWords = new Set(entries.flatMap(nameWords).filter(letters));
  for (const inner of [...allNameWords].filter((w) => w.length >= 4).sort()) {
    if (![...allNameWords].some((w) => w.length > inner.length && w.includes(inner) && !w.startsWith(inner))) continue;
    // A product named by the word itself is as good an answer (it ranks above inner matches).
    out.push({ kind: 'inner word', query: inner, wanted: (p) => nameWords(p).some((w) => w.includes(inner)) });
  }

  // 4. Synonyms: a word of a synonym group finds products named by another word of its group.
  for (const group of SYNONYM_GROUPS) {
    for (const word of group) {
      const others = group.filter((o) => o !== word);
      // Products named by the word itself (it ranks them first) or by another word of its group.
      const named = (p: SearchableProduct) => nameWords(p).some((w) => group.some((o) => w === o || w === `${o}s` || w === `${o}es`));
      if (!entries.some((p) => nameWords(p).some((w) => others.some((o) => w === o || w === `${o}s` || w === `${o}es`)))) continue;
      out.push({ kind: 'synonym', query: word, wanted: named });
    }
  }

  // 5. Two words of a product's name among filler words ("gift … for mom"): a product with both
  //    words must be in the top 10.
  const fillers = [(a: string, b: string) => `${a} ${b} for mom`, (a: string, b: string) => `gift ${a} with ${b}`, (a: string, b: string) => `best ${a} ${b} for my dad`];
  entries.forEach((product, i) => {
    if (i % 3) return;
    const words = nameWords(product).filter((w) => w.length >= 4 && letters(w) && !textWords(product.brand).includes(w));
    if (words.length < 2) return;
    const [a, b] = [words[0]!, words[words.length - 1]!];
    out.push({ kind: 'filler words', query: fillers[i % fillers.length]!(a, b), wanted: (p) => nameWords(p).includes(a) && nameWords(p).includes(b) });
  });
  return out;
}

export interface KindFigures {
  kind: string;
  queries: number;
  top10: number;
  empty: number;
}

/** Runs every query against the index; per kind (and per typo kind) how many hit the top 10 and how many came back empty. */
export function measureQuality(index: SearchIndex, entries: SearchableProduct[], queries: QualityQuery[]): { figures: KindFigures[]; misses: QualityQuery[] } {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const figures = new Map<string, KindFigures>();
  const misses: QualityQuery[] = [];
  for (const q of queries) {
    const result = index.search(q.query, { limit: 10 });
    const hit = result.ids.some((id) => q.wanted(byId.get(id)!));
    for (const key of [q.kind, ...(q.typo ? [`${q.kind}: ${q.typo}`] : [])]) {
      const f = figures.get(key) ?? { kind: key, queries: 0, top10: 0, empty: 0 };
      f.queries++;
      if (hit) f.top10++;
      if (result.total === 0) f.empty++;
      figures.set(key, f);
    }
    if (!hit) misses.push(q);
  }
  return { figures: [...figures.values()], misses };
}

/**
 * Category words a shopper types for a kind of thing, each with the catalog's top-level
 * category it belongs to: what the precision figure checks the top 20 against.
 */
export const CATEGORY_WORDS: readonly { query: string; catName: string }[] = [
  { query: 'shoe', catName: 'Footwear' },
  { query: 'sneakers', catName: 'Footwear' },
  { query: 'sandal', catName: 'Footwear' },
  { query: 'kurta', catName: 'Fashion' },
  { query: 'shirt', catName: 'Fashion' },
  { query: 'lipstick', catName: 'Beauty' },
  { query: 'perfume', catName: 'Beauty' },
  { query: 'laptop', catName: 'Electronics' },
  { query: 'watch', catName: 'Electronics' },
  { query: 'necklace', catName: 'Jewellery' },
  { query: 'earring', catName: 'Jewellery' },
  { query: 'backpack', catName: 'Bags' },
  { query: 'wallet', catName: 'Bags' },
  { query: 'tea', catName: 'Groceries' },
  { query: 'dumbbell', catName: 'Wellness' },
  { query: 'toy', catName: 'Toys & Gifts' },
];

export interface PrecisionFigures {
  query: string;
  /** Products in the top 20 (fewer when fewer match). */
  shown: number;
  /** Of those, how many are in the query's own category. */
  onTopic: number;
}

/** Per category word, how many of its top 20 are in its own category (see CATEGORY_WORDS). */
export function measurePrecision(index: SearchIndex, entries: SearchableProduct[]): { perWord: PrecisionFigures[]; share: number } {
  const byId = new Map(entries.map((e) => [e.id, e]));
  const perWord = CATEGORY_WORDS.map(({ query, catName }) => {
    const ids = index.search(query, { limit: 20 }).ids;
    return { query, shown: ids.length, onTopic: ids.filter((id) => byId.get(id)!.catName === catName).length };
  });
  const shown = perWord.reduce((sum, w) => sum + w.shown, 0);
  const onTopic = perWord.reduce((sum, w) => sum + w.onTopic, 0);
  return { perWord, share: onTopic / Math.max(shown, 1) };
}
