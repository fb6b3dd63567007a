import { z } from 'zod';
import { idSchema } from './ids.ts';
import { REVIEW_MESSAGES } from './review-rules.ts';

export { REVIEW_MESSAGES };

/** Ratings go from 1 to 5 in half steps (the UI's half-star control). */
export const reviewRating = z
  .number({ error: REVIEW_MESSAGES.ratingMissing })
  .min(1, 'Rating must be between 1 and 5')
  .max(5, 'Rating must be between 1 and 5')
  .refine((n) => Number.isInteger(n * 2), 'Rating goes in half steps');

/**
 * A review, with the product's rating summary after it: the review stream knows every review of
 * the product, so readers (the catalog) can set rating and count without counting themselves.
 */
export const productReviewed = z.object({
  reviewId: idSchema,
  productId: idSchema,
  customerId: z.string().min(1),
  customerName: z.string().min(1).max(80),
  review: z.string().min(1).max(2000),
  customerRating: reviewRating,
  dateCreated: z.iso.datetime(),
  numReviews: z.number().int().min(1),
  ratingSum: z.number().min(1),
  /**
   * The reviewer had bought the product and received it (an order of theirs holding it was
   * delivered) when they wrote this; decided from their order streams as the review is written.
   */
  verifiedBuyer: z.boolean(),
});

/**
 * Version 2 of ProductReviewed and ProductReviewEdited adds `verifiedBuyer`. Reviews written
 * before it were never checked against orders, so they read as unverified.
 */
export function reviewV1ToV2(data: unknown): unknown {
  return { ...(data as Record<string, unknown>), verifiedBuyer: false };
}

/**
 * A customer reviewed a product they had reviewed already: their one review of it now says this
 * (one review per customer and product). `dateCreated` stays the first review's; the summary is
 * the product's after the change (the count does not move, the sum does).
 */
export const productReviewEdited = productReviewed.extend({
  editedAt: z.iso.datetime(),
});

export const reviewEventSchemas = { ProductReviewed: productReviewed, ProductReviewEdited: productReviewEdited } as const;
export type ReviewEventMap = { [K in keyof typeof reviewEventSchemas]: z.infer<(typeof reviewEventSchemas)[K]> };

export const reviewStreams = { product: (productId: string) => `review-${productId}` } as const;

/** The product's shown rating: the average of its reviews, to the nearest half star. */
export function roundToHalf(value: number): number {
  return Math.round(value * 2) / 2;
}
