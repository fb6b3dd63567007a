import {
  CATALOG,
  CATALOG_COUNTERS,
  STOCK_CHANGES_KEPT,
  stockEventSchemas,
  totalVariantStock,
  type ProductDoc,
  type ProductVariant,
  type StockChangeDoc,
  type StockEventMap,
} from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import type { ProjectionView } from '../projection.ts';
import { productHome } from '../catalog/product-home.ts';

/**
 * A product whose stock has moved: from then on its stock stream, not the catalog listing, says
 * what is left: of the product (`stockTracked`), or of each variant that moved (SKU → left).
 */
export type StockTrackedProduct = ProductDoc & { stockTracked?: boolean; variantStockLeft?: Record<string, number> };

/** The product after a stock event: the product's count, or one variant's and the product's total. */
export function productWithStock(doc: StockTrackedProduct, data: StockEventMap[keyof StockEventMap]): StockTrackedProduct {
  if (!data.sku) return { ...doc, countInStock: data.remaining, stockTracked: true };
  const variantStockLeft = { ...doc.variantStockLeft, [data.sku]: data.remaining };
  return withVariants({ ...doc, variantStockLeft }, doc.variants ?? []);
}

/**
 * The product with these variants (as listed or revised), each variant's stock what its stock
 * stream left once it moved, else its opening figure; a product with variants has their sum.
 */
export function withVariants(doc: StockTrackedProduct, listed: readonly ProductVariant[]): StockTrackedProduct {
  if (listed.length === 0) return { ...doc, variants: [] };
  const left = doc.variantStockLeft ?? {};
  const variants = listed.map((variant) => ({ ...variant, countInStock: left[variant.sku] ?? variant.countInStock }));
  return { ...doc, variants, countInStock: totalVariantStock(variants) };
}

/**
 * Catalog handler: a reservation, release or receipt sets countInStock to what the stock stream says is
 * left. It raises the stock counter, not the products' one, and records which product moved.
 */
export async function applyStockToProduct(event: RecordedEvent, view: ProjectionView): Promise<void> {
  const data = stockEventSchemas[event.type as keyof typeof stockEventSchemas].parse(event.data);
  // An unpublished product's stock still moves (a receipt), so it comes back with what is left.
  const home = await productHome<StockTrackedProduct>(view, data.productId);
  if (!home) return;
  const updated = productWithStock(home.doc, data);
  const counter = { counter: CATALOG_COUNTERS.stock };
  view.put(home.collection, updated, counter);
  const head = await view.get<StockChangeDoc>(CATALOG.stockChanges, 'head');
  const seq = (head?.seq ?? 0) + 1;
  view.put<StockChangeDoc>(CATALOG.stockChanges, { _id: 'head', seq }, counter);
  view.put<StockChangeDoc>(CATALOG.stockChanges, { _id: stockChangeId(seq), seq, productId: data.productId }, counter);
  if (seq > STOCK_CHANGES_KEPT) view.delete(CATALOG.stockChanges, stockChangeId(seq - STOCK_CHANGES_KEPT));
}

const stockChangeId = (seq: number) => `s${String(seq).padStart(12, '0')}`;
