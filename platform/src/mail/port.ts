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
}

export interface Mailer {
  /** Resolves once the message was accepted (by the SMTP server, or written to the outbox). */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}
