import Router from '@koa/router';
import { z } from 'zod';
import { ACCOUNT_COLLECTIONS, idSchema, newId, reviewEventSchemas, reviewStreams, type ReviewDoc, type UserDoc } from '@shop/contracts';
import { assertSelf, requireUser, validate } from '@shop/platform';
import type { DomainEvent } from '../shared/decider.ts';
import { READ_MODELS, bodyOf, catalogProduct, type CommandDeps } from '../shared/http.ts';
import { answerRefusals, refusalReply } from '../shared/refusals.ts';
import { reviewDecider } from './decider.ts';

const check = (event: DomainEvent) => {
  reviewEventSchemas[event.type as keyof typeof reviewEventSchemas].parse(event.data);
};

/** Review refusals (review/decider.ts) as the spec's replies: `error: true` + `msg`. */
export const reviewRefusal = refusalReply((msg) => ({ error: true, msg }));

/** Checked in the order the form shows them, with the spec's message for empty text. */
const reviewBody = z.object({
  productId: idSchema,
  review: z.string({ error: 'Please add a Review' }).trim().min(1, 'Please add a Review').max(2000, 'The review is too long'),
  customerRating: z.coerce
    .number({ error: 'Rating must be a number' })
    .min(1, 'Rating must be between 1 and 5')
    .max(5, 'Rating must be between 1 and 5')
    .refine((n) => Number.isInteger(n * 2), 'Rating goes in half steps')
    .default(1),
  /** Accepted for the original client's sake and ignored: the name shown is the account's. */
  customerName: z.string().max(200).optional(),
});

/**
 * Adding a review (a second one by the same user edits the first). The reviewer is the token's
 * user and the name shown is their account's; the product's rating follows in the catalog.
 */
export function reviewCommandRoutes(deps: CommandDeps): Router {
  const router = new Router();
  const { streams } = deps;

  router.post('/productReviews/add', requireUser(deps.tokens), answerRefusals(reviewRefusal), async (ctx) => {
    const body = bodyOf(ctx);
    const user = assertSelf(ctx, body.customerId);
    const input = validate(reviewBody, body);
    await catalogProduct(deps.products, input.productId, { error: true, msg: 'Product not found' });
    // Who wrote it is customerId, from the token; the name shown is the account's, never the body's.
    const account = await deps.docs.get<UserDoc>(ACCOUNT_COLLECTIONS.users, user.userId);
    const command = {
      type: 'AddReview',
      reviewId: newId(),
      productId: input.productId,
      customerId: user.userId,
      customerName: account?.name || user.email.split('@')[0] || 'Customer',
      review: input.review,
      customerRating: input.customerRating,
      dateCreated: new Date().toISOString(),
    } as const;
    const result = await streams.handle(reviewStreams.product(input.productId), reviewDecider, command, { userId: user.userId }, { check });
    await deps.awaitProjections(result.position, [READ_MODELS.reviews, READ_MODELS.catalog]);
    // The review as it stands now: the new one, the first one edited, or the first one unchanged.
    const stored = result.events[0]?.data ?? { ...result.state.byCustomer.get(user.userId)!, productId: input.productId, customerId: user.userId };
    const { reviewId, productId, customerId, customerName, review, customerRating, dateCreated } = stored;
    const doc: ReviewDoc = { _id: reviewId, id: reviewId, productId, customerId, customerName, review, customerRating, dateCreated };
    ctx.status = result.events[0]?.type === 'ProductReviewed' ? 201 : 200;
    ctx.body = doc;
  });

  return router;
}
