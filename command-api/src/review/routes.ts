import Router from '@koa/router';
import { z } from 'zod';
import { idSchema } from '@shop/contracts';
import { assertSelf, requireUser, validate } from '@shop/platform';
import { READ_MODELS, bodyOf, type CommandDeps } from '../shared/http.ts';
import { answerRefusals, refusalReply } from '../shared/refusals.ts';
import { ReviewCommands } from './commands.ts';

/**
 * Review refusals (review/decider.ts, commands.ts) as the original client reads them: `error: true`
 * + `msg`.
 */
export const reviewRefusal = refusalReply((msg) => ({ error: true, msg }));

/**
 * Checked in the order the form shows them; empty text gets "Please add a Review", as the original
 * said.
 */
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
  const reviews = new ReviewCommands(deps.streams, deps.products, deps.docs);

  router.post('/productReviews/add', requireUser(deps.tokens), answerRefusals(reviewRefusal), deps.writes.guard('review'), async (ctx) => {
    const body = bodyOf(ctx);
    // Who wrote it is customerId, from the token; the name shown is the account's, never the body's.
    const user = assertSelf(ctx, body.customerId);
    const { productId, review, customerRating } = validate(reviewBody, body);
    const result = await reviews.add(user, { productId, review, customerRating });
    await deps.awaitProjections(result.position, [READ_MODELS.reviews, READ_MODELS.catalog]);
    ctx.status = result.created ? 201 : 200;
    ctx.body = result.review;
  });

  return router;
}
