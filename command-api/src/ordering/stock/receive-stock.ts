import { catalogStreams, newId, stockEventSchemas, stockStreams, type StockEventMap } from '@shop/contracts';
import { productDecider } from '../../catalog/decider.ts';
import { DomainError, type DomainEvent } from '../../shared/decider.ts';
import type { CommandContext, StreamCommands } from '../../shared/stream-commands.ts';
import { stockDecider } from './decider.ts';

const check = (event: DomainEvent) => {
  stockEventSchemas[event.type as keyof StockEventMap].parse(event.data);
};

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
  const stream = stockStreams.product(input.productId);
  const stock = await streams.load(stream, stockDecider);
  // Before stock first moves, the listing's figure is where it starts (as for a reservation).
  let initialStock = stock.available;
  if (initialStock === null) {
    const product = await streams.load(catalogStreams.product(input.productId), productDecider, { fresh: true });
    if (!product.details) throw new DomainError('not-found', 'Product not found');
    initialStock = product.details.countInStock;
  }
  const command = { type: 'ReceiveStock', productId: input.productId, receiptId: newId(), quantity: input.quantity, initialStock } as const;
  const result = await streams.handle(stream, stockDecider, command, ctx, { check, maxAttempts: 20 });
  return { remaining: result.state.available ?? initialStock, position: result.position };
}
