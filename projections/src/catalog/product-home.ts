import { CATALOG, type ProductDoc } from '@shop/contracts';
import type { ProjectionView } from '../projection.ts';

/** The catalog collections a product's document lives in: on sale, or unpublished. */
export type ProductCollection = typeof CATALOG.products | typeof CATALOG.unpublishedProducts;

/**
 * Where a product's document is now, and the document. Whatever follows a product (its stock,
 * its rating, its edits) updates it there, so an unpublished product comes back as it stands.
 */
export async function productHome<T extends ProductDoc = ProductDoc>(
  view: ProjectionView,
  productId: string,
): Promise<{ collection: ProductCollection; doc: T } | null> {
  const onSale = await view.get<T>(CATALOG.products, productId);
  if (onSale) return { collection: CATALOG.products, doc: onSale };
  const unpublished = await view.get<T>(CATALOG.unpublishedProducts, productId);
  return unpublished ? { collection: CATALOG.unpublishedProducts, doc: unpublished } : null;
}
