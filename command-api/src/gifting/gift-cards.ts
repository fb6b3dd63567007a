import { normaliseGiftCardCode, type GiftCardEventMap, type GiftCardPayment } from '@shop/contracts';
import { DomainError } from '../shared/decider.ts';
import type { CommandContext, HandleOptions, StreamCommands } from '../shared/stream-commands.ts';
import type { GiftCardCodes } from './codes.ts';
import { GIFT_CARD_MESSAGES, giftCardApplies, giftCardStream, type GiftCardState } from './decider.ts';

/** What gift cards need from the composition root: the code key and the shop's settings. */
export interface GiftCardSettings {
  codes: GiftCardCodes;
  /** Amounts (whole rupees) a card may be issued or bought for (GIFT_CARD_MIN_AMOUNT..GIFT_CARD_MAX_AMOUNT). */
  minAmount: number;
  maxAmount: number;
  /** The amounts shoppers buy cards for on the Gift cards page (GIFT_CARD_AMOUNTS), each within the range. */
  amounts: readonly number[];
  /** How long a checkout's debit waits for its payment before the sweep gives it back. */
  holdMs: number;
}

/** Issues a card (admin or purchase) and answers its id and code: the only time the code is seen whole. */
export async function issueGiftCard(
  streams: StreamCommands,
  codes: GiftCardCodes,
  card: Omit<GiftCardEventMap['GiftCardIssued'], 'cardId' | 'codeSeed' | 'codeLast4' | 'issuedAt'> & { codeSeed?: string },
  ctx: CommandContext,
  now = new Date(),
  options: HandleOptions = {},
): Promise<{ id: string; code: string; position: bigint }> {
  const fresh = codes.issue();
  const codeSeed = card.codeSeed ?? fresh.codeSeed;
  const code = codes.codeFor(codeSeed);
  const cardId = codes.cardIdFor(code);
  const command = { type: 'IssueGiftCard', ...card, cardId, codeSeed, codeLast4: code.slice(-4), issuedAt: now.toISOString() } as const;
  const result = await streams.handle(giftCardStream.at(cardId), command, ctx, options);
  return { id: cardId, code, position: result.position };
}

/** The card a typed code names, refused (always with the same words) when it names none. */
export async function giftCardByCode(streams: StreamCommands, codes: GiftCardCodes, typed: unknown): Promise<{ cardId: string; state: GiftCardState }> {
  const code = normaliseGiftCardCode(typed);
  if (!code) throw new DomainError('invalid', GIFT_CARD_MESSAGES.unknown);
  const cardId = codes.cardIdFor(code);
  const state = await streams.load(giftCardStream.at(cardId), { fresh: true });
  if (!state.issued) throw new DomainError('invalid', GIFT_CARD_MESSAGES.unknown);
  return { cardId, state };
}

/**
 * What a card would pay of `due` rupees now (refusing a void or empty card). The debit itself is
 * `debitGiftCard`, once the payment it belongs to has its id.
 */
export function priceGiftCard(card: { cardId: string; state: GiftCardState }, due: number): Omit<GiftCardPayment, 'debitId'> {
  if (card.state.voided) throw new DomainError('invalid', GIFT_CARD_MESSAGES.voided);
  const applied = giftCardApplies(card.state.balance, due);
  if (applied < 1) throw new DomainError('invalid', GIFT_CARD_MESSAGES.empty);
  return { cardId: card.cardId, codeLast4: card.state.issued!.codeLast4, applied };
}

/**
 * Takes the card's part of a payment, appended at the revision the balance was read at (the
 * stream command retries on a concurrent append and decides again on the new balance), so two
 * checkouts never spend the same rupee: the later one is refused when too little is left.
 */
export async function debitGiftCard(streams: StreamCommands, payment: GiftCardPayment, userId: string, ctx: CommandContext, now = new Date()): Promise<{ balance: number; position: bigint }> {
  const command = { type: 'DebitGiftCard', cardId: payment.cardId, debitId: payment.debitId, amount: payment.applied, userId, at: now.toISOString() } as const;
  const result = await streams.handle(giftCardStream.at(payment.cardId), command, ctx, { maxAttempts: 50 });
  return { balance: result.state.balance, position: result.position };
}

/** Gives a payment's debit back to its card (idempotent: a debit is given back once). */
export async function giveBackGiftCard(streams: StreamCommands, payment: Pick<GiftCardPayment, 'cardId' | 'debitId'>, reason: string, ctx: CommandContext, now = new Date()): Promise<bigint> {
  const command = { type: 'CreditGiftCard', cardId: payment.cardId, debitId: payment.debitId, reason, at: now.toISOString() } as const;
  return (await streams.handle(giftCardStream.at(payment.cardId), command, ctx, { maxAttempts: 50 })).position;
}

/**
 * Whether a payment's debit still stands. A payment made after the sweep gave its debit back
 * (the shopper paid late) cannot keep the card's part: its checkout fails and is refunded.
 */
export async function giftCardDebitStands(streams: StreamCommands, payment: Pick<GiftCardPayment, 'cardId' | 'debitId'>): Promise<boolean> {
  const state = await streams.load(giftCardStream.at(payment.cardId), { fresh: true });
  const debit = state.debits.get(payment.debitId);
  return debit !== undefined && !debit.credited;
}

export const GIFT_CARD_DEBIT_GIVEN_BACK = 'The gift card part of this payment was given back to the card because the payment took too long. Your payment will be refunded.';
