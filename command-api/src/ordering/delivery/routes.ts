import Router from '@koa/router';
import { z } from 'zod';
import { PINCODE_MESSAGE, idSchema, pincodeField } from '@shop/contracts';
import { HttpError, validate } from '@shop/platform';
import type { CatalogProducts } from '../../shared/catalog-products.ts';
import { quoteDelivery, type DeliverySettings } from './quote.ts';

export interface DeliveryDeps {
  delivery: DeliverySettings;
  products: CatalogProducts;
  /** The cash-on-delivery fee (COD_FEE), told with a pincode's estimate so the checkout's summary can show it. */
  cod?: { settings: { fee: number } };
  /** The clock the promised date counts from (tests pass their own). */
  now?: () => Date;
}

/** One value per parameter: a repeated one (`?pincode=1&pincode=2`) arrives as an array and is refused. */
const estimateQuery = z.object({
  pincode: pincodeField,
  productId: z.string({ error: 'Invalid productId' }).max(64, 'Invalid productId').pipe(idSchema).optional(),
});

/**
 * `GET /delivery/estimate?pincode=560038[&productId=…]`: when a parcel to that pincode would
 * arrive, whether cash on delivery is offered there, and the delivery fee (for one of the product,
 * or the fee an order under the free-delivery threshold pays). A pincode India Post does not
 * list answers `serviceable: false` with a message, so the storefront can say so beside the box.
 */
export function deliveryRoutes(deps: DeliveryDeps): Router {
  const router = new Router();
  const now = deps.now ?? (() => new Date());
  router.get('/delivery/estimate', async (ctx) => {
    const { pincode, productId } = validate(estimateQuery, ctx.query, (msg) => new HttpError(400, { error: true, msg: msg || PINCODE_MESSAGE }));
    let subtotal: number | undefined;
    if (productId) {
      const product = await deps.products.get(productId);
      if (!product) throw new HttpError(404, { error: true, msg: 'Product not found' });
      subtotal = product.price;
    }
    const quoted = quoteDelivery(pincode, undefined, deps.delivery, now(), subtotal);
    if (!quoted.ok) {
      ctx.body = { pincode, district: null, state: null, serviceable: false, cod: false, minDays: null, maxDays: null, by: null, fee: null, msg: quoted.message };
      return;
    }
    const { zone: _zone, ...estimate } = quoted.quote;
    ctx.body = { ...estimate, freeOver: deps.delivery.freeOver, ...(estimate.cod ? { codFee: deps.cod?.settings.fee ?? 0 } : {}) };
  });
  return router;
}
