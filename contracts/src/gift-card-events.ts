import { z } from 'zod';
import { emailField } from './email-address.ts';
import { giftMessageField } from './gift-order.ts';

/**
 * Gift cards. A card is a stream (`gift-card-<cardId>`) holding its issue, the debits checkouts
 * took from it and the credits given back, so its balance is the sum of its own events and every
 * debit is appended with the revision the balance was read at: two checkouts spending the same
 * rupees cannot both succeed.
 *
 * The code a shopper types is never stored. The issue keeps a random seed; the code is a keyed
 * hash of that seed, and the card id a keyed hash of the code, both under a key derived from the
 * server secret. So the code is found from the id's stream in one read, the log alone does not
 * give the codes away, and codes cannot be enumerated: 16 characters of 32 are 80 random bits.
 */

/** Letters and digits that cannot be mistaken for one another when typed from an e-mail. */
export const GIFT_CARD_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GIFT_CARD_CODE_LENGTH = 16;

/**
 * A typed code as the server looks it up: spaces and dashes dropped, upper case, exactly 16
 * characters of the alphabet; anything else is null (and never looked up). The input is bounded
 * before it is touched.
 */
export function normaliseGiftCardCode(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  const code = input.replace(/[\s-]/g, '').toUpperCase();
  if (code.length !== GIFT_CARD_CODE_LENGTH) return null;
  for (const char of code) if (!GIFT_CARD_CODE_ALPHABET.includes(char)) return null;
  return code;
}

/** `XXXX-XXXX-XXXX-XXXX`, as a code is shown and mailed. */
export function formatGiftCardCode(code: string): string {
  return code.match(/.{1,4}/g)!.join('-');
}

const rupees = z.number().int().min(1).max(10_000_000);

/**
 * A card came into being: issued by an admin, or bought (`orderId`: the paid order it was bought
 * in; its code is e-mailed to `recipientEmail` by the order mail desk).
 */
export const giftCardIssued = z.object({
  cardId: z.string().regex(/^[a-f0-9]{32}$/),
  /** Random hex the code is derived from under the server's key (the code itself is never stored). */
  codeSeed: z.string().regex(/^[a-f0-9]{32}$/),
  /** The code's last four characters, for lists and the shopper's "card ending …". */
  codeLast4: z.string().length(4),
  amount: rupees,
  source: z.enum(['admin', 'purchase']),
  /** The admin who issued it, or the shopper who bought it. */
  issuedBy: z.string().min(1),
  recipientEmail: z.string().max(254).optional(),
  message: z.string().max(300).optional(),
  /** A bought card: the order it was bought in and that order's line. */
  orderId: z.string().optional(),
  lineId: z.string().optional(),
  issuedAt: z.iso.datetime(),
});

/**
 * The product id of a bought gift card's line on a payment and an order. No catalog product has
 * it (listed ids begin with their creation time), so stock, the cart and the catalog never see
 * the line, and the tax leaves it out: a gift card is a way to pay, taxed where it is spent.
 */
export const GIFT_CARD_PRODUCT_ID = '000000000000000000000000';

/** Whether an order line is a bought gift card rather than goods. */
export function isGiftCardLine(line: { productId: string }): boolean {
  return line.productId === GIFT_CARD_PRODUCT_ID;
}

/**
 * PaymentOpened version 7: a gift card bought with this payment (its line is the payment's one
 * line, at the amount picked): whom its code is mailed to and the buyer's message. Both are the
 * buyer's personal data, sealed with the buyer's key.
 */
export const giftCardPurchase = z.object({
  recipientEmail: z.string().min(1).max(254),
  message: z.string().max(300).optional(),
});
export type GiftCardPurchase = z.infer<typeof giftCardPurchase>;

/**
 * What a shopper sends to buy a card: one of the shop's amounts (GIFT_CARD_AMOUNTS; any other is
 * refused, never rounded), the recipient's address and an optional message. Bounded first.
 */
export function giftCardPurchaseRequest(amounts: readonly number[]) {
  const choose = `Please choose a gift card amount: Rs ${amounts.join(', Rs ')}`;
  return z.object({
    amount: z
      .number({ error: choose })
      .int(choose)
      .refine((amount) => amounts.includes(amount), choose),
    recipientEmail: emailField('Please fill the recipient e-mail', 'Please enter a valid recipient e-mail address'),
    message: giftMessageField.optional(),
  });
}

