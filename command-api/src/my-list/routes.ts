import Router from '@koa/router';
import { z } from 'zod';
import {
  MY_LIST_MESSAGES,
  idSchema,
  isId,
  myListEventSchemas,
  myListStreams,
  newId,
  type MyListDoc,
  type MyListEventMap,
} from '@shop/contracts';
import { HttpError, assertSelf, requireUser, validate } from '@shop/platform';
import type { DomainEvent } from '../shared/decider.ts';
import { READ_MODELS, bodyOf, catalogProduct, type CommandDeps } from '../shared/http.ts';
import { answerRefusals, refusalReply } from '../shared/refusals.ts';
import { myListDecider } from './decider.ts';

const check = (event: DomainEvent) => {
  myListEventSchemas[event.type as keyof MyListEventMap].parse(event.data);
};
const addBody = z.object({ productId: idSchema });
/** My List's refusals (my-list/decider.ts) as the spec's replies: `status: false` + `msg`. */
export const myListRefusal = refusalReply((msg) => ({ status: false, msg }));

/** My List commands. The entry's title, image, rating and price come from the catalog read model. */
export function myListCommandRoutes(deps: CommandDeps): Router {
  const router = new Router();
  const auth = requireUser(deps.tokens);
  const { streams } = deps;

  router.post('/my-list/add', auth, answerRefusals(myListRefusal), async (ctx) => {
    const body = bodyOf(ctx);
    const { userId } = assertSelf(ctx, body.userId);
    const { productId } = validate(addBody, body, (msg) => new HttpError(400, { status: false, msg }));
    const product = await catalogProduct(deps.products, productId, { status: false, msg: 'Product not found' });
    const entry = {
      entryId: newId(),
      productId,
      productTitle: product.name,
      image: product.images[0] ?? '',
      rating: product.rating,
      price: product.price,
    };
    const result = await streams.handle(myListStreams.list(userId), myListDecider, { type: 'AddToList', userId, entry }, { userId }, { check });
    await deps.awaitProjections(result.position, [READ_MODELS.myList]);
    const { entryId, ...rest } = entry;
    const doc: MyListDoc = { _id: entryId, id: entryId, userId, ...rest, dateCreated: new Date().toISOString() };
    ctx.status = 201;
    ctx.body = deps.publicUrls.withImage(doc);
  });

  router.delete('/my-list/:id', auth, answerRefusals(myListRefusal), async (ctx) => {
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const entryId = ctx.params.id;
    if (!isId(entryId)) throw new HttpError(404, { status: false, msg: MY_LIST_MESSAGES.notFound });
    const result = await streams.handle(myListStreams.list(userId), myListDecider, { type: 'RemoveFromList', userId, entryId }, { userId }, { check });
    await deps.awaitProjections(result.position, [READ_MODELS.myList]);
    ctx.body = { success: true, message: MY_LIST_MESSAGES.removed };
  });

  return router;
}
