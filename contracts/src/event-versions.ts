import { paymentOpenedV1ToV2, pricedLinesWithoutVariant } from './payment-events.ts';
import { reviewV1ToV2 } from './review-events.ts';
import { withNoDeliveryFee } from './delivery-terms.ts';
import { orderPlacedAsCardPayment } from './order-events.ts';
import { productDetailsV1ToV2 } from './product-variants.ts';
import { stockEventWithoutSku } from './stock-events.ts';
import { withNoPromotions } from './promotion-events.ts';
import { withNoGiftCardOrGift } from './gift-order.ts';
import { withNoGiftCardPurchase } from './gift-card-events.ts';
import { withNoGiftCardMail } from './order-events.ts';

/**
 * Event schema versions. The log is never rewritten, so an event keeps the shape it was written
 * with for ever; every event records that shape's version in `metadata.schemaVersion` (absent
 * means 1: the log before versions existed). When an event's shape changes, its type gets the
 * next version here and an upcaster from the previous one; events are upcast as they are read
 * (platform's UpcastingEventStore), so the code only ever sees the latest shape.
 *
 * To change an event: change its schema, add the upcaster (a pure function from the previous
 * version's data to the new one's, with a unit test) at the end of its chain below. Never edit or
 * remove an upcaster that has shipped: some log somewhere holds events of every version.
 */

/** Data of one version in, data of the next version out. Pure: no clock, no I/O, no randomness. */
export type Upcaster = (data: unknown) => unknown;

/** The upcasters of one event type, in order: the first takes version 1 to 2, the next 2 to 3, … */
export type UpcasterChain = readonly Upcaster[];

/** Every event type whose shape has changed since it was first written. Types not named are at version 1. */
export const EVENT_UPCASTERS: Readonly<Record<string, UpcasterChain>> = {
  PaymentOpened: [paymentOpenedV1ToV2, withNoDeliveryFee, pricedLinesWithoutVariant, withNoPromotions, withNoGiftCardOrGift, withNoGiftCardPurchase],
  ProductReviewed: [reviewV1ToV2],
  ProductReviewEdited: [reviewV1ToV2],
  CheckoutStarted: [withNoDeliveryFee, pricedLinesWithoutVariant, withNoPromotions, withNoGiftCardOrGift],
  OrderPlaced: [withNoDeliveryFee, orderPlacedAsCardPayment, pricedLinesWithoutVariant, withNoPromotions, withNoGiftCardOrGift],
  ProductListed: [productDetailsV1ToV2],
  ProductRevised: [productDetailsV1ToV2],
  StockReserved: [stockEventWithoutSku],
  StockReleased: [stockEventWithoutSku],
  StockReceived: [stockEventWithoutSku],
  OrderMailRefused: [withNoGiftCardMail],
};

/** The metadata key holding an event's schema version. */
export const SCHEMA_VERSION_KEY = 'schemaVersion';

/** The version events of `type` are written with today (and read as). */
export function currentEventVersion(type: string, upcasters: Readonly<Record<string, UpcasterChain>> = EVENT_UPCASTERS): number {
  return (upcasters[type]?.length ?? 0) + 1;
}

/** An event this code cannot read: written by a newer release, or with a version that is not one. */
export class EventVersionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EventVersionError';
  }
}

/**
 * The data of an event of `type` written at `version`, brought to the current version through
 * its upcasters. An event newer than the code is refused: reading it as an older shape would
 * drop or misread what the newer release meant.
 */
export function upcastEventData(
  type: string,
  version: number,
  data: unknown,
  upcasters: Readonly<Record<string, UpcasterChain>> = EVENT_UPCASTERS,
): unknown {
  const chain = upcasters[type] ?? [];
  const current = chain.length + 1;
  if (!Number.isInteger(version) || version < 1) {
    throw new EventVersionError(`${type} event has schema version ${JSON.stringify(version)}: versions are whole numbers from 1`);
  }
  if (version > current) {
    throw new EventVersionError(
      `${type} event has schema version ${version}, but this release reads ${type} up to version ${current}: ` +
        'the log was written by a newer release of the shop; run that release (or a later one) on it',
    );
  }
  let upcast = data;
  for (let from = version; from < current; from += 1) upcast = chain[from - 1]!(upcast);
  return upcast;
}
