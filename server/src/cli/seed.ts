/**
 * npm run seed — writes the demo catalog into the configured stores if it was never seeded
 * (the server does the same on its first start). `--print` writes the catalog JSON to stdout
 * instead, in the format `npm run catalog:import` reads.
 */
import { createLogger, loadConfig } from '@shop/platform';
import { composeShop } from '../compose.ts';
import { generateCatalog } from '../seed/catalog-data.ts';
import { seedCatalogIfNew } from '../seed/seed.ts';

async function main() {
  if (process.argv.includes('--print')) {
    process.stdout.write(JSON.stringify(generateCatalog(), null, 2) + '\n');
    return;
  }
  const config = loadConfig();
  const shop = await composeShop(config, createLogger(config.LOG_LEVEL));
  try {
    const seeded = await seedCatalogIfNew(shop);
    await shop.runner.catchUp();
    console.log(seeded ? 'Seeded the demo catalog.' : 'The catalog was already seeded; nothing to do.');
  } finally {
    await shop.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