/**
 * PaymentOpened 6 → 7: a payment may buy a gift card (`giftCardPurchase`). Payments opened
 * before bought none, so their data stays as written; the version tells an older release it
 * cannot read these payments without losing whom a bought card goes to.
 */
export function withNoGiftCardPurchase(data: unknown): unknown {
  return data;
}

/** A checkout took `amount` of the balance (`debitId`: the checkout's payment receipt). */
export const giftCardDebited = z.object({
  cardId: z.string().min(1),
  debitId: z.string().min(1).max(80),
  amount: rupees,
  userId: z.string().min(1),
  at: z.iso.datetime(),
});

/** A debit given back whole: its payment was never made, its checkout failed, its order was cancelled or refunded. */
export const giftCardCredited = z.object({
  cardId: z.string().min(1),
  debitId: z.string().min(1).max(80),
  amount: rupees,
  reason: z.string().min(1).max(300),
  at: z.iso.datetime(),
});

/** An admin voided the card: nothing more can be spent from it (credits of earlier debits still land). */
export const giftCardVoided = z.object({ cardId: z.string().min(1), by: z.string().min(1), at: z.iso.datetime() });

export const giftCardEventSchemas = {
  GiftCardIssued: giftCardIssued,
  GiftCardDebited: giftCardDebited,
  GiftCardCredited: giftCardCredited,
  GiftCardVoided: giftCardVoided,
} as const;
export type GiftCardEventMap = { [K in keyof typeof giftCardEventSchemas]: z.infer<(typeof giftCardEventSchemas)[K]> };

export const giftCardStreams = { card: (cardId: string) => `gift-card-${cardId}` } as const;

/** A card's part of a payment, checkout and order: which card, which debit, how many rupees. */
export const giftCardPayment = z.object({
  cardId: z.string().min(1),
  debitId: z.string().min(1).max(80),
  codeLast4: z.string().length(4),
  /** Whole rupees of the order's amount paid by the card; the provider was asked for the rest. */
  applied: rupees,
});
export type GiftCardPayment = z.infer<typeof giftCardPayment>;

/** One card as the back office and its holder's My Account list it. */
export interface GiftCardDoc {
  _id: string;
  id: string;
  codeLast4: string;
  amount: number;
  balance: number;
  state: 'active' | 'used' | 'voided';
  source: 'admin' | 'purchase';
  issuedAt: string;
  recipientEmail?: string;
  /** A bought card: the order it was bought in. */
  orderId?: string;
  /** Shoppers who bought or spent from the card: whose My Account lists it. */
  holders: string[];
  /** Debits and credits, oldest first. */
  history: GiftCardHistoryEntry[];
  voidedAt?: string;
}

/** One debit of a card (a checkout paid with it), or a credit giving a debit back. */
export interface GiftCardHistoryEntry {
  kind: 'debit' | 'credit';
  amount: number;
  at: string;
  /** The debit's id: the paying checkout's provider order id (the order id follows from it). */
  orderRef: string;
  reason?: string;
  /** Whose checkout it was: only they are shown the entry (a card passes between people). */
  userId?: string;
}

/**
 * A card as a holder sees it in My Account: its balance and state, whether any of it has been
 * spent, and only their own debits and credits. Whoever else spends from it (the recipient of a
 * card bought as a present) keeps what they bought, when and for how much to themselves.
 */
export type GiftCardAsHolderSees = Omit<GiftCardDoc, '_id' | 'id' | 'holders' | 'recipientEmail' | 'history'> & {
  history: Omit<GiftCardHistoryEntry, 'userId'>[];
  /** Whether any of the card's amount is spent now (by anyone; a debit given back is not). */
  spent: boolean;
};

/** A checkout's debit of a card while its payment is open (`held`), then spent or given back. */
export interface GiftCardHoldDoc {
  _id: string;
  /** The debit's id: the payment's provider order id. */
  id: string;
  cardId: string;
  amount: number;
  state: 'held' | 'spent' | 'returned';
  at: string;
}
