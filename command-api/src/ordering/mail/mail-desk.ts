import { formatGiftCardCode, giftCardEventSchemas, giftCardStreams, orderEventSchemas, orderStreams, trackingUrlFor, type GiftCardEventMap, type OrderEventMap } from '@shop/contracts';
import { mailFailureOf, type DocumentStore, type MailAttachment, type EventStore, type Logger, type Mailer, type MailMessage, type RecordedEvent, type Write } from '@shop/platform';
import { asDomainEvent, derivedEventId, type StreamCommands } from '../../shared/stream-commands.ts';
import { fold } from '../../shared/decider.ts';
import { orderDecider, orderStream, type OrderEvent } from '../order/decider.ts';
import { accountStream } from '../../account/decider.ts';
import { giftCardMail, orderPlacedMail, orderStatusMail, type ShippedParcel } from './mail-templates.ts';
import type { GiftCardCodes } from '../../gifting/codes.ts';
import { afterFailure, backoffMs, defaultMailRetrySchedule, type DeferredMail, type MailRetrySchedule } from './mail-retry.ts';

/** The desk's own checkpoint in the document store (beside the projections'). */
export const ORDER_MAIL_CHECKPOINT = 'order-mail';
/** The desk's own collection: mails the server put off, until they go or are given up. */
export const DEFERRED_ORDER_MAILS = 'orderMailsDeferred';
const MAILED = new Set(['OrderPlaced', 'OrderStatusChanged', 'GiftCardIssued']);
/**
 * Events without a mail move the checkpoint in memory only, and are written down every this
 * many (and at stop): a cart command must not cost a second commit. Passing them again after a
 * restart costs a read and nothing else.
 */
const PERSIST_EVERY = 5_000n;

export interface OrderMailOptions extends Partial<MailRetrySchedule> {
  /** Re-read the log this often without a local append (another process may write). */
  idleMs?: number;
  batchSize?: number;
  /** Epoch ms now; the deferred mails' schedule reads it (tests move it instead of waiting). */
  now?: () => number;
  /** The carrier's tracking page with {trackingNumber} (TRACKING_URL_TEMPLATE); without it the shipped mail names the number only. */
  trackingUrlTemplate?: string;
  /** The shop's time zone, that dates in the mails are written in (SHOP_TIME_ZONE). */
  timeZone?: string;
  /** The gift card key: a card bought in an order is mailed to its recipient with its code (derived from the card's seed here, never stored). */
  giftCardCodes?: Pick<GiftCardCodes, 'codeFor'>;
  /** The documents an order's mail carries (its tax invoice, its credit note), as the order stands when the mail goes. */
  attachmentsFor?: (orderId: string, mail: { placed: boolean; status?: OrderEventMap['OrderStatusChanged']['to'] }) => Promise<MailAttachment[]>;
}

/** One mail owed for one event: the message and what a refusal is recorded as. */
interface OwedMail {
  eventId: string;
  orderId: string;
  mail: 'placed' | 'status' | 'gift-card';
  status?: OrderEventMap['OrderStatusChanged']['to'];
  /** A bought gift card's mail: the card, whose code is put in the message only when it is sent. */
  cardId?: string;
  message: MailMessage;
}

