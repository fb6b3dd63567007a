import { newId } from '@shop/contracts';
import { productStream } from '../../catalog/decider.ts';
import { DomainError } from '../../shared/decider.ts';
import type { CommandContext, StreamCommands } from '../../shared/stream-commands.ts';
import { stockLeft, stockStream } from './decider.ts';
import { openingStock } from './opening-stock.ts';

/**
 * Stock taken in (`POST /api/admin/products/:id/stock`): a StockReceived on the product's stock
 * stream, decided by the same decider and per-stream pipeline as a checkout's reservation, so a
 * receipt and a reservation at once both land (one retries on the other's revision) and neither
 * overwrites the other's count.
 */
export async function receiveStock(
  streams: StreamCommands,
  input: { productId: string; sku?: string; quantity: number },
  ctx: CommandContext,
): Promise<{ remaining: number; position: bigint }> {
  const product = await streams.load(productStream.at(input.productId), { fresh: true });
  if (!product.details) throw new DomainError('not-found', 'Product not found');
  // A product with variants keeps no count of its own: stock arrives for one of them.
  if ((product.details.variants?.length ?? 0) > 0 && !input.sku) throw new DomainError('invalid', 'Name the variant (sku) the stock is for');
  const stream = stockStream.at(input.productId);
  const stock = await streams.load(stream);
  // Before stock first moves, the listing's figure is where it starts (as for a reservation).
  const initialStock = stockLeft(stock, input.sku) ?? (await openingStock(streams, input.productId, input.sku, () => new DomainError('not-found', input.sku ? 'Variant not found' : 'Product not found')));
  const sku = input.sku ? { sku: input.sku } : {};
  const command = { type: 'ReceiveStock', productId: input.productId, ...sku, receiptId: newId(), quantity: input.quantity, initialStock } as const;
  const result = await streams.handle(stream, command, ctx, { maxAttempts: 20 });
  return { remaining: stockLeft(result.state, input.sku) ?? initialStock, position: result.position };
}
