import { describe, expect, it } from 'vitest';
import { DESCRIPTION_CAP, SearchIndex, type SearchableProduct } from './engine.ts';

let n = 0;
function product(name: string, more: Partial<SearchableProduct> = {}): SearchableProduct {
  n++;
  return {
    id: `p${n}`,
    name,
    brand: 'Acme',
    description: 'A fine thing.',
    catId: 'c1',
    catName: 'Things',
    subCatId: 's1',
    subCatName: 'Stuff',
    rating: 3,
    numReviews: 0,
    locationCodes: ['All'],
    dateCreated: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
    ...more,
  };
}

function indexOf(...products: SearchableProduct[]): { index: SearchIndex; names: (q: string, location?: string) => string[] } {
  const index = new SearchIndex([['phone', 'mobile'], ['sari', 'saree']]);
  for (const p of products) index.upsert(p);
  const byId = new Map(products.map((p) => [p.id, p.name]));
  return { index, names: (q, location) => index.search(q, { limit: 20, location }).ids.map((id) => byId.get(id)!) };
}

describe('search ranking rules', () => {
  it('ranks an exact word above a prefix, a prefix above an inner word, an inner word above a typo', () => {
    const { names } = indexOf(product('Sneakerhead Cap'), product('Kids Sneaker'), product('Pro Snaeker'), product('Sneakers Max'));
    expect(names('sneaker')).toEqual(['Kids Sneaker', 'Sneakers Max', 'Sneakerhead Cap', 'Pro Snaeker']);
    const inner = indexOf(product('Smartphone X'), product('Phone Case'), product('Phnoe Stand'));
    expect(inner.names('phone')).toEqual(['Phone Case', 'Smartphone X', 'Phnoe Stand']);
  });

  it('forgives one typo from five letters and two from nine, a swap counting as one', () => {
    const { names } = indexOf(product('Cotton Kurta'), product('Handcrafted Lamp'), product('Silk Sari'));
    expect(names('kurtta')).toEqual(['Cotton Kurta']); // doubled letter
    expect(names('kutra')).toEqual(['Cotton Kurta']); // swapped letters
    expect(names('kurts')).toEqual(['Cotton Kurta']); // changed letter
    expect(names('kura')).toEqual(['Cotton Kurta']); // a dropped letter leaves 4: still one edit from a 5-letter word
    expect(names('kurt')).toEqual(['Cotton Kurta']); // and a prefix
    expect(names('lmp')).toEqual([]); // too short to guess
    expect(names('handcrfted')).toEqual(['Handcrafted Lamp']);
    expect(names('hendcrfted')).toEqual(['Handcrafted Lamp']); // two edits, 10 letters
    expect(names('hendcrfteed')).toEqual([]); // three edits
    expect(names('cottn')).toEqual(['Cotton Kurta']);
    expect(names('cotxxn')).toEqual([]); // two edits in a six-letter word
  });

  it('ranks products by how many query words they match, so filler words never empty a result', () => {
    const { names } = indexOf(product('Rakhi Gift Set'), product('Silver Rakhi', { rating: 5 }), product('Gift Hamper'));
    expect(names('rakhi gift for my brother')).toEqual(['Rakhi Gift Set', 'Silver Rakhi', 'Gift Hamper']);
    expect(names('for with the')).toEqual([]);
  });

  it('weighs names above brands, categories and descriptions', () => {
    const { names } = indexOf(
      product('Plain Mug', { description: 'Great with chai and coffee.' }),
      product('Plain Cup', { catName: 'Coffee' }),
      product('Coffee Mug'),
    );
    expect(names('coffee')).toEqual(['Coffee Mug', 'Plain Cup', 'Plain Mug']);
  });

  it('lets a word common in descriptions rank the products other words find, not bury them under its own', () => {
    const described = Array.from({ length: DESCRIPTION_CAP + 1 }, (_, i) => product(`Candle ${i}`, { description: 'A lovely gift.' }));
    const { index, names } = indexOf(
      ...described,
      product('Kajal Pencil', { description: 'A lovely gift.' }),
      product('Kajal Liner', { description: 'Smudge proof.' }),
    );
    expect(names('gift kajal')).toEqual(['Kajal Pencil', 'Kajal Liner']);
    expect(index.search('lovely gift kajal', { limit: 10 }).total).toBe(2);
    // Alone, the common word still finds what it is in.
    expect(index.search('gift', { limit: 10 }).total).toBe(DESCRIPTION_CAP + 2);
    expect(index.search('gift', { location: 'IN', limit: 10 }).ids).toHaveLength(10);
  });

  it('lets a word in very many products rank what other words find ("gift kajla": the kajal first)', () => {
    const gifts = Array.from({ length: DESCRIPTION_CAP + 1 }, (_, i) => product(`Gift Box ${i}`, { rating: 5 }));
    const { index, names } = indexOf(...gifts, product('Kajal Pencil', { rating: 1 }), product('Kajal Gift Set', { rating: 1 }));
    expect(names('gift kajla')).toEqual(['Kajal Gift Set', 'Kajal Pencil']);
    expect(index.search('gift kajla', { limit: 10 }).total).toBe(2);
    // Alone, or when the other words find nothing, it finds what it is in.
    expect(index.search('gift', { limit: 10 }).total).toBe(DESCRIPTION_CAP + 2);
    expect(index.search('gift qqqzzz', { limit: 10 }).total).toBe(DESCRIPTION_CAP + 2);
  });

  it('finds synonyms from the data file, below the word itself', () => {
    const { names } = indexOf(product('Nova Mobile'), product('Nova Phone'), product('Banarasi Saree'));
    expect(names('phone')).toEqual(['Nova Phone', 'Nova Mobile']);
    expect(names('sari')).toEqual(['Banarasi Saree']);
  });

  it('keeps a word with real matches on topic: "shoe" finds the shoes, not "shoulder", "shoppers" or "short"', () => {
    const shoes = ['Derby Shoes', 'School Shoes', 'Running Shoes', 'Walking Shoes', 'Oxford Shoes', 'Training Shoes'].map((name) =>
      product(name, { catName: 'Footwear', subCatName: 'Formal Shoes' }),
    );
    const { index, names } = indexOf(
      ...shoes,
      product('Shoulder Bag', { catName: 'Bags' }),
      product('Slim Laptop', { catName: 'Electronics', description: 'Rests easy on the shoulders of busy shoppers.' }),
      product('Whey Protein', { catName: 'Wellness', description: 'A short scoop a day.' }),
    );
    expect(names('shoe').sort()).toEqual(shoes.map((s) => s.name).sort());
    expect(index.search('shoe', { limit: 20 }).total).toBe(shoes.length);
  });

  it('fills in typos and inner words only when real matches are few, after every one of them', () => {
    const { names } = indexOf(
      product('Shoulder Bag'),
      product('Derby Shoes'),
      product('Canvas Tote', { description: 'Holds your shoes and more.' }),
      product('Slim Laptop', { description: 'Rests easy on the shoulders.' }),
    );
    // The typo'd prefix in a name ranks below the plural in a description; a 4-letter word finds
    // nothing through a typo in a description alone (one typo from five letters).
    expect(names('shoe')).toEqual(['Derby Shoes', 'Canvas Tote', 'Shoulder Bag']);
    // A word with no real match is still found through its typos, descriptions included from five letters.
    const misspelt = indexOf(product('Leather Sandals'), product('Bath Towel', { description: 'Pairs with your sandals.' }));
    expect(misspelt.names('sandels')).toEqual(['Leather Sandals', 'Bath Towel']);
  });

  it('finds the products named by a synonym, not its prefixes or descriptions that mention it', () => {
    const { names } = indexOf(product('Nova Mobile'), product('Mobility Scooter'), product('Desk Lamp', { description: 'Charge your mobile beside it.' }));
    expect(names('phone')).toEqual(['Nova Mobile']);
  });

  it('breaks ties by popularity, then newest', () => {
    const { names } = indexOf(product('Blue Mug', { rating: 3 }), product('Red Mug', { rating: 4.5 }), product('Green Mug', { rating: 3 }));
    expect(names('mug')).toEqual(['Red Mug', 'Green Mug', 'Blue Mug']);
  });

  it('follows revisions: old words stop finding a product, new ones find it, also after compaction', () => {
    const first = product('Old Lantern');
    const { index, names } = indexOf(first);
    index.upsert({ ...first, name: 'Brass Lantern' });
    expect(index.search('old', { limit: 10 }).total).toBe(0);
    expect(index.search('brass', { limit: 10 }).ids).toEqual([first.id]);
    const many = Array.from({ length: 3000 }, (_, i) => product(`Widget ${i}`));
    for (const p of many) index.upsert(p);
    for (const p of many) index.upsert({ ...p, name: `Gadget ${p.name}` }); // dead slots: compacts
    expect(index.size).toBe(3001);
    expect(index.search('widget', { limit: 5 }).total).toBe(3000);
    expect(index.search('brass', { limit: 10 }).ids).toEqual([first.id]);
    expect(names('lantern')).toEqual(['Old Lantern']); // names() maps ids to the first names given
  });

  it('shows a country only products listed for it or for All', () => {
    const { names } = indexOf(product('Tea Tin IN', { locationCodes: ['IN'] }), product('Tea Tin US', { locationCodes: ['US'] }), product('Tea Tin All'));
    expect(names('tea tin', 'IN').sort()).toEqual(['Tea Tin All', 'Tea Tin IN']);
    expect(names('tea tin', 'All')).toHaveLength(3);
  });

  it('pages without repeating or losing a product', () => {
    const { index } = indexOf(...Array.from({ length: 25 }, (_, i) => product(`Candle ${i}`, { rating: i % 5 })));
    const pages = [0, 10, 20].flatMap((offset) => index.search('candle', { limit: 10, offset }).ids);
    expect(new Set(pages).size).toBe(25);
    expect(index.search('candle', { limit: 10 }).total).toBe(25);
  });

  it('says "Did you mean" with the closest real words, and falls back to popular products of the nearest category', () => {
    const { index } = indexOf(
      product('Denim Jeans', { catId: 'fashion', catName: 'Fashion' }),
      product('Linen Shirt', { catId: 'fashion', catName: 'Fashion', rating: 5 }),
      product('Steel Kettle', { catId: 'home', catName: 'Home', rating: 5 }),
    );
    expect(index.search('jeenz', { limit: 10 }).total).toBe(0);
    expect(index.didYouMean('jeenz')[0]).toBe('jeans');
    expect(index.didYouMean('denim jeenz')[0]).toBe('denim jeans');
    expect(index.didYouMean('bluish jeenz')[0]).toBe('jeans'); // no real word near "bluish"
    expect(index.didYouMean('jeenz shrit')[0]).toBe('jeans shirt');
    expect(index.didYouMean('jeans')).toEqual([]);
    const fallback = index.fallback('jeenz', { limit: 5 });
    expect(fallback).toMatchObject({ catId: 'fashion', catName: 'Fashion' });
    expect(fallback.ids).toHaveLength(2);
    // Nothing near: the shop's most popular products.
    expect(index.fallback('qqqqqq', { limit: 2 })).toMatchObject({ catId: null });
    expect(index.fallback('qqqqqq', { limit: 2 }).ids).toHaveLength(2);
  });
});

