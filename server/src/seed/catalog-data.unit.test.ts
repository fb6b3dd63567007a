import { describe, it, expect } from 'vitest';
import { catalogFileSchema } from '@shop/command-api/catalog/import';
import { CATEGORY_DEFS, DEFAULT_PRODUCT_COUNT, generateCatalog } from './catalog-data.ts';

const ID = /^[a-f0-9]{24}$/;
const catalog = generateCatalog();

const subcategoryNames = new Map(catalog.categories.flatMap((c) => c.subcategories.map((s) => [s.id, s.name] as const)));
const categoryNames = new Map(catalog.categories.map((c) => [c.id, c.name] as const));
const productsIn = (subName: string) => catalog.products.filter((p) => subcategoryNames.get(p.subCatId) === subName);

describe('generateCatalog() — the demo shop', () => {
  it('passes the catalog file schema', () => {
    expect(() => catalogFileSchema.parse(catalog)).not.toThrow();
    expect(catalog.products).toHaveLength(DEFAULT_PRODUCT_COUNT);
  });

  it('has at least 8 categories, each with a colour, an image and 3 or more subcategories', () => {
    expect(catalog.categories.length).toBeGreaterThanOrEqual(8);
    for (const category of catalog.categories) {
      expect(category.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(category.images).toHaveLength(1);
      expect(category.images[0]).toMatch(/^\/images\/seed\/category\/[a-z0-9-]+\.svg$/);
      expect(category.subcategories.length).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(catalog.categories.map((c) => c.name)).size).toBe(catalog.categories.length);
  });

  it('lists at least 240 products over every subcategory, at least 5 each, under the right category', () => {
    expect(catalog.products.length).toBeGreaterThanOrEqual(240);
    const perSub = new Map<string, number>();
    for (const product of catalog.products) perSub.set(product.subCatId, (perSub.get(product.subCatId) ?? 0) + 1);
    for (const category of catalog.categories) {
      for (const sub of category.subcategories) expect(perSub.get(sub.id) ?? 0, sub.name).toBeGreaterThanOrEqual(5);
    }
    for (const product of catalog.products) {
      const category = catalog.categories.find((c) => c.id === product.catId);
      expect(category?.subcategories.some((s) => s.id === product.subCatId)).toBe(true);
    }
  });

  it('gives every product 2 to 5 seed images, a brand in its name and a 2–4 sentence description', () => {
    for (const product of catalog.products) {
      expect(product.images.length).toBeGreaterThanOrEqual(2);
      expect(product.images.length).toBeLessThanOrEqual(5);
      for (const url of product.images) expect(url).toMatch(/^\/images\/seed\/product\/[a-z0-9-]+\.svg$/);
      expect(new Set(product.images).size).toBe(product.images.length);
      expect(product.name.startsWith(`${product.brand} `)).toBe(true);
      const sentences = product.description.split(/(?<=[.!?])\s+/);
      expect(sentences.length).toBeGreaterThanOrEqual(2);
      expect(sentences.length).toBeLessThanOrEqual(4);
      for (const sentence of sentences) expect(sentence).toMatch(/^[A-Z].*[.!?]$/);
    }
    expect(new Set(catalog.products.map((p) => p.name)).size).toBe(catalog.products.length);
  });

  it('prices in whole rupees from 100 to 60000, with an old price above and a consistent discount', () => {
    for (const { price, oldPrice, discount } of catalog.products) {
      expect(Number.isInteger(price)).toBe(true);
      expect(Number.isInteger(oldPrice)).toBe(true);
      expect(price).toBeGreaterThanOrEqual(100);
      expect(price).toBeLessThanOrEqual(60_000);
      expect(oldPrice).toBeGreaterThan(price);
      expect(discount).toBe(Math.round(((oldPrice - price) * 100) / oldPrice));
      expect(discount).toBeGreaterThanOrEqual(1);
      expect(discount).toBeLessThanOrEqual(60);
    }
  });

  it('prices items sensibly: a phone costs more than a t-shirt', () => {
    const average = (names: string) => {
      const list = productsIn(names);
      return list.reduce((sum, p) => sum + p.price, 0) / list.length;
    };
    expect(average('Mobiles')).toBeGreaterThan(average('Kidswear') * 10);
    expect(average('Laptops')).toBeGreaterThan(average('Mobiles'));
    expect(average('Spices & Masalas')).toBeLessThan(1000);
  });

  it('has stock from 0 to 120 with roughly 5–10% out of stock', () => {
    const out = catalog.products.filter((p) => p.countInStock === 0).length / catalog.products.length;
    for (const p of catalog.products) {
      expect(Number.isInteger(p.countInStock)).toBe(true);
      expect(p.countInStock).toBeGreaterThanOrEqual(0);
      expect(p.countInStock).toBeLessThanOrEqual(120);
    }
    expect(out).toBeGreaterThanOrEqual(0.03);
    expect(out).toBeLessThanOrEqual(0.12);
  });

  it('rates in half steps from 1 to 5, mostly 3 and above', () => {
    for (const { rating } of catalog.products) {
      expect(rating * 2).toBe(Math.round(rating * 2));
      expect(rating).toBeGreaterThanOrEqual(1);
      expect(rating).toBeLessThanOrEqual(5);
    }
    const high = catalog.products.filter((p) => p.rating >= 3).length / catalog.products.length;
    expect(high).toBeGreaterThan(0.8);
    expect(new Set(catalog.products.map((p) => p.rating)).size).toBeGreaterThanOrEqual(6);
  });

  it('features about a fifth of the products, some in every category', () => {
    const featured = catalog.products.filter((p) => p.isFeatured);
    expect(featured.length / catalog.products.length).toBeGreaterThan(0.12);
    expect(featured.length / catalog.products.length).toBeLessThan(0.3);
    for (const category of catalog.categories) expect(featured.some((p) => p.catId === category.id), category.name).toBe(true);
  });

  it('offers RAM, sizes and weights only where they fit', () => {
    const ramSubs = new Set(['Mobiles', 'Laptops', 'Tablets']);
    const sizeCategories = new Set(['Fashion', 'Footwear']);
    const weightCategories = new Set(['Groceries', 'Wellness']);
    for (const p of catalog.products) {
      const sub = subcategoryNames.get(p.subCatId)!;
      const category = categoryNames.get(p.catId)!;
      expect(p.productRam.length > 0, p.name).toBe(ramSubs.has(sub));
      expect(p.size.length > 0, p.name).toBe(sizeCategories.has(category) || sub === 'Rings');
      if (p.productWeight.length > 0) expect(weightCategories.has(category), p.name).toBe(true);
      if (category === 'Groceries') expect(p.productWeight.length, p.name).toBeGreaterThan(0);
      for (const ram of p.productRam) expect(ram).toMatch(/^\d+GB$/);
      for (const weight of p.productWeight) expect(weight).toMatch(/^\d+(g|kg)$/);
    }
  });

  it('sells mostly everywhere, some only in India and a few in other countries', () => {
    const values = catalog.products.map((p) => p.location.map((l) => l.value).join(','));
    const share = (test: (v: string) => boolean) => values.filter(test).length / values.length;
    expect(share((v) => v === 'All')).toBeGreaterThan(0.65);
    expect(share((v) => v === 'IN')).toBeGreaterThan(0.08);
    expect(share((v) => v === 'IN')).toBeLessThan(0.25);
    const others = new Set(catalog.products.flatMap((p) => p.location.map((l) => l.value)).filter((v) => v !== 'All' && v !== 'IN'));
    expect(others.size).toBeGreaterThanOrEqual(2);
    const labels: Record<string, string> = { All: 'All', IN: 'India', US: 'United States', GB: 'United Kingdom', AE: 'United Arab Emirates', SG: 'Singapore', AU: 'Australia' };
    for (const p of catalog.products) for (const l of p.location) expect(l.label).toBe(labels[l.value]);
  });

  it('has banners of every kind that link to existing categories and subcategories', () => {
    const count = (kind: string) => catalog.banners.filter((b) => b.kind === kind).length;
    expect(count('home')).toBeGreaterThanOrEqual(4);
    expect(count('home')).toBeLessThanOrEqual(5);
    expect(count('middle')).toBeGreaterThanOrEqual(3);
    expect(count('side')).toBeGreaterThanOrEqual(2);
    expect(count('bottom')).toBeGreaterThanOrEqual(3);
    for (const banner of catalog.banners) {
      expect(banner.images).toHaveLength(1);
      expect(banner.images[0]).toMatch(new RegExp(`^/images/seed/banner/${banner.kind}-[a-z0-9-]+\\.svg$`));
      const category = catalog.categories.find((c) => c.id === banner.catId);
      expect(category).toBeDefined();
      if (banner.subCatId !== null) expect(category!.subcategories.some((s) => s.id === banner.subCatId)).toBe(true);
    }
    expect(catalog.banners.some((b) => b.subCatId !== null)).toBe(true);
    expect(catalog.banners.some((b) => b.subCatId === null)).toBe(true);
  });

  it('uses unique ObjectId-like ids whose time prefix is the creation time', () => {
    const ids = [
      ...catalog.categories.flatMap((c) => [c.id, ...c.subcategories.map((s) => s.id)]),
      ...catalog.products.map((p) => p.id),
      ...catalog.banners.map((b) => b.id),
    ];
    for (const id of ids) expect(id).toMatch(ID);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of catalog.products) expect(parseInt(p.id.slice(0, 8), 16) * 1000).toBe(Date.parse(p.dateCreated!));
  });

  it('dates every product distinctly within 2025, listed oldest first', () => {
    const times = catalog.products.map((p) => Date.parse(p.dateCreated!));
    expect(new Set(times).size).toBe(times.length);
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
    expect(times[0]).toBeGreaterThanOrEqual(Date.UTC(2025, 0, 1));
    expect(times.at(-1)).toBeLessThan(Date.UTC(2026, 0, 1));
    expect(times.at(-1)! - times[0]!).toBeGreaterThan(300 * 86_400_000);
  });

  it('names categories and subcategories so the image slugs round-trip', () => {
    expect(catalog.categories.map((c) => c.name)).toEqual(CATEGORY_DEFS.map((c) => c.name));
  });
});

