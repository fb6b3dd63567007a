import { newId, type MyListDoc } from '@shop/contracts';
import type { CatalogProducts } from '../shared/catalog-products.ts';
import { DomainError } from '../shared/decider.ts';
import type { StreamCommands } from '../shared/stream-commands.ts';
import { myListStream } from './decider.ts';

/**
 * My List's write side. An entry's title, image, rating and price are copied from the catalog
 * read model here; the client only names the product.
 */
export class MyListCommands {
  constructor(
    private readonly streams: StreamCommands,
    private readonly products: CatalogProducts,
  ) {}

  /** Lists the product; the reply's entry as the read model will hold it, and the log position to wait for. */
  async add(userId: string, productId: string): Promise<{ entry: MyListDoc; position: bigint }> {
    const product = await this.products.get(productId);
    if (!product) throw new DomainError('not-found', 'Product not found');
    const entry = {
      entryId: newId(),
      productId,
      productTitle: product.name,
      image: product.images[0] ?? '',
      rating: product.rating,
      price: product.price,
    };
    const result = await this.streams.handle(myListStream.at(userId), { type: 'AddToList', userId, entry }, { userId });
    const { entryId, ...rest } = entry;
    return { entry: { _id: entryId, id: entryId, userId, ...rest, dateCreated: new Date().toISOString() }, position: result.position };
  }

  async remove(userId: string, entryId: string): Promise<{ position: bigint }> {
    const result = await this.streams.handle(myListStream.at(userId), { type: 'RemoveFromList', userId, entryId }, { userId });
    return { position: result.position };
  }
}
