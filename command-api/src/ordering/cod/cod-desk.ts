import { BACK_OFFICE, type AdminOrderDoc } from '@shop/contracts';
import type { DocumentStore, Logger } from '@shop/platform';
import type { StreamCommands } from '../../shared/stream-commands.ts';
import { settleEndedOrder } from '../order/change-status.ts';
import { orderStream } from '../order/decider.ts';
import { SweepingDesk } from '../../shared/periodic-sweep.ts';

/** Orders cancelled per sweep at most, the longest overdue first. */
const PER_SWEEP = 20;

/** How far back a sweep looks for orders it cancelled whose restock a crash may have cut short. */
const RESETTLE_WINDOW_MS = 3 * 24 * 60 * 60_000;

/**
 * Cancels cash-on-delivery orders the shopper did not confirm in time, and puts their stock back.
 * The back office's read model names the candidates; the order's own stream decides (a
 * confirmation that came in meanwhile wins), and the cancel and the restock are idempotent
 * commands, so two processes sweeping at once, a crash half-way or a restart change nothing twice.
 * A crash between the cancel and the restock is finished by a later sweep: the orders cancelled
 * this way over the last RESETTLE_WINDOW_MS are settled again (a restock already made is a no-op).
 */
export class CodDesk extends SweepingDesk {
  constructor(
    private readonly streams: StreamCommands,
    private readonly docs: DocumentStore,
    private readonly logger: Pick<Logger, 'info' | 'warn'>,
    private readonly now: () => Date = () => new Date(),
  ) {
    super();
  }

  /** Never rejects: a failure is logged and left for the next sweep. */
  protected override async sweepOnce(): Promise<number> {
    const at = this.now().toISOString();
    const since = new Date(Date.parse(at) - RESETTLE_WINDOW_MS).toISOString();
    let overdue: AdminOrderDoc[];
    try {
      const options = { sort: [['codConfirmBy', 1]] as [string, 1][], limit: PER_SWEEP };
      overdue = [
        ...(await this.docs.find<AdminOrderDoc>(BACK_OFFICE.orders, { paymentState: 'awaiting-confirmation', codConfirmBy: { $lt: at } }, options)),
        ...(await this.docs.find<AdminOrderDoc>(BACK_OFFICE.orders, { status: 'cancelled', codConfirmBy: { $gte: since, $lt: at } }, options)),
      ];
    } catch (error) {
      this.logger.warn({ err: error }, 'could not list the unconfirmed cash-on-delivery orders; trying again at the next sweep');
      return 0;
    }
    let cancelled = 0;
    for (const { id: orderId } of overdue) {
      if (this.stopping) break;
      try {
        if (await this.cancel(orderId, at)) cancelled += 1;
      } catch (error) {
        this.logger.warn({ err: error, orderId }, 'unconfirmed cash-on-delivery order not cancelled; trying again at the next sweep');
      }
    }
    return cancelled;
  }

  /** Cancels one order if it is still unconfirmed past its time, and restocks it; true when this call cancelled it. */
  async cancel(orderId: string, at = this.now().toISOString()): Promise<boolean> {
    const ctx = { correlationId: `cod-unconfirmed-${orderId}` };
    const result = await this.streams.handle(orderStream.at(orderId), { type: 'CancelUnconfirmedCod', orderId, at } as const, ctx);
    await settleEndedOrder(this.streams, result.state, ctx);
    if (result.position > 0n) this.logger.info({ orderId }, 'unconfirmed cash-on-delivery order cancelled');
    return result.position > 0n;
  }
}
