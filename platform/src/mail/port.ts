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
}

export interface Mailer {
  /** Resolves once the message was accepted (by the SMTP server, or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
