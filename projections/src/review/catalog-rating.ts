import { reviewEventSchemas, roundToHalf, type ProductDoc } from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import type { ProjectionView } from '../projection.ts';
import { productHome } from '../catalog/product-home.ts';

/**
 * Catalog handler: a review sets the product's rating (average to the nearest half star) and
 * review count from the totals the event carries. Setting, not adding, keeps a replay harmless.
 */
export async function applyReviewToProduct(event: RecordedEvent, view: ProjectionView): Promise<void> {
  const schema = event.type === 'ProductReviewEdited' ? reviewEventSchemas.ProductReviewEdited : reviewEventSchemas.ProductReviewed;
  const data = schema.parse(event.data);
  // Where the product is now: an unpublished one keeps its rating up to date for its return.
  const home = await productHome(view, data.productId);
  if (!home) return;
  const rating = roundToHalf(data.ratingSum / data.numReviews);
  const rated: ProductDoc = { ...home.doc, rating, numReviews: data.numReviews };
  view.put(home.collection, rated);
}
