import {
  COUPON_MESSAGES,
  cartCouponEventSchemas,
  promotionEventSchemas,
  promotionStreams,
  type CartCouponEventMap,
  type PromotionEventMap,
  type PromotionState,
} from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';
import { claimStreamType, streamType } from '../shared/stream-type.ts';

type Ev<K extends keyof PromotionEventMap> = DomainEvent<K, PromotionEventMap[K]>;
export type PromotionEvent =
  | Ev<'PromotionCreated'>
  | Ev<'PromotionPaused'>
  | Ev<'PromotionResumed'>
  | Ev<'PromotionEnded'>
  | Ev<'PromotionUseClaimed'>
  | Ev<'PromotionUseReturned'>;

/**
 * A promotion's stream (`promotion-<id>`): its terms, its state, and every use. The limits are
 * decided here, on the stream's own events appended with their expected revision, so of
 * checkouts racing for the last use, the last rupee of the budget or a shopper's last use,
 * exactly the ones that fit get it.
 */
export interface PromotionStreamState {
  terms: PromotionEventMap['PromotionCreated'] | null;
  state: PromotionState;
  /** Uses held now, by payment id (a use given back leaves). */
  held: Map<string, { customerKey: string; amount: number; orderId: string }>;
  /** Payment ids whose use was given back: the same checkout never claims twice. */
  returned: Set<string>;
}

export type PromotionCommand =
  | { type: 'CreatePromotion'; terms: PromotionEventMap['PromotionCreated'] }
  | { type: 'ChangePromotionState'; promotionId: string; state: PromotionState }
  | ({ type: 'ClaimPromotionUse' } & PromotionEventMap['PromotionUseClaimed'])
  | { type: 'ReturnPromotionUse'; promotionId: string; paymentId: string; reason: string };

export const PROMOTION_NOT_FOUND = 'Promotion not found';
export const PROMOTION_ENDED = 'This promotion has ended and cannot be started again';

const counts = (state: PromotionStreamState, customerKey?: string) => {
  let uses = 0;
  let given = 0;
  let byCustomer = 0;
  for (const use of state.held.values()) {
    uses += 1;
    given += use.amount;
    if (use.customerKey === customerKey) byCustomer += 1;
  }
  return { uses, given, byCustomer };
};

export const promotionDecider: Decider<PromotionStreamState, PromotionCommand, PromotionEvent> = {
  initialState: { terms: null, state: 'active', held: new Map(), returned: new Set() },
  evolve(state, event) {
    switch (event.type) {
      case 'PromotionCreated':
        return { ...state, terms: event.data, state: 'active' };
      case 'PromotionPaused':
        return { ...state, state: 'paused' };
      case 'PromotionResumed':
        return { ...state, state: 'active' };
      case 'PromotionEnded':
        return { ...state, state: 'ended' };
      case 'PromotionUseClaimed': {
        const held = new Map(state.held);
        held.set(event.data.paymentId, { customerKey: event.data.customerKey, amount: event.data.amount, orderId: event.data.orderId });
        return { ...state, held };
      }
      case 'PromotionUseReturned': {
        const held = new Map(state.held);
        held.delete(event.data.paymentId);
        return { ...state, held, returned: new Set(state.returned).add(event.data.paymentId) };
      }
    }
  },
  decide(command, state) {
    if (command.type === 'CreatePromotion') {
      // Creating the same promotion again (the default rule at every start) changes nothing.
      if (state.terms) return [];
      return [{ type: 'PromotionCreated', data: command.terms }];
    }
    if (!state.terms) throw new DomainError('not-found', PROMOTION_NOT_FOUND);
    const { promotionId } = state.terms;
    if (command.type === 'ChangePromotionState') {
      if (command.state === state.state) return [];
      if (state.state === 'ended') throw new DomainError('conflict', PROMOTION_ENDED);
      if (command.state === 'paused') return [{ type: 'PromotionPaused', data: { promotionId } }];
      if (command.state === 'ended') return [{ type: 'PromotionEnded', data: { promotionId } }];
      return [{ type: 'PromotionResumed', data: { promotionId } }];
    }
    if (command.type === 'ReturnPromotionUse') {
      const use = state.held.get(command.paymentId);
      if (!use) return [];
      return [{ type: 'PromotionUseReturned', data: { promotionId, paymentId: command.paymentId, orderId: use.orderId, amount: use.amount, reason: command.reason } }];
    }
    // A use: the same checkout claiming again (a retry, the recovery) already has it.
    if (state.held.has(command.paymentId) || state.returned.has(command.paymentId)) return [];
    const { type: _type, ...use } = command;
    const terms = state.terms;
    const used = counts(state, use.customerKey);
    if (terms.usageLimit !== undefined && used.uses >= terms.usageLimit) throw new DomainError('conflict', COUPON_MESSAGES.usedUp);
    if (terms.budget !== undefined && used.given + use.amount > terms.budget) throw new DomainError('conflict', COUPON_MESSAGES.usedUp);
    if (terms.perCustomerLimit !== undefined && used.byCustomer >= terms.perCustomerLimit) throw new DomainError('conflict', COUPON_MESSAGES.alreadyUsed);
    return [{ type: 'PromotionUseClaimed', data: use }];
  },
};

export const promotionStream = streamType({ kind: 'promotion', decider: promotionDecider, streamId: promotionStreams.promotion, schemas: promotionEventSchemas });

/** `promotion-code-<CODE>`: one promotion per coupon code, ever. */
export const promotionCodeStream = claimStreamType({ kind: 'promotion-code', streamId: promotionStreams.code, schemas: promotionEventSchemas });

type CouponEv<K extends keyof CartCouponEventMap> = DomainEvent<K, CartCouponEventMap[K]>;
export type CartCouponEvent = CouponEv<'CartCouponApplied'> | CouponEv<'CartCouponRemoved'>;
export type CartCouponCommand = ({ type: 'ApplyCartCoupon' } & CartCouponEventMap['CartCouponApplied']) | { type: 'RemoveCartCoupon'; userId: string };

/** The coupon on a shopper's cart (`cart-coupon-<userId>`): applied, replaced, removed. */
export const cartCouponDecider: Decider<{ applied: CartCouponEventMap['CartCouponApplied'] | null }, CartCouponCommand, CartCouponEvent> = {
  initialState: { applied: null },
  evolve: (_state, event) => ({ applied: event.type === 'CartCouponApplied' ? event.data : null }),
  decide(command, state) {
    if (command.type === 'RemoveCartCoupon') return state.applied ? [{ type: 'CartCouponRemoved', data: { userId: command.userId } }] : [];
    if (state.applied?.promotionId === command.promotionId) return [];
    const { type: _type, ...applied } = command;
    return [{ type: 'CartCouponApplied', data: applied }];
  },
};

export const cartCouponStream = streamType({ kind: 'cart-coupon', decider: cartCouponDecider, streamId: promotionStreams.cartCoupon, schemas: cartCouponEventSchemas });
