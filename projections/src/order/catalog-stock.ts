import { stockEventSchemas, type ProductDoc } from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import type { ProjectionView } from '../projection.ts';

/** A product whose stock has moved: from then on its stock stream, not the catalog listing, says what is left. */
export type StockTrackedProduct = ProductDoc & { stockTracked?: boolean };

/** Catalog handler: a reservation or release sets countInStock to what the stock stream says is left. */
export async function applyStockToProduct(event: RecordedEvent, view: ProjectionView): Promise<void> {
  const schema = event.type === 'StockReserved' ? stockEventSchemas.StockReserved : stockEventSchemas.StockReleased;
  const data = schema.parse(event.data);
  const product = await view.get<StockTrackedProduct>('products', data.productId);
  if (!product) return;
  const updated: StockTrackedProduct = { ...product, countInStock: data.remaining, stockTracked: true };
  view.put('products', updated);
}
