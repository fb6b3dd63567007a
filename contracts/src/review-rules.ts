/**
 * What a shopper is told when a review breaks a rule, in one zod-free module so the storefront's
 * form (`@shop/contracts/review-rules`) says what the server says.
 */
export const REVIEW_MESSAGES = {
  /** No stars chosen: a rating is never assumed, so an untouched form cannot post one star. */
  ratingMissing: 'Please choose a rating',
  /** The shop takes reviews from verified buyers only (REVIEWS_VERIFIED_BUYERS_ONLY). */
  verifiedBuyersOnly: 'Only shoppers who bought this product and received it can review it',
} as const;
