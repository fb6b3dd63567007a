import Router from '@koa/router';
import { z } from 'zod';
import { MY_LIST_MESSAGES, idSchema, isId } from '@shop/contracts';
import { HttpError, assertSelf, failuresAs, requireUser, validate } from '@shop/platform';
import { READ_MODELS, bodyOf, type CommandDeps } from '../shared/http.ts';
import { answerRefusals, refusalReply } from '../shared/refusals.ts';
import { MyListCommands } from './commands.ts';

const addBody = z.object({ productId: idSchema });
/**
 * My List's refusals (my-list/decider.ts, commands.ts) as the original client reads them: `status:
 * false` + `msg`.
 */
const myListFailureBody = (msg: string) => ({ status: false, msg });
export const myListRefusal = refusalReply(myListFailureBody);

/** My List's routes: who and what from the request, the rules in `MyListCommands`. */
export function myListCommandRoutes(deps: CommandDeps): Router {
  const router = new Router();
  // A refused token or someone else's id is answered with `status: false` too.
  const auth = [failuresAs(myListFailureBody), requireUser(deps.tokens)];
  const myList = new MyListCommands(deps.streams, deps.products);

  router.post('/my-list/add', ...auth, answerRefusals(myListRefusal), deps.writes.guard('basket'), async (ctx) => {
    const body = bodyOf(ctx);
    const { userId } = assertSelf(ctx, body.userId);
    const { productId } = validate(addBody, body, (msg) => new HttpError(400, myListFailureBody(msg)));
    const { entry, position } = await myList.add(userId, productId);
    await deps.awaitProjections(position, [READ_MODELS.myList]);
    ctx.status = 201;
    ctx.body = deps.publicUrls.withImage(entry);
  });

  router.delete('/my-list/:id', ...auth, answerRefusals(myListRefusal), deps.writes.guard('basket'), async (ctx) => {
    const { userId } = assertSelf(ctx, ctx.query.userId);
    const entryId = ctx.params.id;
    if (!isId(entryId)) throw new HttpError(404, { status: false, msg: MY_LIST_MESSAGES.notFound });
    const { position } = await myList.remove(userId, entryId);
    await deps.awaitProjections(position, [READ_MODELS.myList]);
    ctx.body = { success: true, message: MY_LIST_MESSAGES.removed };
  });

  return router;
}
