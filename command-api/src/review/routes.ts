import Router from '@koa/router';
import { z } from 'zod';
import { REVIEW_MESSAGES, idSchema } from '@shop/contracts';
import { assertSelf, requireUser, validate } from '@shop/platform';
import { READ_MODELS, bodyOf, type CommandDeps } from '../shared/http.ts';
import { answerRefusals, refusalReply } from '../shared/refusals.ts';
import { ReviewCommands, type ReviewPolicy } from './commands.ts';

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
  // No default: a rating the shopper did not choose is not their opinion (an untouched form once
  // posted one star). Missing, null or blank is "choose one"; a number in a string still counts.
  customerRating: z
    .unknown()
    .refine((value) => !(value === undefined || value === null || (typeof value === 'string' && value.trim() === '')), REVIEW_MESSAGES.ratingMissing)
    // A number, or a short numeric string; never an array or a boolean that happens to coerce.
    .refine((value) => typeof value === 'number' || (typeof value === 'string' && value.length <= 8), 'Rating must be a number')
    .pipe(
      z.coerce
        .number({ error: 'Rating must be a number' })
        .min(1, 'Rating must be between 1 and 5')
        .max(5, 'Rating must be between 1 and 5')
        .refine((n) => Number.isInteger(n * 2), 'Rating goes in half steps'),
    ),
  /** Accepted for the original client's sake and ignored: the name shown is the account's. */
  customerName: z.string().max(200).optional(),
});

/**
 * Adding a review (a second one by the same user edits the first). The reviewer is the token's
 * user and the name shown is their account's; the product's rating follows in the catalog.
 */
export function reviewCommandRoutes(deps: CommandDeps, policy: ReviewPolicy): Router {
  const router = new Router();
  const reviews = new ReviewCommands(deps.streams, deps.products, deps.docs, policy);

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
