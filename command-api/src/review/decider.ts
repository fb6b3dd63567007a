import type { ReviewEventMap } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';

export type ReviewEvent = DomainEvent<'ProductReviewed', ReviewEventMap['ProductReviewed']>;

/** A product's reviews so far, summed, so each new review can carry the product's new average. */
export interface ReviewState {
  numReviews: number;
  ratingSum: number;
  reviewIds: ReadonlySet<string>;
}

export interface AddReview {
  type: 'AddReview';
  reviewId: string;
  productId: string;
  customerId: string;
  customerName: string;
  review: string;
  customerRating: number;
  dateCreated: string;
}

export const reviewDecider: Decider<ReviewState, AddReview, ReviewEvent> = {
  initialState: { numReviews: 0, ratingSum: 0, reviewIds: new Set() },
  evolve(state, event) {
    return {
      numReviews: event.data.numReviews,
      ratingSum: event.data.ratingSum,
      reviewIds: new Set(state.reviewIds).add(event.data.reviewId),
    };
  },
  decide(command, state) {
    if (state.reviewIds.has(command.reviewId)) return [];
    const review = command.review.trim();
    if (!review) throw new DomainError('Please add a Review');
    const rating = command.customerRating;
    if (!(rating >= 1 && rating <= 5) || !Number.isInteger(rating * 2)) {
      throw new DomainError('Rating must be between 1 and 5 in half steps');
    }
    const { type: _type, ...data } = command;
    return [
      {
        type: 'ProductReviewed',
        data: { ...data, review, numReviews: state.numReviews + 1, ratingSum: state.ratingSum + rating },
      },
    ];
  },
};
