import type Router from '@koa/router';
import type { Middleware } from 'koa';
import {
  FIRST_ORDER_PROMOTION_ID,
  FIRST_ORDER_RULE,
  PROMOTIONS,
  promotionIdSchema,
  promotionRunning,
  type PromotionDoc,
  type PromotionRedemptionDoc,
} from '@shop/contracts';
import { HttpError, type DocumentStore } from '@shop/platform';

/** Bounds of what one reply lists. */
const PROMOTIONS_LISTED = 500;
const REDEMPTIONS_LISTED = 200;

/** The first-order rule as a shop that never changed or used it has it. */
const DEFAULT_FIRST_ORDER: PromotionDoc = { ...FIRST_ORDER_RULE, _id: FIRST_ORDER_PROMOTION_ID, createdAt: '1970-01-01T00:00:00.000Z', uses: 0, discountGiven: 0 };

async function allPromotions(docs: DocumentStore): Promise<PromotionDoc[]> {
  const found = await docs.find<PromotionDoc>(PROMOTIONS.rules, {}, { sort: [['createdAt', -1], ['_id', -1]], limit: PROMOTIONS_LISTED });
  return found.some((p) => p.id === FIRST_ORDER_PROMOTION_ID) ? found : [...found, DEFAULT_FIRST_ORDER];
}

/**
 * Promotions' reads:
 * - `GET /admin/promotions`: every promotion with its state, uses and the rupees given so far;
 * - `GET /admin/promotions/:id`: one, with its latest uses (`redemptions`);
 * - `GET /promotions/running` (anyone): the automatic promotions running now, so the storefront
 *   shows a sale's prices and banner only while it runs (the checkout charges the same prices).
 */
export function promotionQueryRoutes(router: Router, docs: DocumentStore, guard: Middleware, now: () => Date = () => new Date()): void {
  router.get('/admin/promotions', guard, async (ctx) => {
    ctx.body = await allPromotions(docs);
  });

  router.get('/admin/promotions/:id', guard, async (ctx) => {
    const id = promotionIdSchema.safeParse(ctx.params.id);
    const promotion = id.success ? ((await docs.get<PromotionDoc>(PROMOTIONS.rules, id.data)) ?? (id.data === FIRST_ORDER_PROMOTION_ID ? DEFAULT_FIRST_ORDER : null)) : null;
    if (!promotion) throw new HttpError(404, { error: true, msg: 'Promotion not found' });
    const redemptions = await docs.find<PromotionRedemptionDoc>(PROMOTIONS.redemptions, { promotionId: promotion.id }, { sort: [['claimedAt', -1]], limit: REDEMPTIONS_LISTED });
    ctx.body = { ...promotion, redemptions };
  });

  router.get('/promotions/running', async (ctx) => {
    const active = await docs.find<PromotionDoc>(PROMOTIONS.rules, { state: 'active' }, { limit: PROMOTIONS_LISTED });
    const at = now();
    ctx.body = active
      .filter((p) => !p.code && p.id !== FIRST_ORDER_PROMOTION_ID && promotionRunning(p, at))
      .map(({ id, name, type, value, categoryIds, productIds, startsAt, endsAt, getQuantity }) => ({ id, name, type, value, categoryIds, productIds, startsAt, endsAt, getQuantity }));
  });
}
