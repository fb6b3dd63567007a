import { REVIEWS, reviewEventSchemas, type ReviewDoc } from '@shop/contracts';
import type { Projection } from '../projection.ts';

/** Reviews per product (`GET /api/productReviews`). The product's rating is the catalog's job. */
export const reviewProjection: Projection = {
  name: 'reviews',
  version: 2,
  collections: [{ name: REVIEWS.reviews, indexes: [['productId', 'dateCreated'], ['customerId', 'dateCreated']] }],
  handles: new Set(['ProductReviewed', 'ProductReviewEdited']),
  apply(event, view) {
    // An edit carries the whole review (and its first date), so both are a put of the same document.
    const schema = event.type === 'ProductReviewEdited' ? reviewEventSchemas.ProductReviewEdited : reviewEventSchemas.ProductReviewed;
    const { reviewId, productId, customerId, customerName, review, customerRating, dateCreated, verifiedBuyer } = schema.parse(event.data);
    const doc: ReviewDoc = { _id: reviewId, id: reviewId, productId, customerId, customerName, review, customerRating, dateCreated, verifiedBuyer };
    view.put(REVIEWS.reviews, doc);
  },
};