/**
 * Order e-mails: a confirmation when an order is placed, a note when an admin changes its
 * status, each to the buyer's account's verified e-mail (never the billing form's), and a bought
 * gift card's code to its recipient. Not a side effect of the command (a reply must not wait on a mail server, and a crash
 * between the append and the mail would lose it): the desk follows the event log from its own
 * checkpoint, sends one mail per event and moves the checkpoint past it.
 *
 * Once per event is kept this way: the checkpoint moves after the mailer accepted the message,
 * so a crash in between sends it again at the next start (at-least-once), under a key derived
 * from the event id. The outbox writes one file per key, so there it is exactly once; over SMTP
 * the repeat carries the same Message-ID for the receiver to drop. Replays and projection
 * rebuilds never reach this checkpoint, so they send nothing.
 *
 * A mail that cannot go never silences the mails after it (mail-retry.ts has the schedule):
 * - refused for good (a 5xx, an address that is not one mailbox): recorded on the order as
 *   `OrderMailRefused` (the back office shows it) and passed;
 * - put off by the server (a 4xx about this mail): kept in the desk's own collection, written in
 *   the same commit as the checkpoint that passes it, tried again on its own backoff and given up
 *   (recorded as refused) after two days; later mails go on meanwhile;
 * - no mail can go (the server is unreachable, the login fails): the desk holds where it is,
 *   trying again after 5 s, 10 s, … up to 5 minutes; later mails wait in order, as they would
 *   fail the same way.
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
  /** When the earliest deferred mail is due (epoch ms), so a pass without one due reads nothing. */
  private nextDeferredAt = Number.POSITIVE_INFINITY;
  private readonly schedule: MailRetrySchedule;
  private readonly now: () => number;

  constructor(
    private readonly events: EventStore,
    private readonly docs: DocumentStore,
    private readonly streams: StreamCommands,
    private readonly mailer: Mailer,
    private readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>,
    private readonly shopUrl: string,
    private readonly options: OrderMailOptions = {},
  ) {
    this.schedule = { ...defaultMailRetrySchedule, ...options };
    this.now = options.now ?? Date.now;
  }

  /** Loads the checkpoint and starts following the log, woken at once by an append here (again after a stop). */
  async start(): Promise<void> {
    this.stopped = false;
    this.dirty = true;
    await this.docs.defineCollection({ name: DEFERRED_ORDER_MAILS, indexes: [['nextAt']] });
    const [first] = await this.docs.find<DeferredMail>(DEFERRED_ORDER_MAILS, {}, { sort: [['nextAt', 1]], limit: 1 });
    this.nextDeferredAt = first?.nextAt ?? Number.POSITIVE_INFINITY;
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
    let sent = await this.sendDeferred();
    for (;;) {
      const page = await this.events.readAll({ after: this.position, limit: batchSize });
      const last = page[page.length - 1];
      if (!last) return sent;
      for (const event of page) {
        if (this.stopped) return sent;
        if (!MAILED.has(event.type)) continue;
        const owed = await this.mailFor(event);
        // Written down at once after a mail, so a restart repeats as few as it can; a mail put
        // off is kept in the same commit as the checkpoint that passes it.
        const outcome = owed ? await this.sendOrSettle(owed, null) : null;
        if (outcome?.delivered) sent++;
        this.position = event.position;
        await this.persist(outcome?.keep ? [outcome.keep] : []);
      }
      if (last.position > this.position) this.position = last.position;
      if (this.position - this.persisted >= PERSIST_EVERY) await this.persist();
      if (page.length < batchSize) return sent;
    }
  }

  private async persist(writes: Write[] = []): Promise<void> {
    if (writes.length === 0 && this.position === this.persisted && this.persisted !== 0n) return;
    const position = this.position;
    await this.docs.commit({ writes, checkpoints: [{ name: ORDER_MAIL_CHECKPOINT, position }] });
    this.persisted = position;
    for (const write of writes) {
      if (write.kind === 'put') this.nextDeferredAt = Math.min(this.nextDeferredAt, (write.doc as DeferredMail).nextAt);
    }
  }

  /**
   * Sends one mail. Delivered, or refused for good (then recorded on the order): nothing to keep.
   * Put off by the server: `keep` is the deferred mail, as a write for the caller's commit. The
   * server unavailable: throws, and the desk holds.
   */
  private async sendOrSettle(owed: OwedMail, deferred: DeferredMail | null): Promise<{ delivered: boolean; keep?: Write }> {
    try {
      await this.mailer.send(owed.message);
      return { delivered: true };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const next = afterFailure(mailFailureOf(error), reason, deferred, this.now(), this.schedule);
      if (next.action === 'hold') throw error;
      if (next.action === 'refuse') {
        await this.recordRefused(owed, next.reason);
        return { delivered: false };
      }
      this.logger.warn({ orderId: owed.orderId, eventId: owed.eventId, tries: next.tries, reason }, 'order e-mail put off by the mail server; trying it again later');
      const { eventId, orderId, mail, status, cardId } = owed;
      // A gift card's mail is kept without its code: it is written again from the card when it is tried.
      const message = cardId ? { to: owed.message.to, subject: owed.message.subject, text: '', html: '' } : owed.message;
      const doc: DeferredMail = { _id: eventId, eventId, orderId, mail, ...(status ? { status } : {}), ...(cardId ? { cardId } : {}), message, ...next, lastReason: reason.slice(0, 300) };
      return { delivered: false, keep: { kind: 'put', collection: DEFERRED_ORDER_MAILS, doc } };
    }
  }

  /** Tries the deferred mails that are due, oldest due first; resolves with how many went. */
  private async sendDeferred(): Promise<number> {
    if (this.nextDeferredAt > this.now()) return 0;
    let sent = 0;
    const due = await this.docs.find<DeferredMail>(DEFERRED_ORDER_MAILS, { nextAt: { $lte: this.now() } }, { sort: [['nextAt', 1]], limit: 100 });
    for (const deferred of due) {
      if (this.stopped) break;
      const owed = deferred.cardId ? await this.giftCardMailOf(deferred.cardId, deferred.eventId) : deferred;
      if (!owed) {
        await this.docs.commit({ writes: [{ kind: 'delete', collection: DEFERRED_ORDER_MAILS, id: deferred._id }] });
        continue;
      }
      const outcome = await this.sendOrSettle(owed, deferred);
      if (outcome.delivered) sent++;
      await this.docs.commit({ writes: [outcome.keep ?? { kind: 'delete', collection: DEFERRED_ORDER_MAILS, id: deferred._id }] });
    }
    const [first] = await this.docs.find<DeferredMail>(DEFERRED_ORDER_MAILS, {}, { sort: [['nextAt', 1]], limit: 1 });
    this.nextDeferredAt = first?.nextAt ?? Number.POSITIVE_INFINITY;
    return sent;
  }

  /** Records on the order that its mail will not be delivered, once per mail (a derived event id). */
  private async recordRefused(owed: OwedMail, reason: string): Promise<void> {
    const { eventId, orderId, mail, status } = owed;
    this.logger.warn({ orderId, eventId, reason }, 'order e-mail refused by the mail server; recorded on the order and passed');
    const command = { type: 'RecordMailRefused', orderId, mail, ...(status ? { status } : {}), eventId, reason, refusedAt: new Date(this.now()).toISOString() } as const;
    await this.streams.handle(orderStream.at(orderId), command, { correlationId: eventId, causationId: eventId }, {
      eventIds: (event) => derivedEventId('order-mail', eventId, event.type),
    });
  }

  /** The mail an event asks for; the order's details come from its own stream (the write side). */
  private async mailFor(event: RecordedEvent): Promise<OwedMail | null> {
    if (event.type === 'GiftCardIssued') {
      const issued = giftCardEventSchemas.GiftCardIssued.safeParse(event.data);
      return issued.success ? this.giftCardMail(event.id, event.metadata.timestamp, issued.data) : this.skip(event);
    }
    const dedupeKey = dedupeKeyOf(event.id, event.metadata.timestamp);
    if (event.type === 'OrderPlaced') {
      const placed = orderEventSchemas.OrderPlaced.safeParse(event.data);
      if (!placed.success) return this.skip(event);
      const to = await this.accountAddressOf(placed.data);
      if (!to) return null;
      const message = { ...orderPlacedMail(placed.data, to, this.shopUrl, this.options.timeZone), dedupeKey, ...(await this.attachments(placed.data.orderId, { placed: true })) };
      return { eventId: event.id, orderId: placed.data.orderId, mail: 'placed', message };
    }
    const changed = orderEventSchemas.OrderStatusChanged.safeParse(event.data);
    if (!changed.success) return this.skip(event);
    const order = await this.placedOrder(changed.data.orderId);
    if (!order) return this.skip(event);
    const to = await this.accountAddressOf(order);
    if (!to) return null;
    const attachments = await this.attachments(order.orderId, { placed: false, status: changed.data.to });
    const message = { ...orderStatusMail(order, changed.data.to, to, this.shopUrl, this.parcelOf(changed.data)), dedupeKey, ...attachments };
    return { eventId: event.id, orderId: order.orderId, mail: 'status', status: changed.data.to, message };
  }

  /**
   * A bought card's code to its recipient, from the buyer (their account's name). Cards an admin
   * issued are handed over by the admin (their code is in the reply): no mail.
   */
  private async giftCardMail(eventId: string, timestamp: string, card: GiftCardEventMap['GiftCardIssued']): Promise<OwedMail | null> {
    const { orderId, recipientEmail } = card;
    if (card.source !== 'purchase' || !orderId || !recipientEmail) return null;
    const codes = this.options.giftCardCodes;
    if (!codes) throw new Error('A bought gift card is owed its mail, but the mail desk has no gift card key');
    const order = await this.placedOrder(orderId);
    const code = formatGiftCardCode(codes.codeFor(card.codeSeed));
    const gift = { code, amount: card.amount, recipientEmail, from: order ? await this.buyerNameOf(order.userid) : null, message: card.message };
    const message = { ...giftCardMail(gift, this.shopUrl), dedupeKey: dedupeKeyOf(eventId, timestamp) };
    return { eventId, orderId, mail: 'gift-card', cardId: card.cardId, message };
  }

  /** A deferred gift card mail written again from its card's issue (null when the card has no such mail). */
  private async giftCardMailOf(cardId: string, eventId: string): Promise<OwedMail | null> {
    const issued = (await this.events.readStream(giftCardStreams.card(cardId))).find((event) => event.id === eventId);
    const card = issued ? giftCardEventSchemas.GiftCardIssued.safeParse(issued.data) : null;
    return issued && card?.success ? this.giftCardMail(issued.id, issued.metadata.timestamp, card.data) : null;
  }

  private async attachments(orderId: string, mail: { placed: boolean; status?: OrderEventMap['OrderStatusChanged']['to'] }): Promise<{ attachments?: MailAttachment[] }> {
    const files = (await this.options.attachmentsFor?.(orderId, mail)) ?? [];
    return files.length > 0 ? { attachments: files } : {};
  }

  private parcelOf(change: OrderEventMap['OrderStatusChanged']): ShippedParcel | undefined {
    if (!change.trackingNumber) return undefined;
    const template = this.options.trackingUrlTemplate;
    return { trackingNumber: change.trackingNumber, ...(template ? { trackingUrl: trackingUrlFor(template, change.trackingNumber) } : {}) };
  }

  private async placedOrder(orderId: string): Promise<OrderEventMap['OrderPlaced'] | null> {
    const recorded = await this.events.readStream(orderStreams.order(orderId));
    return fold(orderDecider, recorded.map(asDomainEvent<OrderEvent>)).placed;
  }

  /**
   * Where an order's mails go: the buyer's account's own e-mail, which the account verified, never
   * the e-mail typed on the billing form (anyone's address could be typed there, and the mail
   * would carry the shop's name, the shopper's text and a cash-on-delivery confirmation code to
   * it). An account that is gone, forgotten or not verified gets no mail.
   */
  private async accountAddressOf(order: Pick<OrderEventMap['OrderPlaced'], 'orderId' | 'userid'>): Promise<string | null> {
    const account = await this.streams.load(accountStream.at(order.userid), { fresh: true });
    if (account.registered && account.verified && !account.forgotten) return account.email;
    this.logger.info({ orderId: order.orderId }, 'order e-mail not sent: the account has no verified e-mail');
    return null;
  }

  /** The buyer as the gift card's recipient is told: their account's name (not a name typed at checkout), or none. */
  private async buyerNameOf(userId: string): Promise<string | null> {
    const account = await this.streams.load(accountStream.at(userId));
    return account.registered && account.verified && !account.forgotten ? account.name : null;
  }

  private skip(event: RecordedEvent): null {
    this.logger.warn({ eventId: event.id, type: event.type }, 'order e-mail skipped: the event does not describe an order');
    return null;
  }

  private async follow(): Promise<void> {
    const { idleMs = 1000 } = this.options;
    const { retryMs, maxRetryMs } = this.schedule;
    let failures = 0;
    while (!this.stopped) {
      // Deferred mails coming due wake the loop too (never later than the idle re-read).
      if (!this.dirty) await this.sleep(Math.max(0, Math.min(idleMs, this.nextDeferredAt - this.now())));
      if (this.stopped) return;
      this.dirty = false;
      try {
        await this.drain();
        failures = 0;
      } catch (error) {
        failures++;
        const waitMs = backoffMs(failures, retryMs, maxRetryMs);
        this.logger.error({ err: error, waitMs }, 'order e-mail not sent: the mail server is unavailable; holding the desk and trying again');
        this.dirty = true;
        // Not woken by appends: a mail server that is down is not asked again on every order.
        await this.sleep(waitMs, false);
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

/** A mail's key, named after its event and starting with the event's time, so the outbox lists mails in order. */
function dedupeKeyOf(eventId: string, timestamp: string): string {
  return `${timestamp.replace(/[:.]/g, '-')}-order-mail-${eventId}`;
}