describe('top-k search streamed in rank order', () => {
  // A small random catalog whose words each reach many products, searched both ways: every
  // match ranked (streamFrom: Infinity) and the wide word streamed in rank order (streamFrom: 1).
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const nouns = ['kurta', 'sneaker', 'saree', 'lantern', 'blanket', 'kettle', 'mobile', 'smartphone', 'notebook', 'candle'];
  const adjectives = ['cotton', 'silver', 'golden', 'classic', 'premium', 'handmade', 'festive'];
  const products = Array.from({ length: 3000 }, (_, i) =>
    product(`${pick(adjectives)} ${pick(nouns)} ${i % 7 === 0 ? pick(nouns) : ''}`, {
      brand: pick(['Acme', 'Kavach', 'Studio']),
      description: i % 3 === 0 ? `A ${pick(nouns)} for a lovely gift, ${pick(adjectives)}.` : 'Made with care.',
      catName: pick(['Gifts', 'Home', 'Fashion']),
      rating: Math.floor(random() * 11) / 2,
      numReviews: Math.floor(random() * 4),
      locationCodes: [pick(['All', 'IN', 'US'])],
      dateCreated: new Date(Date.UTC(2025, 0, 1 + Math.floor(random() * 5))).toISOString(),
    }),
  );
  const plain = new SearchIndex([['phone', 'mobile', 'smartphone'], ['mom', 'mother']], { streamFrom: Infinity });
  const streamed = new SearchIndex([['phone', 'mobile', 'smartphone'], ['mom', 'mother']], { streamFrom: 1 });
  // Some queries one way, some the other, in one index (scratch space shared between them).
  const mixed = new SearchIndex([['phone', 'mobile', 'smartphone'], ['mom', 'mother']], { streamFrom: 500 });
  for (const index of [plain, streamed, mixed]) for (const p of products) index.upsert(p);
  // Replaced products (dead slots) and a popularity change after the orders were first built.
  const queries = ['kurta', 'kurtta', 'snaeker', 'sneaker for mom', 'gift kettle', 'gift candel', 'phone', 'silver lantrn', 'cotton', 'lovely', 'notebok golden acme', 'festive gift', 'qqqzzz', 'gift'];

  it('gives the same page and total as ranking every match, at every offset and location', () => {
    const compare = () => {
      for (const q of queries)
        for (const location of [undefined, 'IN', 'US'])
          for (const [offset, limit] of [[0, 10], [0, 60], [37, 25], [2990, 30]] as const) {
            const a = plain.search(q, { offset, limit, location });
            for (const index of [streamed, mixed]) {
              const b = index.search(q, { offset, limit, location });
              expect({ q, location, offset, ids: b.ids, total: b.total }).toEqual({ q, location, offset, ids: a.ids, total: a.total });
            }
          }
    };
    compare();
    // Popularity alone moves (same words): the ranked orders built so far must follow.
    for (const index of [plain, streamed, mixed]) for (const p of products.slice(1000, 1400)) index.upsert({ ...p, rating: 5, numReviews: 50 });
    compare();
    for (const index of [plain, streamed, mixed]) {
      for (const p of products.slice(0, 300)) index.upsert({ ...p, name: `${p.name} premium`, rating: 5 - p.rating });
      index.upsert({ ...products[500]!, numReviews: 1000 });
    }
    compare();
  });
});

