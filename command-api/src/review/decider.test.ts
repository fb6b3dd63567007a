import { describe, expect, it } from 'vitest';
import { newId } from '@shop/contracts';
import { DomainError, fold } from '../shared/decider.ts';
import { reviewDecider, type AddReview, type ReviewEvent } from './decider.ts';

const productId = newId();
const review = (rating: number, text = 'Lovely'): AddReview => ({
  type: 'AddReview',
  reviewId: newId(),
  productId,
  customerId: 'u1',
  customerName: 'Asha',
  review: text,
  customerRating: rating,
  dateCreated: '2026-01-01T00:00:00.000Z',
});
const when = (given: ReviewEvent[], command: AddReview) => reviewDecider.decide(command, fold(reviewDecider, given));

describe('review decider', () => {
  it('records a review with the product\'s new totals', () => {
    const first = when([], review(4));
    expect(first).toEqual([{ type: 'ProductReviewed', data: expect.objectContaining({ customerRating: 4, numReviews: 1, ratingSum: 4 }) }]);
    const second = when(first, review(3.5));
    expect(second[0]!.data).toMatchObject({ numReviews: 2, ratingSum: 7.5 });
  });

  it('refuses empty text and ratings outside 1–5 or between half steps', () => {
    expect(() => when([], review(4, '   '))).toThrow(new DomainError('Please add a Review'));
    for (const rating of [0, 0.5, 5.5, 3.3]) expect(() => when([], review(rating))).toThrow(DomainError);
  });

  it('records a review once however often it is sent', () => {
    const command = review(5);
    const given = when([], command);
    expect(when(given, command)).toEqual([]);
  });
});
