import { describe, expect, it } from 'vitest';
import { GIFT_CARD_CODE_ALPHABET, formatGiftCardCode, normaliseGiftCardCode } from '@shop/contracts';
import { DomainError } from '../shared/decider.ts';
import { GiftCardCodes } from './codes.ts';
import { GIFT_CARD_MESSAGES, giftCardApplies, giftCardDecider, type GiftCardEvent, type GiftCardState } from './decider.ts';
import { giftOrderTerms } from './checkout-gifting.ts';

const AT = '2026-11-27T02:00:00.000Z';
const issued: GiftCardEvent = {
  type: 'GiftCardIssued',
  data: { cardId: 'c'.repeat(32), codeSeed: 'a'.repeat(32), codeLast4: 'AB23', amount: 1000, source: 'admin', issuedBy: 'admin-1', issuedAt: AT },
};
const debit = (debitId: string, amount: number): GiftCardEvent => ({ type: 'GiftCardDebited', data: { cardId: 'c'.repeat(32), debitId, amount, userId: 'u1', at: AT } });
const given = (...events: GiftCardEvent[]): GiftCardState => events.reduce(giftCardDecider.evolve, giftCardDecider.initialState);
const decide = (state: GiftCardState, command: Parameters<typeof giftCardDecider.decide>[0]) => giftCardDecider.decide(command, state);
const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return error.message;
    throw error;
  }
  return null;
};

describe('gift card balance arithmetic', () => {
  it('a card pays what is owed, or all it holds when that is less, never a negative amount', () => {
    expect(giftCardApplies(1000, 680)).toBe(680);
    expect(giftCardApplies(500, 680)).toBe(500);
    expect(giftCardApplies(0, 680)).toBe(0);
  });

  it('debits lower the balance and credits give each debit back once, whole', () => {
    const state = given(issued, debit('p1', 680), debit('p2', 320));
    expect(state.balance).toBe(0);
    const credit = decide(state, { type: 'CreditGiftCard', cardId: 'c'.repeat(32), debitId: 'p1', reason: 'order cancelled', at: AT });
    expect(credit).toEqual([{ type: 'GiftCardCredited', data: expect.objectContaining({ debitId: 'p1', amount: 680 }) }]);
    const after = given(issued, debit('p1', 680), debit('p2', 320), ...credit);
    expect(after.balance).toBe(680);
    // Given back already, or never debited: nothing more.
    expect(decide(after, { type: 'CreditGiftCard', cardId: 'c'.repeat(32), debitId: 'p1', reason: 'again', at: AT })).toEqual([]);
    expect(decide(after, { type: 'CreditGiftCard', cardId: 'c'.repeat(32), debitId: 'p9', reason: 'unknown', at: AT })).toEqual([]);
  });

  it('refuses a debit above the balance read now, an empty card and a void one; the same debit again takes nothing', () => {
    const state = given(issued, debit('p1', 700));
    const over = { type: 'DebitGiftCard', cardId: 'c'.repeat(32), debitId: 'p2', amount: 301, userId: 'u2', at: AT } as const;
    expect(refusal(() => decide(state, over))).toBe(GIFT_CARD_MESSAGES.changed);
    expect(decide(state, { ...over, amount: 300 })).toHaveLength(1);
    expect(decide(state, { ...over, debitId: 'p1', amount: 700 })).toEqual([]);
    expect(refusal(() => decide(given(issued, debit('p1', 1000)), { ...over, amount: 1 }))).toBe(GIFT_CARD_MESSAGES.empty);
    const voided = given(issued, { type: 'GiftCardVoided', data: { cardId: 'c'.repeat(32), by: 'admin-1', at: AT } });
    expect(refusal(() => decide(voided, { ...over, amount: 1 }))).toBe(GIFT_CARD_MESSAGES.voided);
    expect(refusal(() => decide(giftCardDecider.initialState, { ...over, amount: 1 }))).toBe(GIFT_CARD_MESSAGES.unknown);
  });
});