describe('generateCatalog() — determinism and scale', () => {
  it('gives byte-identical output for the same options', () => {
    expect(JSON.stringify(generateCatalog())).toBe(JSON.stringify(catalog));
    expect(JSON.stringify(generateCatalog({ products: 777, seed: 9 }))).toBe(JSON.stringify(generateCatalog({ products: 777, seed: 9 })));
  });

  it('gives different ids and products for a different seed', () => {
    const other = generateCatalog({ seed: 99 });
    expect(other.categories.map((c) => c.name)).toEqual(catalog.categories.map((c) => c.name));
    expect(other.categories[0]!.id).not.toBe(catalog.categories[0]!.id);
    expect(other.products.map((p) => p.name)).not.toEqual(catalog.products.map((p) => p.name));
  });

  it('scales to 5000 valid products over the same categories and banners', () => {
    const big = generateCatalog({ products: 5000 });
    expect(big.products).toHaveLength(5000);
    expect(() => catalogFileSchema.parse(big)).not.toThrow();
    expect(big.categories).toEqual(catalog.categories);
    expect(big.banners).toEqual(catalog.banners);
    const ids = new Set(big.products.map((p) => p.id));
    expect(ids.size).toBe(5000);
    expect(new Set(big.products.map((p) => p.dateCreated)).size).toBe(5000);
    const perSub = new Map<string, number>();
    for (const p of big.products) perSub.set(p.subCatId, (perSub.get(p.subCatId) ?? 0) + 1);
    const counts = [...perSub.values()];
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it('accepts zero products and rejects a bad count', () => {
    expect(generateCatalog({ products: 0 }).products).toEqual([]);
    expect(() => generateCatalog({ products: -1 })).toThrow(RangeError);
    expect(() => generateCatalog({ products: 1.5 })).toThrow(RangeError);
  });
});
