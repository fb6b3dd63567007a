import { importCatalog, taxClassStream } from '@shop/command-api';
import type { Shop } from '../compose.ts';
import { generateCatalog } from './catalog-data.ts';
import { seedReviews } from './reviews.ts';
import { SEED_SUBCATEGORY_TAX_CLASSES, SEED_TAX_CLASSES } from './tax-classes.ts';

const SEED_VERSION = 1;

/**
 * Writes the demo catalog through the catalog's command handlers when the log has never been
 * seeded, with reviews that make each product's stars. Safe to race: the generator is deterministic and the import idempotent by id, and the
 * CatalogSeeded marker is appended with "no stream" expected.
 */
export async function seedCatalogIfNew(shop: Pick<Shop, 'catalog' | 'logger' | 'events' | 'streams'>): Promise<boolean> {
  if (await shop.catalog.isSeeded()) return false;
  const file = generateCatalog();
  const started = performance.now();
  await importCatalog(shop.catalog, file, { correlationId: 'seed' });
  // Each category's HSN code and GST rate, what its products are invoiced at, and the products of
  // subcategories whose goods fall under another heading.
  for (const category of file.categories) {
    const taxClass = SEED_TAX_CLASSES[category.name];
    if (taxClass) await shop.streams.handle(taxClassStream.at('category', category.id), { type: 'SetTaxClass', ...taxClass, setBy: 'seed' }, { correlationId: 'seed' });
    for (const sub of category.subcategories) {
      const own = SEED_SUBCATEGORY_TAX_CLASSES[category.name]?.[sub.name];
      if (!own) continue;
      for (const product of file.products.filter((p) => p.subCatId === sub.id)) {
        await shop.streams.handle(taxClassStream.at('product', product.id), { type: 'SetTaxClass', ...own, setBy: 'seed' }, { correlationId: 'seed' });
      }
    }
  }
  // The stars the demo shows come from real reviews: a product's rating is their average.
  await seedReviews(shop.events, file.products);
  await shop.catalog.markSeeded({ version: SEED_VERSION, categories: file.categories.length, products: file.products.length });
  shop.logger.info(
    { categories: file.categories.length, products: file.products.length, banners: file.banners.length, ms: Math.round(performance.now() - started) },
    'seeded the demo catalog',
  );
  return true;
}
