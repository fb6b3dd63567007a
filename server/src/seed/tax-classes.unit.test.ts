import { describe, expect, it } from 'vitest';
import { taxClass } from '@shop/contracts';
import { CATEGORY_DEFS } from './catalog-data.ts';
import { SEED_SUBCATEGORY_TAX_CLASSES, SEED_TAX_CLASSES } from './tax-classes.ts';

describe('the demo categories\' tax classes', () => {
  it('give every seeded category a valid HSN code and GST slab, so no demo invoice prints the fallback', () => {
    for (const category of CATEGORY_DEFS) expect(taxClass.parse(SEED_TAX_CLASSES[category.name]), category.name).toBeTruthy();
  });

  it('give subcategories of other goods their own heading, each naming a real subcategory of its category', () => {
    for (const [categoryName, subs] of Object.entries(SEED_SUBCATEGORY_TAX_CLASSES)) {
      const category = CATEGORY_DEFS.find((c) => c.name === categoryName);
      expect(category, categoryName).toBeDefined();
      for (const [subName, own] of Object.entries(subs)) {
        expect(category!.subcategories.map((s) => s.name), `${categoryName} › ${subName}`).toContain(subName);
        expect(taxClass.parse(own)).toBeTruthy();
      }
    }
    // Tea is not a spice; a kurta set is not a T-shirt.
    expect(SEED_SUBCATEGORY_TAX_CLASSES.Groceries!['Tea & Coffee']!.hsn).toBe('0902');
    expect(SEED_SUBCATEGORY_TAX_CLASSES.Fashion!['Ethnic Wear']!.hsn).toBe('6204');
  });
});
