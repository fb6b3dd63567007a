import { orderEventSchemas, orderStreams, type OrderEventMap } from '@shop/contracts';
import type { DocumentStore, EventStore, Logger, Mailer, MailMessage, RecordedEvent } from '@shop/platform';
import { asDomainEvent } from '../../shared/stream-commands.ts';
import { fold } from '../../shared/decider.ts';
import { orderDecider, type OrderEvent } from '../order/decider.ts';
import { orderPlacedMail, orderStatusMail } from './mail-templates.ts';

/** The desk's own checkpoint in the document store (beside the projections'). */
export const ORDER_MAIL_CHECKPOINT = 'order-mail';
const MAILED = new Set(['OrderPlaced', 'OrderStatusChanged']);
/**
 * Events without a mail move the checkpoint in memory only, and are written down every this
 * many (and at stop): a cart command must not cost a second commit. Passing them again after a
 * restart costs a read and nothing else.
 */
const PERSIST_EVERY = 5_000n;

export interface OrderMailOptions {
  /** Re-read the log this often without a local append (another process may write). */
  idleMs?: number;
  /** Wait this long before trying a mail the mailer refused again. */
  retryMs?: number;
  batchSize?: number;
}

/**
 * Order e-mails: a confirmation when an order is placed, a note when an admin changes its
 * status. Not a side effect of the command (a reply must not wait on a mail server, and a crash
 * between the append and the mail would lose it): the desk follows the event log from its own
 * checkpoint, sends one mail per event and moves the checkpoint past it.
 *
 * Once per event is kept this way: the checkpoint moves after the mailer accepted the message,
 * so a crash in between sends it again at the next start (at-least-once), under a key derived
 * from the event id. The outbox writes one file per key, so there it is exactly once; over SMTP
 * the repeat carries the same Message-ID for the receiver to drop. Replays and projection
 * rebuilds never reach this checkpoint, so they send nothing. A mail the mailer refuses holds
 * the desk (later mails wait, in order) and is tried again after `retryMs`.
 */
export class OrderMailDesk {
  private position = 0n;
  /** The checkpoint as stored. */
  private persisted = 0n;
  private stopped = false;
  private dirty = true;
  private wake: (() => void) | undefined;
  private stopWake: (() => void) | undefined;
  private loop: Promise<void> | undefined;
  private unsubscribe: (() => void) | undefined;
  private draining: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly events: EventStore,
    private readonly docs: DocumentStore,
    private readonly mailer: Mailer,
    private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>,
    private readonly shopUrl: string,
    private readonly options: OrderMailOptions = {},
  ) {}

  /** Loads the checkpoint and starts following the log, woken at once by an append here. */
  async start(): Promise<void> {
    const saved = await this.docs.getCheckpoint(ORDER_MAIL_CHECKPOINT);
    if (saved === null) {
      // First run on a shop that may already have orders: those were never promised a mail.
      this.position = await this.events.headPosition();
      await this.persist();
    } else {
      this.position = saved;
      this.persisted = saved;
    }
    this.unsubscribe = this.events.onAppended(() => {
      this.dirty = true;
      this.wake?.();
    });
    this.loop = this.follow();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe?.();
    this.stopWake?.();
    await this.loop;
    await this.draining.catch(() => 0);
    await this.persist().catch(() => undefined);
  }

  /** Sends every mail owed up to the log's head as it is now; resolves with how many were sent. */
  drain(): Promise<number> {
    const next = this.draining.catch(() => 0).then(() => this.drainOnce());
    this.draining = next;
    return next;
  }

  private async drainOnce(): Promise<number> {
    const batchSize = this.options.batchSize ?? 200;
    let sent = 0;
    for (;;) {
      const page = await this.events.readAll({ after: this.position, limit: batchSize });
      const last = page[page.length - 1];
      if (!last) return sent;
      for (const event of page) {
        if (this.stopped) return sent;
        if (!MAILED.has(event.type)) continue;
        const message = await this.mailFor(event);
        if (message) {
          await this.mailer.send(message);
          sent++;
        }
        // Written down at once after a mail, so a restart repeats as few as it can.
        this.position = event.position;
        await this.persist();
      }
      if (last.position > this.position) this.position = last.position;
      if (this.position - this.persisted >= PERSIST_EVERY) await this.persist();
      if (page.length < batchSize) return sent;
    }
  }

  private async persist(): Promise<void> {
    if (this.position === this.persisted && this.persisted !== 0n) return;
    const position = this.position;
    await this.docs.commit({ writes: [], checkpoints: [{ name: ORDER_MAIL_CHECKPOINT, position }] });
    this.persisted = position;
  }

  /** The mail an event asks for; the order's details come from its own stream (the write side). */
  private async mailFor(event: RecordedEvent): Promise<MailMessage | null> {
    // Named after the event, and starting with its time so the outbox lists mails in order.
    const dedupeKey = `${event.metadata.timestamp.replace(/[:.]/g, '-')}-order-mail-${event.id}`;
    if (event.type === 'OrderPlaced') {
      const placed = orderEventSchemas.OrderPlaced.safeParse(event.data);
      if (!placed.success) return this.skip(event);
      return { ...orderPlacedMail(placed.data, this.shopUrl), dedupeKey };
    }
    const changed = orderEventSchemas.OrderStatusChanged.safeParse(event.data);
    if (!changed.success) return this.skip(event);
    const order = await this.placedOrder(changed.data.orderId);
    if (!order) return this.skip(event);
    return { ...orderStatusMail(order, changed.data.to, this.shopUrl), dedupeKey };
  }

  private async placedOrder(orderId: string): Promise<OrderEventMap['OrderPlaced'] | null> {
    const recorded = await this.events.readStream(orderStreams.order(orderId));
    return fold(orderDecider, recorded.map(asDomainEvent<OrderEvent>)).placed;
  }

  private skip(event: RecordedEvent): null {
    this.logger.warn({ eventId: event.id, type: event.type }, 'order e-mail skipped: the event does not describe an order');
    return null;
  }

  private async follow(): Promise<void> {
    const { idleMs = 1000, retryMs = 5000 } = this.options;
    while (!this.stopped) {
      if (!this.dirty) await this.sleep(idleMs);
      if (this.stopped) return;
      this.dirty = false;
      try {
        await this.drain();
      } catch (error) {
        this.logger.error({ err: error }, 'order e-mail not sent; trying again');
        this.dirty = true;
        // Not woken by appends: a mail server that is down is not asked again on every order.
        await this.sleep(retryMs, false);
      }
    }
  }

  /** Sleeps `ms`, cut short by `stop` and, unless `byAppend` is false, by an append. */
  private sleep(ms: number, byAppend = true): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        if (this.stopWake === done) this.stopWake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref();
      if (byAppend) this.wake = done;
      this.stopWake = done;
    });
  }
}
