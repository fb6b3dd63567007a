import { describe, expect, it } from 'vitest';
import { taxClass } from '@shop/contracts';
import { CATEGORY_DEFS } from './catalog-data.ts';
import { SEED_TAX_CLASSES } from './tax-classes.ts';

describe('the demo categories\' tax classes', () => {
  it('give every seeded category a valid HSN code and GST slab, so no demo invoice prints the fallback', () => {
    for (const category of CATEGORY_DEFS) expect(taxClass.parse(SEED_TAX_CLASSES[category.name]), category.name).toBeTruthy();
  });
});
