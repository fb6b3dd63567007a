import Router from '@koa/router';
import { REVIEWS, isId, type ReviewDoc } from '@shop/contracts';
import { HttpError, type DocumentStore } from '@shop/platform';

/** A product's reviews, oldest first (public: visitors read reviews too). */
export function reviewQueryRouter(deps: { docs: DocumentStore }): Router {
  const router = new Router();
  router.get('/productReviews', async (ctx) => {
    const productId = ctx.query.productId;
    if (!isId(productId)) throw new HttpError(400, { error: true, msg: 'productId is required' });
    ctx.body = await deps.docs.find<ReviewDoc>(REVIEWS.reviews, { productId }, { sort: [['dateCreated', 1], ['_id', 1]] });
  });
  return router;
}
