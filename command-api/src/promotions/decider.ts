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
  /** Running totals of `held`: uses, rupees, and uses per customer. */
  uses: number;
  given: number;
  byCustomer: Map<string, number>;
}

export type PromotionCommand =
  | { type: 'CreatePromotion'; terms: PromotionEventMap['PromotionCreated'] }
  | { type: 'ChangePromotionState'; promotionId: string; state: PromotionState }
  | ({ type: 'ClaimPromotionUse' } & PromotionEventMap['PromotionUseClaimed'])
  | { type: 'ReturnPromotionUse'; promotionId: string; paymentId: string; reason: string };

export const PROMOTION_NOT_FOUND = 'Promotion not found';
export const PROMOTION_ENDED = 'This promotion has ended and cannot be started again';

/**
 * A checkout priced with a promotion the shop no longer gives (ended, paused, past its window)
 * when the payment is made or confirmed: the order is not placed at that price.
 */
export function promotionWithdrawn(label: string): string {
  return `"${label}" is no longer given, so your total has changed: the order was not placed, and anything paid is given back. Please check out again to see the new total.`;
}

/**
 * Uses are folded into the state's maps in place, not copied: a promotion's stream holds every
 * use it ever had, and copying them per event made a festival week's checkouts quadratic. Safe
 * because a state is only ever folded forward (the command pipeline replaces its cached state with
 * the evolved one, and reads of the log fold from fresh maps made by PromotionCreated).
 */
function addUse(state: PromotionStreamState, use: PromotionEventMap['PromotionUseClaimed']): PromotionStreamState {
  state.held.set(use.paymentId, { customerKey: use.customerKey, amount: use.amount, orderId: use.orderId });
  state.byCustomer.set(use.customerKey, (state.byCustomer.get(use.customerKey) ?? 0) + 1);
  return { ...state, uses: state.uses + 1, given: state.given + use.amount };
}

function removeUse(state: PromotionStreamState, paymentId: string): PromotionStreamState {
  const use = state.held.get(paymentId);
  state.returned.add(paymentId);
  if (!use) return { ...state };
  state.held.delete(paymentId);
  state.byCustomer.set(use.customerKey, (state.byCustomer.get(use.customerKey) ?? 1) - 1);
  return { ...state, uses: state.uses - 1, given: state.given - use.amount };
}

export const promotionDecider: Decider<PromotionStreamState, PromotionCommand, PromotionEvent> = {
  initialState: { terms: null, state: 'active', held: new Map(), returned: new Set(), uses: 0, given: 0, byCustomer: new Map() },
  evolve(state, event) {
    switch (event.type) {
      case 'PromotionCreated':
        // Fresh maps for every stream: the initial state's are shared and never written.
        return { terms: event.data, state: 'active', held: new Map(), returned: new Set(), uses: 0, given: 0, byCustomer: new Map() };
      case 'PromotionPaused':
        return { ...state, state: 'paused' };
      case 'PromotionResumed':
        return { ...state, state: 'active' };
      case 'PromotionEnded':
        return { ...state, state: 'ended' };
      case 'PromotionUseClaimed':
        return addUse(state, event.data);
      case 'PromotionUseReturned':
        return removeUse(state, event.data.paymentId);
    }
  },
  decide(command, state) {
    if (command.type === 'CreatePromotion') {
      // Creating the same promotion again (the default rule's stream, created when first changed) changes nothing.
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
    // Decided on the stream, so an admin's pause or end and a checkout's claim cannot cross.
    if (state.state !== 'active') throw new DomainError('conflict', promotionWithdrawn(terms.name));
    if (terms.usageLimit !== undefined && state.uses >= terms.usageLimit) throw new DomainError('conflict', COUPON_MESSAGES.usedUp);
    if (terms.budget !== undefined && state.given + use.amount > terms.budget) throw new DomainError('conflict', COUPON_MESSAGES.usedUp);
    if (terms.perCustomerLimit !== undefined && (state.byCustomer.get(use.customerKey) ?? 0) >= terms.perCustomerLimit) throw new DomainError('conflict', COUPON_MESSAGES.alreadyUsed);
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
