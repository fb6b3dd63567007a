import Router from '@koa/router';
import { z } from 'zod';
import { idSchema, newId, reviewEventSchemas, reviewStreams, type ReviewDoc } from '@shop/contracts';
import { assertSelf, requireUser, validate } from '@shop/platform';
import type { DomainEvent } from '../shared/decider.ts';
import { READ_MODELS, bodyOf, catalogProduct, replyingDomainErrors, type CommandDeps } from '../cart/http.ts';
import { streamCommands } from '../shared/stream-commands.ts';
import { reviewDecider } from './decider.ts';

const check = (event: DomainEvent) => {
  reviewEventSchemas.ProductReviewed.parse(event.data);
};

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
  customerName: z.string().trim().max(80).optional(),
});

/** Adding a review. The reviewer is the token's user; the product's rating follows in the catalog. */
export function reviewCommandRoutes(deps: CommandDeps): Router {
  const router = new Router();
  const streams = streamCommands(deps.events);

  router.post('/productReviews/add', requireUser(deps.tokens), async (ctx) => {
    const body = bodyOf(ctx);
    const user = assertSelf(ctx, body.customerId);
    const input = validate(reviewBody, body);
    await catalogProduct(deps.docs, input.productId, { error: true, msg: 'Product not found' });
    const command = {
      type: 'AddReview',
      reviewId: newId(),
      productId: input.productId,
      customerId: user.userId,
      // A display name only; who wrote it is customerId, from the token.
      customerName: input.customerName || user.email.split('@')[0] || 'Customer',
      review: input.review,
      customerRating: input.customerRating,
      dateCreated: new Date().toISOString(),
    } as const;
    const result = await replyingDomainErrors(() =>
      streams.handle(reviewStreams.product(input.productId), reviewDecider, command, { userId: user.userId }, { check }),
    );
    await deps.awaitProjections(result.position, [READ_MODELS.reviews, READ_MODELS.catalog]);
    const { type: _type, reviewId, ...rest } = command;
    const doc: ReviewDoc = { _id: reviewId, id: reviewId, ...rest };
    ctx.status = 201;
    ctx.body = doc;
  });

  return router;
}
