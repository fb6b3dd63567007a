import { GIFT_CARDS, type GiftCardHoldDoc } from '@shop/contracts';
import type { DocumentStore, Logger } from '@shop/platform';
import type { StreamCommands } from '../shared/stream-commands.ts';
import { SweepingDesk } from '../shared/periodic-sweep.ts';
import { paymentStream } from '../ordering/payment/decider.ts';
import { giveBackGiftCard } from './gift-cards.ts';

/** Debits given back per sweep at most, the oldest first. */
const PER_SWEEP = 50;

export const GIFT_CARD_HOLD_EXPIRED = 'payment not completed in time';

/**
 * Gives back the gift card part of payments that were never made. A checkout debits the card
 * before the shopper pays the rest; if no payment is confirmed within the hold, the debit goes
 * back to the card. The payment's stream decides (a confirmed one keeps its debit: its checkout
 * places the order or gives the part back itself), and a late payment finds its debit gone and is
 * refunded by its checkout. Runs under the desks' lease; the credit is idempotent, so two
 * processes sweeping at once or a crash half-way change nothing twice.
 */
export class GiftCardHoldDesk extends SweepingDesk {
  constructor(
    private readonly streams: StreamCommands,
    private readonly docs: DocumentStore,
    private readonly holdMs: number,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  protected override async sweepOnce(): Promise<number> {
    const cutoff = new Date(this.now().getTime() - this.holdMs).toISOString();
    let expired: GiftCardHoldDoc[];
    try {
      expired = await this.docs.find<GiftCardHoldDoc>(GIFT_CARDS.holds, { state: 'held', at: { $lt: cutoff } }, { sort: [['at', 1]], limit: PER_SWEEP });
    } catch (error) {
      this.logger.warn({ err: error }, 'could not list the gift card holds; trying again at the next sweep');
      return 0;
    }
    let given = 0;
    for (const hold of expired) {
      if (this.stopping) break;
      try {
        const payment = await this.streams.load(paymentStream.at(hold.id), { fresh: true });
        if (payment.paymentId) continue;
        const ctx = { correlationId: `gift-card-hold-${hold.id}` };
        if ((await giveBackGiftCard(this.streams, { cardId: hold.cardId, debitId: hold.id }, GIFT_CARD_HOLD_EXPIRED, ctx, this.now())) > 0n) given += 1;
      } catch (error) {
        this.logger.warn({ err: error, debitId: hold.id }, 'gift card hold not given back; trying again at the next sweep');
      }
    }
    return given;
  }
}
