import { type DiscountEventMap, discountStreams, discountEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';

export type DiscountEvent = DomainEvent<'FirstOrderDiscountClaimed', DiscountEventMap['FirstOrderDiscountClaimed']>;

/** `first-order-discount-<userId>`: which order, if any, took the shopper's first-order discount. */
export interface FirstOrderDiscountState {
  claimedBy: DiscountEventMap['FirstOrderDiscountClaimed'] | null;
}

export type DiscountCommand = { type: 'ClaimFirstOrderDiscount' } & DiscountEventMap['FirstOrderDiscountClaimed'];

export const FIRST_ORDER_DISCOUNT_TAKEN = 'Your first order discount was already used on another order. Your payment will be refunded.';

export const firstOrderDiscountDecider: Decider<FirstOrderDiscountState, DiscountCommand, DiscountEvent> = {
  initialState: { claimedBy: null },
  evolve: (_state, event) => ({ claimedBy: event.data }),
  decide(command, state) {
    const { type: _type, ...data } = command;
    // The same checkout claiming again (a retry, the startup recovery) already has it.
    if (state.claimedBy?.paymentId === command.paymentId) return [];
    if (state.claimedBy) throw new DomainError('conflict', FIRST_ORDER_DISCOUNT_TAKEN);
    return [{ type: 'FirstOrderDiscountClaimed', data }];
  },
};

/** A shopper's first-order discount claim (`first-order-discount-<userId>`). */
export const firstOrderDiscountStream = streamType({ kind: 'first-order-discount', decider: firstOrderDiscountDecider, streamId: discountStreams.firstOrder, schemas: discountEventSchemas });

/**
 * The same claim keyed on the shopper's mailbox (`first-order-discount-email-<customerKey>`, a hash
 * of the normalised e-mail): a second account of one mailbox (bob+a@…, bob+b@…) finds it taken.
 */
export const firstOrderDiscountByEmailStream = streamType({
  kind: 'first-order-discount-email',
  decider: firstOrderDiscountDecider,
  streamId: discountStreams.firstOrderByEmail,
  schemas: discountEventSchemas,
});
