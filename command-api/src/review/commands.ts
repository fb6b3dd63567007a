import { ACCOUNT_COLLECTIONS, newId, type ReviewDoc, type UserDoc } from '@shop/contracts';
import type { DocumentStore } from '@shop/platform';
import type { CatalogProducts } from '../shared/catalog-products.ts';
import { DomainError } from '../shared/decider.ts';
import type { StreamCommands } from '../shared/stream-commands.ts';
import { reviewStream } from './decider.ts';
import { isVerifiedBuyer } from './verified-buyer.ts';

export interface ReviewInput {
  productId: string;
  review: string;
  customerRating: number;
}

export interface ReviewPolicy {
  /** Refuse reviews from shoppers who have not bought and received the product (REVIEWS_VERIFIED_BUYERS_ONLY). */
  verifiedBuyersOnly: boolean;
}

/**
 * Reviews' write side: one review per customer and product (a second one edits the first).
 * The name shown is the account's, never the request's.
 */
export class ReviewCommands {
  constructor(
    private readonly streams: StreamCommands,
    private readonly products: CatalogProducts,
    private readonly docs: DocumentStore,
    private readonly policy: ReviewPolicy,
  ) {}

  /** The review as it stands after the command (new, edited or unchanged) and whether it is new. */
  async add(customer: { userId: string; email: string }, input: ReviewInput): Promise<{ review: ReviewDoc; created: boolean; position: bigint }> {
    if (!(await this.products.get(input.productId))) throw new DomainError('not-found', 'Product not found');
    const account = await this.docs.get<UserDoc>(ACCOUNT_COLLECTIONS.users, customer.userId);
    const command = {
      type: 'AddReview',
      reviewId: newId(),
      productId: input.productId,
      customerId: customer.userId,
      customerName: account?.name || customer.email.split('@')[0] || 'Customer',
      review: input.review,
      customerRating: input.customerRating,
      dateCreated: new Date().toISOString(),
      verifiedBuyer: await isVerifiedBuyer({ docs: this.docs, streams: this.streams }, customer.userId, input.productId),
      verifiedBuyersOnly: this.policy.verifiedBuyersOnly,
    } as const;
    const result = await this.streams.handle(reviewStream.at(input.productId), command, { userId: customer.userId });
    const stored = result.events[0]?.data ?? { ...result.state.byCustomer.get(customer.userId)!, productId: input.productId, customerId: customer.userId };
    const { reviewId, productId, customerId, customerName, review, customerRating, dateCreated, verifiedBuyer } = stored;
    return {
      review: { _id: reviewId, id: reviewId, productId, customerId, customerName, review, customerRating, dateCreated, verifiedBuyer },
      created: result.events[0]?.type === 'ProductReviewed',
      position: result.position,
    };
  }
}
