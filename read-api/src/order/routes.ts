import Router from '@koa/router';
import { isId, type OrderDoc } from '@shop/contracts';
import { HttpError, assertSelf, currentUser, requireUser, type DocumentStore, type PublicUrls, type TokenService } from '@shop/platform';
import { ORDERS } from '@shop/projections';

const notFound = () => new HttpError(404, { error: true, msg: 'Order not found' });

/** The caller's orders, newest first, and one order of theirs (anyone else's is "not found"). */
export function orderQueryRouter(deps: { docs: DocumentStore; tokens: TokenService; publicUrls: PublicUrls }): Router {
  const router = new Router();
  const auth = requireUser(deps.tokens);

  router.get('/orders', auth, async (ctx) => {
    const { userId } = assertSelf(ctx, ctx.query.userid ?? ctx.query.userId);
    const orders = await deps.docs.find<OrderDoc>(ORDERS.orders, { userid: userId }, { sort: [['date', -1], ['_id', -1]] });
    ctx.body = orders.map((order) => deps.publicUrls.withLineImages(order));
  });

  router.get('/orders/:id', auth, async (ctx) => {
    const { userId } = currentUser(ctx);
    const id = ctx.params.id;
    if (!isId(id)) throw notFound();
    const order = await deps.docs.get<OrderDoc>(ORDERS.orders, id);
    if (!order || order.userid !== userId) throw notFound();
    ctx.body = deps.publicUrls.withLineImages(order);
  });
  return router;
}