describe('top-k search with a common word, and totals estimated past a bound', () => {
  // "gift" in most descriptions and a Gifts category (more than DESCRIPTION_CAP products): it
  // only adds to the rank of what the other words find, so "gift kettle" streams the kettles.
  let seed = 11;
  const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const nouns = ['kurta', 'sneaker', 'saree', 'lantern', 'blanket', 'kettle', 'mobile', 'notebook', 'candle'];
  const adjectives = ['cotton', 'silver', 'golden', 'classic', 'premium', 'handmade', 'festive'];
  const products = Array.from({ length: 4000 }, (_, i) =>
    product(`${pick(adjectives)} ${pick(nouns)}`, {
      description: random() < 0.6 ? `A ${pick(adjectives)} gift, ${i % 5 === 0 ? 'gifting made easy' : 'lovely'}.` : 'Made with care.',
      catName: pick(['Gifts', 'Home', 'Fashion']),
      rating: Math.floor(random() * 11) / 2,
      numReviews: Math.floor(random() * 4),
      locationCodes: [pick(['All', 'IN', 'US'])],
      dateCreated: new Date(Date.UTC(2025, 0, 1 + Math.floor(random() * 5))).toISOString(),
    }),
  );
  const groups = [['mom', 'mother']];
  const plain = new SearchIndex(groups, { streamFrom: Infinity, exactTotal: Infinity });
  const streamed = new SearchIndex(groups, { streamFrom: 1, exactTotal: Infinity });
  const estimating = new SearchIndex(groups, { streamFrom: 1, exactTotal: 100 });
  for (const index of [plain, streamed, estimating]) for (const p of products) index.upsert(p);
  const queries = ['made gift', 'gifting mad', 'care gift made', 'gift kettle', 'gift kettel', 'gifts silver lantrn', 'gift for mom premium', 'lovely gift candle', 'golden gift', 'gift notebok classic', 'gift'];

  it('gives the same page as ranking every match, and the same total up to the bound', () => {
    const compare = () => {
      for (const q of queries)
        for (const location of [undefined, 'IN', 'US'])
          for (const [offset, limit] of [[0, 10], [0, 60], [37, 25], [1500, 30]] as const) {
            const want = plain.search(q, { offset, limit, location });
            const got = streamed.search(q, { offset, limit, location });
            expect({ q, location, offset, ids: got.ids, total: got.total }).toEqual({ q, location, offset, ids: want.ids, total: want.total });
            const estimated = estimating.search(q, { offset, limit, location });
            expect({ q, location, offset, ids: estimated.ids }).toEqual({ q, location, offset, ids: want.ids });
            if (want.total <= 100) expect(estimated.total).toBe(want.total);
            else {
              // Past the bound: an estimate, still past it, and near the real count.
              expect(estimated.total).toBeGreaterThan(100);
              expect({ q, location, off: Math.abs(estimated.total - want.total) / want.total < 0.2 }).toEqual({ q, location, off: true });
            }
          }
    };
    compare();
    // New products holding the common word, and popularity changes: its kept scores must follow.
    for (const index of [plain, streamed, estimating]) {
      for (const p of products.slice(0, 200)) index.upsert({ ...p, rating: 5 - p.rating });
      index.upsert(product('Festive Kettle', { description: 'The gift of tea.', rating: 5, numReviews: 40 }));
      index.remove(products[7]!.id);
    }
    compare();
    expect(streamed.search('gift kettle', { limit: 1 }).ids).toEqual(plain.search('gift kettle', { limit: 1 }).ids);
  });

  it('estimates a wide word\'s total past the bound and counts it exactly below', () => {
    const exact = plain.search('kettle', { limit: 10 }).total;
    expect(exact).toBeGreaterThan(100);
    expect(estimating.search('kettle', { limit: 10 }).total).not.toBe(0);
    expect(Math.abs(estimating.search('kettle', { limit: 10 }).total - exact) / exact).toBeLessThan(0.2);
    expect(estimating.search('kettle', { location: 'US', limit: 10 }).total).toBeLessThan(exact);
  });
});

describe('an unpublished product', () => {
  it('is found by no query, counted in no total and offered as no popular product, until it is upserted again', () => {
    const lamp = product('Peacock Lamp', { rating: 5, numReviews: 40 });
    const { index, names } = indexOf(lamp, product('Peacock Mug'));
    index.remove(lamp.id);
    expect(names('peacock')).toEqual(['Peacock Mug']);
    expect(index.search('peacock', { limit: 20 }).total).toBe(1);
    expect(index.search('pecock lamp', { limit: 20 }).ids).not.toContain(lamp.id);
    expect(index.popular(null, undefined, 10)).not.toContain(lamp.id);
    expect(index.size).toBe(1);
    index.upsert(lamp);
    expect(names('peacock lamp')[0]).toBe('Peacock Lamp');
  });
});
