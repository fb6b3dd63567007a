import { SHOPPER_PROJECTION } from '@shop/contracts';
import type { Projection } from '../projection.ts';
import { checkoutProjection } from '../order/checkouts.ts';
import { orderProjection } from '../order/projection.ts';
import { refundProjection } from '../order/refunds.ts';
import { myListProjection } from '../my-list/projection.ts';
import { reviewProjection } from '../review/projection.ts';
import { cartProjection } from './projection.ts';
import { giftCardProjection } from '../gift-cards/projection.ts';

/**
 * Several projections run as one: one read of the log and one commit (documents and checkpoint)
 * per batch instead of one each. The runner gives every projection its own loop, and each loop
 * reads and commits on every append, so with seven loops that overhead, not the handlers, was
 * the largest cost of a cart command. Each member keeps its own module, collections and
 * tests; they share a checkpoint, so they are rebuilt together.
 */
export function combineProjections(name: string, members: Projection[]): Projection {
  const handlersOf = new Map<string, Projection[]>();
  for (const member of members) {
    for (const type of member.handles) handlersOf.set(type, [...(handlersOf.get(type) ?? []), member]);
  }
  return {
    name,
    // Versions only go up, so the sum goes up whenever any member's does: a member's new version
    // rebuilds the group (its members share one checkpoint and are rebuilt together).
    version: members.reduce((sum, member) => sum + member.version, 0),
    collections: members.flatMap((member) => member.collections),
    handles: new Set(handlersOf.keys()),
    async apply(event, view) {
      for (const member of handlersOf.get(event.type) ?? []) await member.apply(event, view);
    },
  };
}

/** The shopper's read models: cart, My List, reviews, orders, checkout processes, refunds and gift cards. */
export const shopperProjection = combineProjections(SHOPPER_PROJECTION, [
  cartProjection,
  myListProjection,
  reviewProjection,
  orderProjection,
  checkoutProjection,
  refundProjection,
  giftCardProjection,
]);
