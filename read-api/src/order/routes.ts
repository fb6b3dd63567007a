import Router from '@koa/router';
import { ACCOUNT_COLLECTIONS, FIRST_ORDER_DISCOUNT, ORDERS, firstOrderDiscountEligible, isId, trackingUrlFor, type Billing, type OrderDoc, type UserDoc } from '@shop/contracts';
import { HttpError, assertSelf, currentUser, isVisitor, requireUser, userOrVisitor, type Config, type DocumentStore, type PublicUrls, type TokenService } from '@shop/platform';

const notFound = () => new HttpError(404, { error: true, msg: 'Order not found' });

interface OrderQueryDeps {
  docs: DocumentStore;
  tokens: TokenService;
  publicUrls: PublicUrls;
  config: Pick<Config, 'TRACKING_URL_TEMPLATE'>;
}

/**
 * The caller's orders, newest first, and one order of theirs (anyone else's is "not found"). A
 * visitor (no token, or an existing client's `Bearer null` right after signing in) has no orders,
 * as its cart and My List are empty; a token that is not valid is still a 401.
 */
export function orderQueryRouter(deps: OrderQueryDeps): Router {
  const router = new Router();
  const auth = requireUser(deps.tokens);
  // The link is made when served, not kept, so a changed carrier setting applies to every order.
  const served = (order: OrderDoc): OrderDoc =>
    deps.publicUrls.withLineImages(
      order.trackingNumber ? { ...order, trackingUrl: trackingUrlFor(deps.config.TRACKING_URL_TEMPLATE, order.trackingNumber) } : order,
    );

  router.get('/orders', userOrVisitor(deps.tokens), async (ctx) => {
    if (isVisitor(ctx)) {
      ctx.body = [];
      return;
    }
    const { userId } = assertSelf(ctx, ctx.query.userid ?? ctx.query.userId);
    const orders = await deps.docs.find<OrderDoc>(ORDERS.orders, { userid: userId }, { sort: [['date', -1], ['_id', -1]] });
    ctx.body = orders.map(served);
  });

  // What the checkout form starts from: the profile's name, e-mail and phone, the address of the
  // shopper's last order, and whether the first-order discount still applies (the payment's
  // own pricing decides; this is what the summary shows before it).
  router.get('/orders/checkout/defaults', auth, async (ctx) => {
    const { userId } = currentUser(ctx);
    const [user, last] = await Promise.all([
      deps.docs.get<UserDoc>(ACCOUNT_COLLECTIONS.users, userId),
      deps.docs.find<OrderDoc>(ORDERS.orders, { userid: userId }, { sort: [['date', -1], ['_id', -1]], limit: 1 }),
    ]);
    const order = last[0];
    const fromOrder: Partial<Billing> = order?.billing ?? (order ? { fullName: order.name, phoneNumber: order.phoneNumber, email: order.email, zipCode: order.pincode } : {});
    const billing: Partial<Billing> = {
      ...fromOrder,
      // The profile is who the shopper is now; the last order only says where they had it sent.
      ...(user?.name ? { fullName: user.name } : {}),
      ...(user?.email ? { email: user.email } : {}),
      ...(user?.phone ? { phoneNumber: user.phone } : {}),
    };
    // The write side's own eligibility rule. Its claim stream is not in the read models, but a
    // claim is only ever made by the checkout that then places its order (nothing in between can
    // fail; the startup recovery finishes a crash), so "no order placed" is what the claim says too.
    const eligible = firstOrderDiscountEligible({ claimed: false, ordersPlaced: order ? 1 : 0 });
    ctx.body = { billing, firstOrderDiscount: eligible ? FIRST_ORDER_DISCOUNT : 0 };
  });

  router.get('/orders/:id', auth, async (ctx) => {
    const { userId } = currentUser(ctx);
    const id = ctx.params.id;
    if (!isId(id)) throw notFound();
    const order = await deps.docs.get<OrderDoc>(ORDERS.orders, id);
    if (!order || order.userid !== userId) throw notFound();
    ctx.body = served(order);
  });
  return router;
}
