import { newId } from '@shop/contracts';
import { productStream } from '../../catalog/decider.ts';
import { DomainError } from '../../shared/decider.ts';
import type { CommandContext, StreamCommands } from '../../shared/stream-commands.ts';
import { stockStream } from './decider.ts';

/**
 * Stock taken in (`POST /api/admin/products/:id/stock`): a StockReceived on the product's stock
 * stream, decided by the same decider and per-stream pipeline as a checkout's reservation, so a
 * receipt and a reservation at once both land (one retries on the other's revision) and neither
 * overwrites the other's count.
 */
export async function receiveStock(
  streams: StreamCommands,
  input: { productId: string; quantity: number },
  ctx: CommandContext,
): Promise<{ remaining: number; position: bigint }> {
  const stream = stockStream.at(input.productId);
  const stock = await streams.load(stream);
  // Before stock first moves, the listing's figure is where it starts (as for a reservation).
  let initialStock = stock.available;
  if (initialStock === null) {
    const product = await streams.load(productStream.at(input.productId), { fresh: true });
    if (!product.details) throw new DomainError('not-found', 'Product not found');
    initialStock = product.details.countInStock;
  }
  const command = { type: 'ReceiveStock', productId: input.productId, receiptId: newId(), quantity: input.quantity, initialStock } as const;
  const result = await streams.handle(stream, command, ctx, { maxAttempts: 20 });
  return { remaining: result.state.available ?? initialStock, position: result.position };
}
