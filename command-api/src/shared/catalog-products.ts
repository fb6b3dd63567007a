import { LRUCache } from 'lru-cache';
import { CATALOG, CATALOG_STOCK_COUNTER, type ProductDoc } from '@shop/contracts';
import type { DocumentStore } from '@shop/platform';

/** A product's price and options move the products' counter, its stock the stock counter. */
const PRODUCT_COUNTERS = [CATALOG.products, CATALOG_STOCK_COUNTER];

/**
 * Products as the catalog read model has them now, remembered while the products collection
 * does not change. Every cart command reads its product (price, stock, options), and a shop's
 * carts are full of the same few products; reading and parsing the document each time was a
 * good part of a command's cost. The change version is read before the document, so nothing is
 * remembered under a version newer than itself; any write to the products (from whichever
 * connection, thread or process) moves the version and retires every entry.
 *
 * The composition root makes one per read store and hands it to every command that prices or
 * checks a product (`CommandDeps.products`), so they share what it remembers.
 */
export class CatalogProducts {
  private readonly remembered = new LRUCache<string, { version: string; product: Readonly<ProductDoc> }>({ max: 10_000 });

  constructor(private readonly docs: DocumentStore) {}

  async get(productId: string): Promise<Readonly<ProductDoc> | null> {
    const version = await this.docs.changeVersion(PRODUCT_COUNTERS);
    const known = this.remembered.get(productId);
    if (known?.version === version) return known.product;
    const product = await this.docs.get<ProductDoc>(CATALOG.products, productId);
    if (!product) {
      this.remembered.delete(productId);
      return null;
    }
    // Shared by every caller until the catalog changes: frozen, so nobody edits it for the others.
    const frozen = Object.freeze(product);
    this.remembered.set(productId, { version, product: frozen });
    return frozen;
  }
}
