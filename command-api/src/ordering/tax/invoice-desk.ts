import type { DocumentStore, EventStore, Logger } from '@shop/platform';
import type { GstInvoicing } from './gst-invoicing.ts';

/** The desk's checkpoint in the document store (beside the projections' and the mail desk's). */
export const INVOICE_DESK_CHECKPOINT = 'gst-invoices';
/** The order events after which an order may owe a document: shipped (invoice), cancelled or returned (credit note), placed (a retry's safety). */
const WATCHED = new Set(['OrderPlaced', 'OrderStatusChanged']);

/**
 * Issues the invoices and credit notes orders come to owe after they were placed: an invoice
 * when an order ships (cash on delivery, or invoicing on dispatch), a credit note when an invoiced
 * order is cancelled or returned. It follows the event log from its own checkpoint, under a lease
 * (one process at a time), rather than running inside the status command: the admin's reply does
 * not wait on the series, and a crash after the status change but before the document is finished
 * at the next start, since the checkpoint only passes an event once what it owed is on the log.
 * Each document is issued once however often an event is seen (GstInvoicing.settle).
 */
export class InvoiceDesk {
  private position = 0n;
  private stopped = true;
  private dirty = true;
  private wake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  private draining: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly events: EventStore,
    private readonly docs: DocumentStore,
    private readonly invoicing: Pick<GstInvoicing, 'settle'>,
    private readonly logger: Pick<Logger, 'error'>,
    private readonly options: { idleMs?: number; batchSize?: number } = {},
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    this.dirty = true;
    // From the start of the log on the first run: orders placed before GST have no tax and owe nothing.
    this.position = (await this.docs.getCheckpoint(INVOICE_DESK_CHECKPOINT)) ?? 0n;
    this.unsubscribe = this.events.onAppended(() => {
      this.dirty = true;
      this.wake?.();
    });
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.wake?.();
    await this.loop;
    await this.draining.catch(() => 0);
  }

  /** Issues every document owed up to the log's head as it is now; resolves with how many. */
  drain(): Promise<number> {
    const next = this.draining.catch(() => 0).then(() => this.drainOnce());
    this.draining = next;
    return next;
  }

  private async drainOnce(): Promise<number> {
    const batchSize = this.options.batchSize ?? 500;
    let issued = 0;
    for (;;) {
      const page = await this.events.readAll({ after: this.position, limit: batchSize });
      if (page.length === 0) return issued;
      let moved = false;
      for (const event of page) {
        if (WATCHED.has(event.type)) {
          const orderId = (event.data as { orderId?: unknown }).orderId;
          if (typeof orderId === 'string') issued += await this.invoicing.settle(orderId);
          moved = true;
        }
        this.position = event.position;
        if (moved) {
          await this.docs.commit({ writes: [], checkpoints: [{ name: INVOICE_DESK_CHECKPOINT, position: this.position }] });
          moved = false;
        }
      }
      await this.docs.commit({ writes: [], checkpoints: [{ name: INVOICE_DESK_CHECKPOINT, position: this.position }] });
      if (page.length < batchSize || this.stopped) return issued;
    }
  }

  private async follow(): Promise<void> {
    const idleMs = this.options.idleMs ?? 1000;
    while (!this.stopped) {
      if (!this.dirty) await new Promise<void>((resolve) => {
        const timer = setTimeout(done, idleMs);
        function done() {
          clearTimeout(timer);
          resolve();
        }
        this.wake = done;
      });
      this.wake = undefined;
      if (this.stopped) return;
      this.dirty = false;
      try {
        await this.drain();
      } catch (error) {
        // Left where it is: the next pass (an append, or the idle re-read) tries the same event again.
        this.logger.error({ err: error }, 'GST documents not issued yet; trying again');
        await new Promise((resolve) => setTimeout(resolve, Math.min(idleMs * 5, 5000)));
        this.dirty = true;
      }
    }
  }
}
