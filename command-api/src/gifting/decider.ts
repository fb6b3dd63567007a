import { giftCardEventSchemas, giftCardStreams, type GiftCardEventMap } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';
import { streamType } from '../shared/stream-type.ts';

type Ev<K extends keyof GiftCardEventMap> = DomainEvent<K, GiftCardEventMap[K]>;
export type GiftCardEvent = Ev<'GiftCardIssued'> | Ev<'GiftCardDebited'> | Ev<'GiftCardCredited'> | Ev<'GiftCardVoided'>;

/** One card (`gift-card-<cardId>`): what it was issued with, what is left, and each debit's fate. */
export interface GiftCardState {
  issued: GiftCardEventMap['GiftCardIssued'] | null;
  /** Whole rupees left to spend: issued amount less open debits (credited ones are back). */
  balance: number;
  /** Every debit by its id: how much, and whether it was given back. */
  debits: ReadonlyMap<string, { amount: number; credited: boolean }>;
  voided: boolean;
}

export type GiftCardCommand =
  | ({ type: 'IssueGiftCard' } & GiftCardEventMap['GiftCardIssued'])
  /**
   * Take `amount` rupees for the payment `debitId`, priced from the balance the checkout read: if
   * another checkout spent from the card meanwhile and less is left, the debit is refused.
   */
  | { type: 'DebitGiftCard'; cardId: string; debitId: string; amount: number; userId: string; at: string }
  /** Give the debit `debitId` back whole (a no-op when there is none or it is back already). */
  | { type: 'CreditGiftCard'; cardId: string; debitId: string; reason: string; at: string }
  /** `unspentOnly`: a bought card whose order is cancelled; refused once anything was spent from it. */
  | { type: 'VoidGiftCard'; cardId: string; by: string; at: string; unspentOnly?: boolean };

/** The refusals a shopper reads at checkout, word for word. */
export const GIFT_CARD_MESSAGES = {
  unknown: 'This gift card code is not valid',
  voided: 'This gift card is no longer valid',
  empty: 'This gift card has no balance left',
  changed: 'The gift card balance changed meanwhile; please check out again',
  cod: 'Gift cards can be used only when paying online (UPI, net banking or card), not with cash on delivery',
  giftCardCod: 'Gift cards must be paid online (UPI, net banking or card), not with cash on delivery',
  spent: 'The gift card bought in this order has been used, so the order can no longer be cancelled',
} as const;

/** The rupees a checkout takes from a card: all it owes, or all the card holds when that is less. */
export function giftCardApplies(balance: number, due: number): number {
  return Math.max(0, Math.min(balance, due));
}

export const giftCardDecider: Decider<GiftCardState, GiftCardCommand, GiftCardEvent> = {
  initialState: { issued: null, balance: 0, debits: new Map(), voided: false },
  evolve(state, event) {
    switch (event.type) {
      case 'GiftCardIssued':
        return { ...state, issued: event.data, balance: event.data.amount };
      case 'GiftCardDebited':
        return { ...state, balance: state.balance - event.data.amount, debits: new Map(state.debits).set(event.data.debitId, { amount: event.data.amount, credited: false }) };
      case 'GiftCardCredited':
        return { ...state, balance: state.balance + event.data.amount, debits: new Map(state.debits).set(event.data.debitId, { amount: event.data.amount, credited: true }) };
      case 'GiftCardVoided':
        return { ...state, voided: true };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'IssueGiftCard': {
        // The same issue again (a retried purchase) is already there.
        if (state.issued) {
          if (state.issued.codeSeed === command.codeSeed) return [];
          throw new DomainError('conflict', 'Gift card already issued');
        }
        const { type: _type, ...data } = command;
        return [{ type: 'GiftCardIssued', data }];
      }
      case 'DebitGiftCard': {
        if (!state.issued) throw new DomainError('invalid', GIFT_CARD_MESSAGES.unknown);
        // A checkout retried takes nothing more than it took.
        if (state.debits.has(command.debitId)) return [];
        if (state.voided) throw new DomainError('invalid', GIFT_CARD_MESSAGES.voided);
        if (state.balance < 1) throw new DomainError('invalid', GIFT_CARD_MESSAGES.empty);
        if (command.amount < 1 || command.amount > state.balance) throw new DomainError('conflict', GIFT_CARD_MESSAGES.changed);
        const { cardId, debitId, amount, userId, at } = command;
        return [{ type: 'GiftCardDebited', data: { cardId, debitId, amount, userId, at } }];
      }
      case 'CreditGiftCard': {
        const debit = state.debits.get(command.debitId);
        if (!debit || debit.credited) return [];
        return [{ type: 'GiftCardCredited', data: { cardId: command.cardId, debitId: command.debitId, amount: debit.amount, reason: command.reason.slice(0, 300), at: command.at } }];
      }
      case 'VoidGiftCard': {
        if (!state.issued) throw new DomainError('not-found', 'Gift card not found');
        if (state.voided) return [];
        // Held debits count as spent: their checkouts may still be paid.
        if (command.unspentOnly && state.balance < state.issued.amount) throw new DomainError('conflict', GIFT_CARD_MESSAGES.spent);
        return [{ type: 'GiftCardVoided', data: { cardId: command.cardId, by: command.by, at: command.at } }];
      }
    }
  },
};

/** A gift card's balance stream (`gift-card-<cardId>`). */
export const giftCardStream = streamType({ kind: 'gift-card', decider: giftCardDecider, streamId: giftCardStreams.card, schemas: giftCardEventSchemas });
