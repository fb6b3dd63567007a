export * from './compose.ts';
export * from './app.ts';
export { seedCatalogIfNew } from './seed/seed.ts';
