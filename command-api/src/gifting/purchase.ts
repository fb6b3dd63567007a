import { isGiftCardLine, newId, GIFT_CARD_PRODUCT_ID, type GiftCardPurchase, type PricedLine } from '@shop/contracts';
import { derivedEventId, type CommandContext, type StreamCommands } from '../shared/stream-commands.ts';
import type { GiftCardCodes } from './codes.ts';
import { giftCardStream } from './decider.ts';
import { issueGiftCard } from './gift-cards.ts';

/**
 * Gift cards bought by shoppers. A purchase is a checkout of its own (the Gift cards page), not a
 * cart line: its one line is the card at an amount the shop sells, it takes no stock, no delivery
 * and no promotion (a coupon off a card would be money off money), and it is paid online only.
 * Once its order is placed the card is issued, its code derived from the order (GiftCardCodes.
 * forPurchase), so however often the checkout runs the card is issued once; the order mail desk
 * then mails the code to the recipient.
 */

const rupees = (amount: number) => `Rs ${amount.toLocaleString('en-IN')}`;

/** The picture of a gift card line (the storefront's public folder). */
export const GIFT_CARD_IMAGE = '/gift-card.svg';

/** The one line of a gift card purchase: the card at the amount picked. */
export function giftCardLine(amount: number): PricedLine {
  return {
    lineId: newId(),
    productId: GIFT_CARD_PRODUCT_ID,
    productTitle: `Gift card ${rupees(amount)}`,
    image: GIFT_CARD_IMAGE,
    price: amount,
    quantity: 1,
    subTotal: amount,
    sku: `GIFT-CARD-${amount}`,
  };
}

/** The order a card was bought in, as the checkout placed it. */
interface PurchasedIn {
  orderId: string;
  /** The buyer. */
  userId: string;
  lines: readonly PricedLine[];
}

/** Issues the card an order bought, once however often it runs; 0n when the order bought none (or it is there already). */
export async function issuePurchasedGiftCard(streams: StreamCommands, codes: GiftCardCodes, order: PurchasedIn, purchase: GiftCardPurchase, ctx: CommandContext): Promise<bigint> {
  const line = order.lines.find(isGiftCardLine);
  if (!line) return 0n;
  const { codeSeed } = codes.forPurchase(order.orderId, line.lineId);
  const card = {
    amount: line.subTotal,
    source: 'purchase',
    issuedBy: order.userId,
    recipientEmail: purchase.recipientEmail,
    ...(purchase.message ? { message: purchase.message } : {}),
    orderId: order.orderId,
    lineId: line.lineId,
    codeSeed,
  } as const;
  const once = { eventIds: () => derivedEventId('gift-card-purchase', order.orderId, line.lineId) };
  return (await issueGiftCard(streams, codes, card, ctx, new Date(), once)).position;
}

/**
 * Voids the card an order bought, before the order is cancelled: refused (and the order stays)
 * once anything was spent from it. Nothing to do when the order bought no card, or its card was
 * never issued. Returns the position written (0n if none).
 */
export async function voidPurchasedGiftCard(streams: StreamCommands, codes: GiftCardCodes, order: { orderId: string; products: readonly PricedLine[] }, by: string): Promise<bigint> {
  const line = order.products.find(isGiftCardLine);
  if (!line) return 0n;
  const { cardId } = codes.forPurchase(order.orderId, line.lineId);
  const card$ = giftCardStream.at(cardId);
  if (!(await streams.load(card$, { fresh: true })).issued) return 0n;
  const command = { type: 'VoidGiftCard', cardId, by, at: new Date().toISOString(), unspentOnly: true } as const;
  return (await streams.handle(card$, command, { userId: by, correlationId: `cancel-${order.orderId}` })).position;
}
