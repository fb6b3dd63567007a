import { reviewEventSchemas, type ReviewDoc } from '@shop/contracts';
import type { Projection } from '../projection.ts';

export const REVIEWS = { reviews: 'productReviews' } as const;

/** Reviews per product (`GET /api/productReviews`). The product's rating is the catalog's job. */
export const reviewProjection: Projection = {
  name: 'reviews',
  collections: [{ name: REVIEWS.reviews, indexes: [['productId', 'dateCreated']] }],
  handles: new Set(['ProductReviewed']),
  apply(event, view) {
    const { reviewId, productId, customerId, customerName, review, customerRating, dateCreated } =
      reviewEventSchemas.ProductReviewed.parse(event.data);
    const doc: ReviewDoc = { _id: reviewId, id: reviewId, productId, customerId, customerName, review, customerRating, dateCreated };
    view.put(REVIEWS.reviews, doc);
  },
};
