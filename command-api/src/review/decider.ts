import { REVIEW_MESSAGES, type ReviewEventMap, reviewStreams, reviewEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';
import { streamType } from '../shared/stream-type.ts';

export type ReviewEvent =
  | DomainEvent<'ProductReviewed', ReviewEventMap['ProductReviewed']>
  | DomainEvent<'ProductReviewEdited', ReviewEventMap['ProductReviewEdited']>;

/** What one customer's review of the product says now. */
interface CustomerReview {
  reviewId: string;
  customerName: string;
  review: string;
  customerRating: number;
  dateCreated: string;
  verifiedBuyer: boolean;
}

/**
 * A product's reviews so far, summed, so each new review can carry the product's new average,
 * and each customer's one review, so a second one edits it instead of adding another.
 */
export interface ReviewState {
  numReviews: number;
  ratingSum: number;
  reviewIds: ReadonlySet<string>;
  byCustomer: ReadonlyMap<string, CustomerReview>;
}

/** A customer's review of a product: the first adds it, any later one edits it. */
export interface AddReview {
  type: 'AddReview';
  /** The id a new review gets (derived by the caller; a retried command is recognised by it). */
  reviewId: string;
  productId: string;
  customerId: string;
  customerName: string;
  review: string;
  customerRating: number;
  dateCreated: string;
  /** The customer had bought and received the product by now (decided from their orders: verified-buyer.ts). */
  verifiedBuyer: boolean;
  /** The shop takes reviews from verified buyers only (REVIEWS_VERIFIED_BUYERS_ONLY). */
  verifiedBuyersOnly: boolean;
}

export const reviewDecider: Decider<ReviewState, AddReview, ReviewEvent> = {
  initialState: { numReviews: 0, ratingSum: 0, reviewIds: new Set(), byCustomer: new Map() },
  evolve(state, event) {
    const { reviewId, customerId, customerName, review, customerRating, dateCreated, verifiedBuyer } = event.data;
    return {
      numReviews: event.data.numReviews,
      ratingSum: event.data.ratingSum,
      reviewIds: new Set(state.reviewIds).add(reviewId),
      byCustomer: new Map(state.byCustomer).set(customerId, { reviewId, customerName, review, customerRating, dateCreated, verifiedBuyer }),
    };
  },
  decide(command, state) {
    if (state.reviewIds.has(command.reviewId)) return [];
    const review = command.review.trim();
    if (!review) throw new DomainError('invalid', 'Please add a Review');
    const rating = command.customerRating;
    if (!Number.isFinite(rating)) throw new DomainError('invalid', REVIEW_MESSAGES.ratingMissing);
    if (!(rating >= 1 && rating <= 5) || !Number.isInteger(rating * 2)) {
      throw new DomainError('invalid', 'Rating must be between 1 and 5 in half steps');
    }
    const { productId, customerId, customerName } = command;
    const earlier = state.byCustomer.get(customerId);
    // A delivered order stays delivered, so a badge once earned is kept.
    const verifiedBuyer = command.verifiedBuyer || (earlier?.verifiedBuyer ?? false);
    // Checked on edits too: a shop that turned the rule on takes no new words from anyone else.
    if (command.verifiedBuyersOnly && !verifiedBuyer) throw new DomainError('not-allowed', REVIEW_MESSAGES.verifiedBuyersOnly);
    if (earlier) {
      // One review per customer and product: a second one edits the first, so one shopper can
      // neither stuff a product's rating nor bury it under copies. Sending it again once the
      // order has arrived earns the badge.
      const unchanged = earlier.review === review && earlier.customerRating === rating && earlier.customerName === customerName;
      if (unchanged && earlier.verifiedBuyer === verifiedBuyer) return [];
      return [
        {
          type: 'ProductReviewEdited',
          data: {
            reviewId: earlier.reviewId,
            productId,
            customerId,
            customerName,
            review,
            customerRating: rating,
            dateCreated: earlier.dateCreated,
            editedAt: command.dateCreated,
            numReviews: state.numReviews,
            ratingSum: state.ratingSum - earlier.customerRating + rating,
            verifiedBuyer,
          },
        },
      ];
    }
    return [
      {
        type: 'ProductReviewed',
        data: {
          reviewId: command.reviewId,
          productId,
          customerId,
          customerName,
          review,
          customerRating: rating,
          dateCreated: command.dateCreated,
          numReviews: state.numReviews + 1,
          ratingSum: state.ratingSum + rating,
          verifiedBuyer,
        },
      },
    ];
  },
};

/** A product's reviews (`review-<productId>`). */
export const reviewStream = streamType({ kind: 'review', decider: reviewDecider, streamId: reviewStreams.product, schemas: reviewEventSchemas });
