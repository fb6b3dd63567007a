import { REFUNDS, type RefundDoc } from '@shop/contracts';
import type { DocumentStore, Logger, PaymentProvider, RefundsOwed } from '@shop/platform';
import { derivedEventId, type StreamCommands } from '../../shared/stream-commands.ts';
import { paymentStream } from './decider.ts';
import { SweepingDesk } from '../../shared/periodic-sweep.ts';

/** Refunds asked of the provider per sweep at most, oldest first. */
const PER_SWEEP = 20;

/**
 * Gives back the money of payments that did not stay orders (a checkout compensated, an order
 * cancelled). Those ask for their refund by event (`PaymentRefundRequested`); this desk makes it:
 * it looks for refunds still owed, asks the provider, and records `PaymentRefunded`.
 *
 * The provider is asked with a key derived from the provider order, so however often a refund is
 * tried (a timeout, a crash between the provider's answer and the record, two processes sweeping
 * at once) the money goes back once; the record is an idempotent command on the payment stream.
 * A refund the provider refuses or cannot take now stays owed and is tried at the next sweep.
 */
export class RefundDesk extends SweepingDesk {
  constructor(
    private readonly streams: StreamCommands,
    private readonly docs: DocumentStore,
    private readonly provider: PaymentProvider,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
  ) {
    super();
  }

  /** Never rejects: a failure is logged and left for the next sweep. */
  protected override async sweepOnce(): Promise<number> {
    let owed: RefundDoc[];
    try {
      owed = await this.docs.find<RefundDoc>(REFUNDS.refunds, { status: 'requested' }, { sort: [['requestedAt', 1]], limit: PER_SWEEP });
    } catch (error) {
      this.logger.warn({ err: error }, 'could not list the refunds owed; trying again at the next sweep');
      return 0;
    }
    let recorded = 0;
    for (const { providerOrderId } of owed) {
      if (this.stopping) break;
      try {
        if (await this.refund(providerOrderId)) recorded += 1;
      } catch (error) {
        this.logger.warn({ err: error, providerOrderId }, 'refund not made; trying again at the next sweep');
      }
    }
    return recorded;
  }

  /** What is owed now, for the metrics (`refunds_owed`). */
  async owed(): Promise<RefundsOwed> {
    const [count, [oldest]] = await Promise.all([
      this.docs.count(REFUNDS.refunds, { status: 'requested' }),
      this.docs.find<RefundDoc>(REFUNDS.refunds, { status: 'requested' }, { sort: [['requestedAt', 1]], limit: 1 }),
    ]);
    const oldestSeconds = oldest ? Math.max(0, (Date.now() - Date.parse(oldest.requestedAt)) / 1000) : 0;
    return { count, oldestSeconds };
  }

  /** Refunds one provider order's payment when it is owed; the log position of the record, or null. */
  async refund(providerOrderId: string): Promise<bigint | null> {
    const stream = paymentStream.at(providerOrderId);
    const payment = await this.streams.load(stream);
    const requested = payment.refundRequested;
    if (!requested || payment.refunded || !payment.opened) return null;
    if (payment.opened.provider !== this.provider.name) {
      this.logger.warn({ providerOrderId, provider: payment.opened.provider }, 'refund owed by another payment provider than the one configured');
      return null;
    }
    const refund = await this.provider.refund({
      paymentId: requested.paymentId,
      amountPaise: requested.amount * 100,
      idempotencyKey: `refund-${providerOrderId}`,
      notes: { providerOrderId, reason: requested.reason.slice(0, 250) },
    });
    const record = { type: 'RecordRefund', refundId: refund.refundId, at: new Date().toISOString() } as const;
    const result = await this.streams.handle(stream, record, { correlationId: requested.paymentId }, {
      eventIds: (event) => derivedEventId('refund', providerOrderId, event.type),
    });
    this.logger.info({ providerOrderId, refundId: refund.refundId, amount: requested.amount }, 'refund made');
    return result.position;
  }
}
