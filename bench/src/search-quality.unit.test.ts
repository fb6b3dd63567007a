import { describe, expect, it } from 'vitest';
import { generateCatalog } from '@shop/server/seed/catalog-data';
import { buildIndex, catalogEntries, measurePrecision, measureQuality, qualityQueries } from './search-queries.ts';

/** The search-quality query set of `npm run bench:search`, held to the bar on the demo catalog. */
describe('search quality on the demo catalog', () => {
  const entries = catalogEntries(generateCatalog());
  const index = buildIndex(entries);
  const queries = qualityQueries(entries);
  const { figures } = measureQuality(index, entries, queries);
  const kind = (name: string) => figures.find((f) => f.kind === name)!;

  it('finds the product in the top 10 for at least 95% of product names with one typo, of every kind', () => {
    for (const name of ['name typo', 'name typo: drop', 'name typo: change', 'name typo: swap', 'name typo: double']) {
      expect(kind(name).queries, name).toBeGreaterThan(250);
      expect(kind(name).top10 / kind(name).queries, name).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('never returns nothing for a real catalog word with one typo', () => {
    expect(kind('word typo').queries).toBeGreaterThan(1000);
    expect(kind('word typo').empty).toBe(0);
  });

  it('finds products by a word inside a longer word, by synonyms, and despite filler words', () => {
    for (const name of ['inner word', 'synonym', 'filler words']) {
      expect(kind(name).queries, name).toBeGreaterThan(10);
      expect(kind(name).empty, name).toBe(0);
      expect(kind(name).top10 / kind(name).queries, name).toBeGreaterThanOrEqual(0.95);
    }
  });

  it('keeps category words on topic: most of their top 20 in their own category, and "shoe" all footwear', () => {
    const { perWord, share } = measurePrecision(index, entries);
    expect(share).toBeGreaterThanOrEqual(0.8);
    expect(perWord.find((w) => w.query === 'shoe')).toEqual({ query: 'shoe', shown: 20, onTopic: 20 });
    // Past the footwear, only products that name shoes in their own words: none through "shoulder" or "short".
    const byId = new Map(entries.map((e) => [e.id, e]));
    for (const id of index.search('shoe', { limit: 60 }).ids) {
      const p = byId.get(id)!;
      expect(p.catName === 'Footwear' || /\bshoes?\b/i.test(p.description), p.name).toBe(true);
    }
  });
});
