import { GIFT_CARDS, giftCardEventSchemas, orderEventSchemas, type GiftCardDoc, type GiftCardHoldDoc } from '@shop/contracts';
import type { Projection } from '../projection.ts';

/** Of an order placed, only the gift card's part matters here. */
const placedWithCard = orderEventSchemas.OrderPlaced.pick({ giftCard: true });

/**
 * Gift cards as the back office lists them and their holders see them in My Account (balance,
 * state, history), and each checkout's debit while its payment is open (`held`), then `spent`
 * once its order is placed or `returned` once given back: the hold sweep reads the held ones.
 * Version 2: each debit and credit names whose checkout it was (`userId`), so a holder is shown
 * only their own.
 */
export const giftCardProjection: Projection = {
  name: 'gift-cards',
  version: 2,
  collections: [
    { name: GIFT_CARDS.cards, indexes: [['issuedAt'], ['holders']] },
    { name: GIFT_CARDS.holds, indexes: [['state', 'at']] },
  ],
  handles: new Set([...Object.keys(giftCardEventSchemas), 'OrderPlaced']),
  async apply(event, view) {
    switch (event.type) {
      case 'GiftCardIssued': {
        const issued = giftCardEventSchemas.GiftCardIssued.parse(event.data);
        const doc: GiftCardDoc = {
          _id: issued.cardId,
          id: issued.cardId,
          codeLast4: issued.codeLast4,
          amount: issued.amount,
          balance: issued.amount,
          state: 'active',
          source: issued.source,
          issuedAt: issued.issuedAt,
          ...(issued.recipientEmail ? { recipientEmail: issued.recipientEmail } : {}),
          ...(issued.orderId ? { orderId: issued.orderId } : {}),
          holders: issued.source === 'purchase' ? [issued.issuedBy] : [],
          history: [],
        };
        view.put(GIFT_CARDS.cards, doc);
        return;
      }
      case 'GiftCardDebited': {
        const debit = giftCardEventSchemas.GiftCardDebited.parse(event.data);
        const card = await view.get<GiftCardDoc>(GIFT_CARDS.cards, debit.cardId);
        if (!card) return;
        const balance = card.balance - debit.amount;
        view.put(GIFT_CARDS.cards, {
          ...card,
          balance,
          state: card.state === 'voided' ? 'voided' : balance > 0 ? 'active' : 'used',
          holders: card.holders.includes(debit.userId) ? card.holders : [...card.holders, debit.userId],
          history: [...card.history, { kind: 'debit', amount: debit.amount, at: debit.at, orderRef: debit.debitId, userId: debit.userId }],
        });
        const hold: GiftCardHoldDoc = { _id: debit.debitId, id: debit.debitId, cardId: debit.cardId, amount: debit.amount, state: 'held', at: debit.at };
        view.put(GIFT_CARDS.holds, hold);
        return;
      }
      case 'GiftCardCredited': {
        const credit = giftCardEventSchemas.GiftCardCredited.parse(event.data);
        const card = await view.get<GiftCardDoc>(GIFT_CARDS.cards, credit.cardId);
        if (card) {
          const balance = card.balance + credit.amount;
          // A credit gives a debit back: it is the debiting checkout's shopper's to see.
          const debitedBy = card.history.find((entry) => entry.kind === 'debit' && entry.orderRef === credit.debitId)?.userId;
          view.put(GIFT_CARDS.cards, {
            ...card,
            balance,
            state: card.state === 'voided' ? 'voided' : 'active',
            history: [...card.history, { kind: 'credit', amount: credit.amount, at: credit.at, orderRef: credit.debitId, reason: credit.reason, ...(debitedBy ? { userId: debitedBy } : {}) }],
          });
        }
        const hold = await view.get<GiftCardHoldDoc>(GIFT_CARDS.holds, credit.debitId);
        if (hold) view.put(GIFT_CARDS.holds, { ...hold, state: 'returned' });
        return;
      }
      case 'GiftCardVoided': {
        const voided = giftCardEventSchemas.GiftCardVoided.parse(event.data);
        const card = await view.get<GiftCardDoc>(GIFT_CARDS.cards, voided.cardId);
        if (card) view.put(GIFT_CARDS.cards, { ...card, state: 'voided', voidedAt: voided.at });
        return;
      }
      case 'OrderPlaced': {
        const { giftCard } = placedWithCard.parse(event.data);
        if (!giftCard) return;
        const hold = await view.get<GiftCardHoldDoc>(GIFT_CARDS.holds, giftCard.debitId);
        if (hold && hold.state === 'held') view.put(GIFT_CARDS.holds, { ...hold, state: 'spent' });
        return;
      }
    }
  },
};
