import { CATALOG, CATALOG_STOCK_COUNTER, STOCK_CHANGES_KEPT, type StockChangeDoc } from '@shop/contracts';
import type { DocumentStore, ReplyItems } from '@shop/platform';

/**
 * Products whose stock moved, for the catalog's reply cache: a checkout retires the cached
 * replies that hold the products it bought (their product pages, the listings and searches
 * showing them) and no other. The catalog projection records each stock change in
 * `stockChanges` in the same commit as the product, and raises the stock counter instead of the
 * products' one (projections/src/catalog/collections.ts).
 */
export function stockChanges(docs: DocumentStore): ReplyItems {
  return {
    version: () => docs.changeVersion([CATALOG_STOCK_COUNTER]),
    async changes(after) {
      const head = await docs.get<StockChangeDoc>(CATALOG.stockChanges, 'head');
      const last = head?.seq ?? 0;
      if (after === null || last < after || last - after > STOCK_CHANGES_KEPT) return { last, ids: 'all' };
      if (last === after) return { last, ids: [] };
      const rows = await docs.find<StockChangeDoc>(CATALOG.stockChanges, { seq: { $gt: after } }, { sort: [['seq', 1]], limit: last - after + 1 });
      const ids = rows.flatMap((row) => (row.productId ? [row.productId] : []));
      // One row per change: fewer means the record was cut or rebuilt meanwhile, so start afresh.
      return ids.length < last - after ? { last, ids: 'all' } : { last, ids };
    },
    holds: productsHeld,
  };
}

/** Every product document carries `prodId`; a reply holds the products whose `prodId` it shows. */
const PRODUCT_ID = /"prodId":"([^"\\]{1,100})"/g;

export function productsHeld(body: string): string[] {
  return Array.from(body.matchAll(PRODUCT_ID), (match) => match[1]!);
}
