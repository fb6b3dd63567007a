import { z } from 'zod';
import { formatGiftCardCode, giftOrderRequest, normaliseGiftCardCode, type Billing, type GiftCardPayment, type GiftOrder, type GiftOrderRequest, type PaymentMethod } from '@shop/contracts';
import { DomainError } from '../shared/decider.ts';
import type { CommandContext, StreamCommands } from '../shared/stream-commands.ts';
import { GIFT_CARD_MESSAGES } from './decider.ts';
import { debitGiftCard, giftCardByCode, giveBackGiftCard, priceGiftCard, type GiftCardSettings } from './gift-cards.ts';

/** Gifting's part of the checkout: gift cards as payment, and gift orders' wrap fee. */
export interface CheckoutGifting {
  cards: GiftCardSettings;
  /** Whole rupees for gift wrap (GIFT_WRAP_FEE), a line of its own like the delivery fee. */
  wrapFee: number;
}

/** The checkout request's gifting fields: a gift card code (bounded; its shape is checked at lookup) and the gift. */
export const checkoutGiftChoices = z.object({
  giftCardCode: z
    .string({ error: 'giftCardCode must be text' })
    .max(40, 'This gift card code is not valid')
    .optional()
    .transform((code) => (code && code.trim() ? code : undefined)),
  gift: giftOrderRequest.optional(),
});

/** The gift order as recorded, with the wrap fee decided here; undefined for an order that is no gift. */
export function giftOrderTerms(request: GiftOrderRequest | undefined, wrapFee: number): GiftOrder | undefined {
  if (!request) return undefined;
  const message = request.message ? request.message : undefined;
  if (!message && !request.wrap && !request.recipient) return undefined;
  return { ...(message ? { message } : {}), wrap: request.wrap, wrapFee: request.wrap ? wrapFee : 0, ...(request.recipient ? { recipient: request.recipient } : {}) };
}

/** Where the parcel goes: the recipient's pincode, state and address line for a gift sent elsewhere, else the billing address's. */
export function deliveryDestination(billing: Billing, gift: GiftOrder | undefined): { zipCode: string; state: string; streetAddressLine1: string } {
  const { zipCode, state, streetAddressLine1 } = gift?.recipient ?? billing;
  return { zipCode, state, streetAddressLine1 };
}

/**
 * The card's part of an `amount` rupee checkout of goods, priced from its balance now (not yet
 * debited), or null without a code. A card is spent online only: with cash on delivery it is
 * refused, because a card's rupees taken by an order that is never collected would launder the
 * balance. (A gift card purchase has a checkout of its own, which takes no card: a card never
 * buys a card.)
 */
export async function priceCheckoutGiftCard(
  streams: StreamCommands,
  gifting: CheckoutGifting,
  order: { giftCardCode: string | undefined; paymentMethod: PaymentMethod; amount: number },
): Promise<(Omit<GiftCardPayment, 'debitId'> & { code: string }) | null> {
  if (order.giftCardCode === undefined) return null;
  if (order.paymentMethod === 'cod') throw new DomainError('invalid', GIFT_CARD_MESSAGES.cod);
  const card = await giftCardByCode(streams, gifting.cards.codes, order.giftCardCode);
  return { ...priceGiftCard(card, order.amount), code: formatGiftCardCode(normaliseGiftCardCode(order.giftCardCode)!) };
}

/** Debits the priced part for the payment `debitId` (its provider order id); answers the balance left. */
export async function takeGiftCardPart(
  streams: StreamCommands,
  priced: Omit<GiftCardPayment, 'debitId'>,
  debitId: string,
  userId: string,
): Promise<{ payment: GiftCardPayment; balance: number }> {
  const payment = { cardId: priced.cardId, codeLast4: priced.codeLast4, applied: priced.applied, debitId };
  const { balance } = await debitGiftCard(streams, payment, userId, { userId, correlationId: debitId });
  return { payment, balance };
}

/** Gives a card's part back when the payment it was taken for could not be opened or recorded. */
export function undoGiftCardPart(streams: StreamCommands, payment: GiftCardPayment, reason: string, ctx: CommandContext): Promise<bigint> {
  return giveBackGiftCard(streams, payment, reason, ctx);
}
