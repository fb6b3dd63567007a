import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { REVIEW_MESSAGES, newId } from '@shop/contracts';
import { DomainError } from '../shared/decider.ts';
import { reviewStream, type AddReview, type ReviewEvent } from './decider.ts';

const productId = newId();
const review = (rating: number, text = 'Lovely', customerId = 'u1', customerName = 'Asha', verified: Partial<Pick<AddReview, 'verifiedBuyer' | 'verifiedBuyersOnly'>> = {}): AddReview => ({
  type: 'AddReview',
  reviewId: newId(),
  productId,
  customerId,
  customerName,
  review: text,
  customerRating: rating,
  dateCreated: '2026-01-01T00:00:00.000Z',
  verifiedBuyer: false,
  verifiedBuyersOnly: false,
  ...verified,
});
const when = (events: ReviewEvent[], command: AddReview) => given(reviewStream, events).when(command);

describe('review decider', () => {
  it('records a review with the product\'s new totals', () => {
    const first = when([], review(4));
    expect(first).toEqual([{ type: 'ProductReviewed', data: expect.objectContaining({ customerRating: 4, numReviews: 1, ratingSum: 4 }) }]);
    const second = when(first, review(3.5, 'Nice', 'u2', 'Ravi'));
    expect(second[0]!.data).toMatchObject({ numReviews: 2, ratingSum: 7.5 });
  });

  it('refuses empty text and ratings outside 1–5 or between half steps', () => {
    expect(() => when([], review(4, '   '))).toThrow(new DomainError('invalid', 'Please add a Review'));
    for (const rating of [0, 0.5, 5.5, 3.3]) expect(() => when([], review(rating))).toThrow(DomainError);
  });

  it('records a review once however often it is sent', () => {
    const command = review(5);
    const given = when([], command);
    expect(when(given, command)).toEqual([]);
  });

  it('given a customer\'s review, when they review the product again, then their one review is edited and the totals follow', () => {
    const first = when([], review(4, 'Lovely'));
    const other = when(first, review(2, 'Meh', 'u2', 'Ravi'));
    const again = review(5, 'Even better after a month');
    const edit = when([...first, ...other], again);
    expect(edit).toEqual([
      {
        type: 'ProductReviewEdited',
        data: {
          reviewId: first[0]!.data.reviewId,
          productId,
          customerId: 'u1',
          customerName: 'Asha',
          review: 'Even better after a month',
          customerRating: 5,
          dateCreated: first[0]!.data.dateCreated,
          editedAt: again.dateCreated,
          numReviews: 2,
          ratingSum: 7,
          verifiedBuyer: false,
        },
      },
    ]);
    const state = given(reviewStream, [...first, ...other, ...edit]).state;
    expect(state).toMatchObject({ numReviews: 2, ratingSum: 7 });
    expect(state.byCustomer.get('u1')).toMatchObject({ reviewId: first[0]!.data.reviewId, review: 'Even better after a month', customerRating: 5 });
  });

  it('given a customer\'s review, when the same review comes again under a new id, then nothing changes', () => {
    const first = when([], review(4, 'Lovely'));
    expect(when(first, review(4, '  Lovely '))).toEqual([]);
  });

  it('refuses a review without a rating (no rating is assumed)', () => {
    expect(() => when([], review(Number.NaN))).toThrow(new DomainError('invalid', REVIEW_MESSAGES.ratingMissing));
  });

  it('records whether the reviewer had bought and received the product, and keeps the badge once earned', () => {
    const unverified = when([], review(4, 'Lovely', 'u1', 'Asha'));
    expect(unverified[0]!.data.verifiedBuyer).toBe(false);
    // Sending the same review again once the parcel has arrived earns the badge.
    const arrived = when(unverified, review(4, 'Lovely', 'u1', 'Asha', { verifiedBuyer: true }));
    expect(arrived).toEqual([{ type: 'ProductReviewEdited', data: expect.objectContaining({ verifiedBuyer: true, numReviews: 1, ratingSum: 4 }) }]);
    // A later edit keeps it: a delivered order stays delivered.
    const edited = when([...unverified, ...arrived], review(5, 'Still lovely', 'u1', 'Asha', { verifiedBuyer: false }));
    expect(edited[0]!.data).toMatchObject({ verifiedBuyer: true, customerRating: 5 });
    expect(when([], review(5, 'Great', 'u2', 'Ravi', { verifiedBuyer: true }))[0]!.data.verifiedBuyer).toBe(true);
  });

  it('given a shop that takes verified buyers only, refuses others (new reviews and edits) with a clear message', () => {
    const only = { verifiedBuyersOnly: true };
    expect(() => when([], review(5, 'Great', 'u1', 'Asha', only))).toThrow(new DomainError('not-allowed', REVIEW_MESSAGES.verifiedBuyersOnly));
    const earlier = when([], review(4, 'Written before the rule', 'u1', 'Asha'));
    expect(() => when(earlier, review(5, 'Edited after', 'u1', 'Asha', only))).toThrow(DomainError);
    expect(when([], review(5, 'Great', 'u1', 'Asha', { ...only, verifiedBuyer: true }))[0]!.data).toMatchObject({ verifiedBuyer: true });
  });
});
