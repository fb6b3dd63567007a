import { isMailAddress } from '@shop/contracts';

/**
 * The mail port: business code hands over a finished message and never knows whether it went
 * to an SMTP server or into the developer's outbox folder.
 */
export interface MailMessage {
  to: string;
  /** Must never contain a one-time code: subjects are logged and shown in notifications. */
  subject: string;
  text: string;
  html: string;
  /**
   * Names this message across retries of the same send (e.g. derived from the event it is
   * about): the outbox writes it once under this name, SMTP gets a Message-ID from it so a
   * receiver can drop a repeat. Start it with a timestamp so the outbox sorts by time.
   */
  dedupeKey?: string;
  /** Extra headers (a newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
  /** Files sent with the message (an order's tax invoice), base64 so a message put off can be stored as it is. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
  encoding: 'base64';
}

export interface Mailer {
  /** Resolves once the message was accepted (by the SMTP server, or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * What became of a message the mailer could not hand over:
 * - `refused`: never deliverable as it is (the server answered 5xx to its recipient or content,
 *   or the address is not one mailbox); trying again changes nothing;
 * - `deferred`: this message, later (a 4xx about its recipient or content: greylisting, a full
 *   mailbox); other messages may well go through meanwhile;
 * - `unavailable`: no message can go now (no connection, a timeout, the login or our sender
 *   refused); the next try waits for the server, not for this message.
 */
export type MailFailure = 'refused' | 'deferred' | 'unavailable';

export class MailDeliveryError extends Error {
  constructor(
    readonly failure: MailFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

/** How a send failed; anything the adapter did not classify counts as the server being unavailable. */
export function mailFailureOf(error: unknown): MailFailure {
  return error instanceof MailDeliveryError ? error.failure : 'unavailable';
}

/**
 * Refuses (for good) a message whose `to` is not exactly one plain address. nodemailer reads
 * `to` as a list with display names, so `a@x, b@y` or a line break would mail people nobody
 * chose; the forms check their fields, and this holds for every caller, old events included.
 */
export function assertOneRecipient(message: Pick<MailMessage, 'to'>): void {
  if (!isMailAddress(message.to)) throw new MailDeliveryError('refused', 'The recipient is not one valid e-mail address');
}
