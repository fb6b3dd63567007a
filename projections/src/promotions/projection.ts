import {
  FIRST_ORDER_PROMOTION_ID,
  FIRST_ORDER_RULE,
  PROMOTIONS,
  discountEventSchemas,
  orderEventSchemas,
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
  countedFrom: PromotionRedemptionDoc['countedFrom'],
  fallback?: PromotionDoc,
): Promise<void> {
  const redemptionId = `${use.promotionId}:${use.paymentId}`;
  // The first-order discount is claimed on two streams (the account's and the e-mail's): one use.
  if (await view.get<PromotionRedemptionDoc>(PROMOTIONS.redemptions, redemptionId)) return;
  const doc = (await view.get<PromotionDoc>(PROMOTIONS.rules, use.promotionId)) ?? fallback;
  if (!doc) return;
  view.put<PromotionRedemptionDoc>(PROMOTIONS.redemptions, { _id: redemptionId, ...use, claimedAt: at, countedFrom });
  view.put(PROMOTIONS.rules, { ...doc, uses: doc.uses + 1, discountGiven: doc.discountGiven + use.amount });
}

async function giveBack(view: ProjectionView, redemption: PromotionRedemptionDoc, at: string): Promise<void> {
  const doc = await view.get<PromotionDoc>(PROMOTIONS.rules, redemption.promotionId);
  if (redemption.returnedAt || !doc) return;
  view.put<PromotionRedemptionDoc>(PROMOTIONS.redemptions, { ...redemption, returnedAt: at });
  view.put(PROMOTIONS.rules, { ...doc, uses: doc.uses - 1, discountGiven: doc.discountGiven - redemption.amount });
}

/**
 * The promotions read model: every promotion with its state, uses and the rupees given so far (the
 * back office's list, and what the checkout prices carts with), and each use (a promotion's page).
 * Counts follow the claims on each limited promotion's stream (the first-order discount's, its
 * claim streams) and, for the promotions without a limit, the orders placed with them.
 */
export const promotionProjection: Projection = {
  name: 'promotions',
  // 2: uses of promotions without a limit counted from the orders placed.
  version: 2,
  collections: [
    { name: PROMOTIONS.rules, indexes: [['state'], ['code'], ['createdAt']] },
    { name: PROMOTIONS.redemptions, indexes: [['promotionId', 'claimedAt'], ['promotionId', 'customerKey'], ['orderId']] },
  ],
  handles: new Set([...Object.keys(promotionEventSchemas), 'FirstOrderDiscountClaimed', 'OrderPlaced', 'OrderStatusChanged']),
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
        return countUse(view, promotionEventSchemas.PromotionUseClaimed.parse(event.data), at, 'claim');
      case 'PromotionUseReturned': {
        const back = promotionEventSchemas.PromotionUseReturned.parse(event.data);
        const redemption = await view.get<PromotionRedemptionDoc>(PROMOTIONS.redemptions, `${back.promotionId}:${back.paymentId}`);
        if (redemption) await giveBack(view, redemption, at);
        return;
      }
      case 'OrderPlaced': {
        // Promotions without a limit are not claimed: the order placed with them is their use.
        const placed = orderEventSchemas.OrderPlaced.parse(event.data);
        for (const p of placed.promotions ?? []) {
          const use = { promotionId: p.promotionId, paymentId: placed.paymentId, orderId: placed.orderId, customerKey: placed.userid, amount: p.amount };
          await countUse(view, use, at, 'order');
        }
        return;
      }
      case 'OrderStatusChanged': {
        const change = orderEventSchemas.OrderStatusChanged.parse(event.data);
        if (change.to !== 'cancelled' && change.to !== 'returned') return;
        // A limited promotion's use comes back by its own event (PromotionUseReturned); these by the order's.
        for (const redemption of await view.find<PromotionRedemptionDoc>(PROMOTIONS.redemptions, { orderId: change.orderId })) {
          if (redemption.countedFrom === 'order') await giveBack(view, redemption, at);
        }
        return;
      }
      case 'FirstOrderDiscountClaimed': {
        const claim = discountEventSchemas.FirstOrderDiscountClaimed.parse(event.data);
        const use = { promotionId: FIRST_ORDER_PROMOTION_ID, paymentId: claim.paymentId, orderId: claim.orderId, customerKey: claim.userId, amount: claim.amount };
        return countUse(view, use, at, 'claim', firstOrderDoc(at));
      }
    }
  },
};
