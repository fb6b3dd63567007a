import { BACK_OFFICE, catalogEventSchemas, stockEventSchemas, totalVariantStock, type ProductVariant, type StockLevelDoc, type VariantStockLevel } from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import type { ProjectionView } from '../projection.ts';

export const STOCK_EVENT_TYPES = ['ProductListed', 'ProductRevised', 'ProductUnpublished', 'ProductPublished', 'StockReserved', 'StockReleased', 'StockReceived'] as const;

/**
 * Each product's stock as the dashboard's "low on stock" reads it, indexed by the count: the
 * listing's figure until stock first moves, then what the stock stream says is left (the same
 * rule as the catalog's products). An unpublished product keeps its row, marked, so its stock
 * still follows and it is back in the list as it stands when published again.
 */
export async function applyStockLevel(event: RecordedEvent, view: ProjectionView): Promise<void> {
  if (event.type === 'ProductListed' || event.type === 'ProductRevised') {
    const data = catalogEventSchemas[event.type].parse(event.data);
    const current = await view.get<StockLevelDoc>(BACK_OFFICE.stock, data.productId);
    if (event.type === 'ProductRevised' && !current) return;
    const variants = variantLevels(data.variants ?? [], current?.variants ?? []);
    const countInStock = variants.length > 0 ? totalVariantStock(variants) : current?.stockTracked ? current.countInStock : data.countInStock;
    view.put<StockLevelDoc>(BACK_OFFICE.stock, {
      _id: data.productId,
      id: data.productId,
      name: data.name,
      countInStock,
      lowestInStock: lowestOf(countInStock, variants),
      stockTracked: current?.stockTracked ?? false,
      ...(variants.length > 0 ? { variants } : {}),
      ...(current?.unpublished ? { unpublished: true as const } : {}),
    });
    return;
  }
  if (event.type === 'ProductUnpublished' || event.type === 'ProductPublished') {
    const { productId } = catalogEventSchemas[event.type].parse(event.data);
    const current = await view.get<StockLevelDoc>(BACK_OFFICE.stock, productId);
    if (!current) return;
    const { unpublished: _was, ...row } = current;
    view.put<StockLevelDoc>(BACK_OFFICE.stock, event.type === 'ProductUnpublished' ? { ...row, unpublished: true } : row);
    return;
  }
  const data = stockEventSchemas[event.type as keyof typeof stockEventSchemas].parse(event.data);
  const current = await view.get<StockLevelDoc>(BACK_OFFICE.stock, data.productId);
  if (!current) return;
  const { sku } = data;
  if (!sku) {
    view.put<StockLevelDoc>(BACK_OFFICE.stock, { ...current, countInStock: data.remaining, lowestInStock: data.remaining, stockTracked: true });
    return;
  }
  const variants = (current.variants ?? []).map((v) => (v.sku === sku ? { ...v, countInStock: data.remaining, stockTracked: true } : v));
  const countInStock = totalVariantStock(variants);
  view.put<StockLevelDoc>(BACK_OFFICE.stock, { ...current, variants, countInStock, lowestInStock: lowestOf(countInStock, variants) });
}

/** What "low on stock" goes by: the least-stocked variant's count, or the product's own without variants. */
function lowestOf(countInStock: number, variants: readonly VariantStockLevel[]): number {
  return variants.length > 0 ? Math.min(...variants.map((v) => v.countInStock)) : countInStock;
}

/**
 * The listed variants' stock levels: a variant whose stock has moved keeps what its stream
 * left; one that has not shows its opening figure. A variant taken off the listing leaves the
 * list (its stream events still arrive for old orders and find no row to change).
 */
function variantLevels(listed: readonly ProductVariant[], current: readonly VariantStockLevel[]): VariantStockLevel[] {
  const moved = new Map(current.filter((v) => v.stockTracked).map((v) => [v.sku, v.countInStock]));
  return listed.map((v) => {
    const left = moved.get(v.sku);
    return { sku: v.sku, options: v.options, countInStock: left ?? v.countInStock, stockTracked: left !== undefined };
  });
}
