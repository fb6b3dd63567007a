import { productStream } from '../../catalog/decider.ts';
import type { DomainError } from '../../shared/decider.ts';
import type { StreamCommands } from '../../shared/stream-commands.ts';

/**
 * Where a count starts before its stock first moves: the product's countInStock, or the
 * variant's, as listed in the product's own (write-side) stream. A product or variant no longer
 * listed has no count to start from: `missing` says why.
 */
export async function openingStock(streams: StreamCommands, productId: string, sku: string | undefined, missing: () => DomainError): Promise<number> {
  const product = await streams.load(productStream.at(productId), { fresh: true });
  if (!product.details) throw missing();
  if (!sku) return product.details.countInStock;
  const variant = product.details.variants?.find((v) => v.sku === sku);
  if (!variant) throw missing();
  return variant.countInStock;
}
