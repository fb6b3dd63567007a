/**
 * npm run catalog:import -- <file.json> — writes a catalog file (categories, products, banners
 * with explicit ids) through the catalog's command handlers. Importing the same file twice
 * changes nothing; a changed product is revised.
 */
import { readFileSync } from 'node:fs';
import { catalogFileSchema, importCatalog } from '@shop/command-api';
import { createLogger, loadConfig } from '@shop/platform';
import { composeShop } from '../compose.ts';

async function main() {
  const path = process.argv[2];
  if (!path) throw new Error('Usage: npm run catalog:import -- <catalog.json>');
  const parsed = catalogFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path} is not a valid catalog file: ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const config = loadConfig();
  const shop = await composeShop(config, createLogger(config.LOG_LEVEL));
  try {
    const file = parsed.data;
    const position = await importCatalog(shop.catalog, file, { correlationId: `import:${path}` }, (done, total) => {
      if (done % 500 === 0 || done === total) process.stdout.write(`\r${done}/${total} records`);
    });
    await shop.awaitProjections(position, ['catalog']);
    console.log(`\nImported ${file.categories.length} categories, ${file.products.length} products, ${file.banners.length} banners.`);
  } finally {
    await shop.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