describe('gift card codes', () => {
  const codes = new GiftCardCodes(Buffer.alloc(32, 7));

  it('are 16 characters of the unambiguous alphabet, found again from their seed, and name their card', () => {
    const card = codes.issue();
    expect(card.code).toMatch(new RegExp(`^[${GIFT_CARD_CODE_ALPHABET}]{16}$`));
    expect(codes.codeFor(card.codeSeed)).toBe(card.code);
    expect(codes.cardIdFor(card.code)).toBe(card.cardId);
    expect(normaliseGiftCardCode(formatGiftCardCode(card.code).toLowerCase())).toBe(card.code);
    // Another key gives other codes: the log's seeds are worthless without the server's key.
    expect(new GiftCardCodes(Buffer.alloc(32, 8)).codeFor(card.codeSeed)).not.toBe(card.code);
  });

  it('refuse anything that is not a code before any lookup', () => {
    for (const typed of ['', 'AAAA', 'AAAA-BBBB-CCCC-DDD0', 'O'.repeat(16), 'A'.repeat(41), 42, null]) expect(normaliseGiftCardCode(typed)).toBeNull();
  });
});

describe('a bought card when its order is cancelled', () => {
  const voidUnspent = { type: 'VoidGiftCard', cardId: 'c'.repeat(32), by: 'admin-1', at: AT, unspentOnly: true } as const;

  it('is voided while nothing is spent from it (a debit given back is not spent), and only once', () => {
    expect(decide(given(issued), voidUnspent)).toEqual([{ type: 'GiftCardVoided', data: { cardId: 'c'.repeat(32), by: 'admin-1', at: AT } }]);
    const givenBack = decide(given(issued, debit('p1', 300)), { type: 'CreditGiftCard', cardId: 'c'.repeat(32), debitId: 'p1', reason: 'order cancelled', at: AT });
    expect(decide(given(issued, debit('p1', 300), ...givenBack), voidUnspent)).toHaveLength(1);
    expect(decide(given(issued, ...decide(given(issued), voidUnspent)), voidUnspent)).toEqual([]);
  });

  it('is refused once any rupee was taken from it, even by a payment still open', () => {
    expect(refusal(() => decide(given(issued, debit('p1', 1)), voidUnspent))).toBe(GIFT_CARD_MESSAGES.spent);
    // The back office's own void is not limited.
    expect(decide(given(issued, debit('p1', 1)), { ...voidUnspent, unspentOnly: false })).toHaveLength(1);
  });

  it('has a code derived from its order line, the same on every run and another for another line', () => {
    const codes = new GiftCardCodes(Buffer.alloc(32, 7));
    const card = codes.forPurchase('6a1f0c0e0000000000000001', 'line-1');
    expect(codes.forPurchase('6a1f0c0e0000000000000001', 'line-1')).toEqual(card);
    expect(codes.codeFor(card.codeSeed)).toBe(card.code);
    expect(codes.cardIdFor(card.code)).toBe(card.cardId);
    expect(codes.forPurchase('6a1f0c0e0000000000000001', 'line-2').code).not.toBe(card.code);
    expect(new GiftCardCodes(Buffer.alloc(32, 8)).forPurchase('6a1f0c0e0000000000000001', 'line-1').code).not.toBe(card.code);
  });
});

describe('gift order terms', () => {
  it('charge the wrap fee only for a wrapped gift, and record nothing for an order that is no gift', () => {
    expect(giftOrderTerms({ wrap: true, message: 'Hi' }, 50)).toEqual({ message: 'Hi', wrap: true, wrapFee: 50 });
    expect(giftOrderTerms({ wrap: false, message: 'Hi' }, 50)).toEqual({ message: 'Hi', wrap: false, wrapFee: 0 });
    expect(giftOrderTerms({ wrap: false, message: '' }, 50)).toBeUndefined();
    expect(giftOrderTerms(undefined, 50)).toBeUndefined();
  });
});
