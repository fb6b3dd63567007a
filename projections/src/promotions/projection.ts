import {
  FIRST_ORDER_PROMOTION_ID,
  FIRST_ORDER_RULE,
  PROMOTIONS,
  discountEventSchemas,
  promotionEventSchemas,
  type PromotionDoc,
  type PromotionEventMap,
  type PromotionRedemptionDoc,
  type PromotionState,
} from '@shop/contracts';
import type { Projection, ProjectionView } from '../projection.ts';

const setState = (state: PromotionState) => async (data: { promotionId: string }, view: ProjectionView) => {
  const doc = await view.get<PromotionDoc>(PROMOTIONS.rules, data.promotionId);
  if (doc) view.put(PROMOTIONS.rules, { ...doc, state });
};

/** The first-order rule's document as a log from before rules existed gets it on its first claim. */
function firstOrderDoc(createdAt: string): PromotionDoc {
  return { ...FIRST_ORDER_RULE, _id: FIRST_ORDER_PROMOTION_ID, createdAt, uses: 0, discountGiven: 0 };
}

async function countUse(
  view: ProjectionView,
  use: { promotionId: string; paymentId: string; orderId: string; customerKey: string; amount: number },
  at: string,
  fallback?: PromotionDoc,
): Promise<void> {
  const redemptionId = `${use.promotionId}:${use.paymentId}`;
  // The first-order discount is claimed on two streams (the account's and the e-mail's): one use.
  if (await view.get<PromotionRedemptionDoc>(PROMOTIONS.redemptions, redemptionId)) return;
  const doc = (await view.get<PromotionDoc>(PROMOTIONS.rules, use.promotionId)) ?? fallback;
  if (!doc) return;
  view.put<PromotionRedemptionDoc>(PROMOTIONS.redemptions, { _id: redemptionId, ...use, claimedAt: at });
  view.put(PROMOTIONS.rules, { ...doc, uses: doc.uses + 1, discountGiven: doc.discountGiven + use.amount });
}

/**
 * The promotions read model: every promotion with its state, uses and the rupees given so far (the
 * back office's list, and what the checkout prices carts with), and each use (a promotion's page).
 * Counts follow the claims on each promotion's stream; the first-order discount's, its claim stream.
 */
export const promotionProjection: Projection = {
  name: 'promotions',
  version: 1,
  collections: [
    { name: PROMOTIONS.rules, indexes: [['state'], ['code'], ['createdAt']] },
    { name: PROMOTIONS.redemptions, indexes: [['promotionId', 'claimedAt'], ['promotionId', 'customerKey']] },
  ],
  handles: new Set([...Object.keys(promotionEventSchemas), 'FirstOrderDiscountClaimed']),
  async apply(event, view) {
    const at = event.metadata.timestamp;
    switch (event.type) {
      case 'PromotionCreated': {
        const { promotionId, ...terms } = promotionEventSchemas.PromotionCreated.parse(event.data) as PromotionEventMap['PromotionCreated'];
        const existing = await view.get<PromotionDoc>(PROMOTIONS.rules, promotionId);
        view.put<PromotionDoc>(PROMOTIONS.rules, { ...terms, id: promotionId, _id: promotionId, state: 'active', createdAt: at, uses: existing?.uses ?? 0, discountGiven: existing?.discountGiven ?? 0 });
        return;
      }
      case 'PromotionPaused':
        return setState('paused')(promotionEventSchemas.PromotionPaused.parse(event.data), view);
      case 'PromotionResumed':
        return setState('active')(promotionEventSchemas.PromotionResumed.parse(event.data), view);
      case 'PromotionEnded':
        return setState('ended')(promotionEventSchemas.PromotionEnded.parse(event.data), view);
      case 'PromotionUseClaimed':
        return countUse(view, promotionEventSchemas.PromotionUseClaimed.parse(event.data), at);
      case 'PromotionUseReturned': {
        const back = promotionEventSchemas.PromotionUseReturned.parse(event.data);
        const redemption = await view.get<PromotionRedemptionDoc>(PROMOTIONS.redemptions, `${back.promotionId}:${back.paymentId}`);
        const doc = await view.get<PromotionDoc>(PROMOTIONS.rules, back.promotionId);
        if (!redemption || redemption.returnedAt || !doc) return;
        view.put<PromotionRedemptionDoc>(PROMOTIONS.redemptions, { ...redemption, returnedAt: at });
        view.put(PROMOTIONS.rules, { ...doc, uses: doc.uses - 1, discountGiven: doc.discountGiven - redemption.amount });
        return;
      }
      case 'FirstOrderDiscountClaimed': {
        const claim = discountEventSchemas.FirstOrderDiscountClaimed.parse(event.data);
        const use = { promotionId: FIRST_ORDER_PROMOTION_ID, paymentId: claim.paymentId, orderId: claim.orderId, customerKey: claim.userId, amount: claim.amount };
        return countUse(view, use, at, firstOrderDoc(at));
      }
    }
  },
};
