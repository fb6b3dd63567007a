import nodemailer from 'nodemailer';
import { messageIdFor } from './outbox.ts';
import { MailDeliveryError, assertOneRecipient, type Mailer, type MailFailure, type MailMessage } from './port.ts';

/** Sends through any SMTP server given as a URL, e.g. `smtp://user:pass@mail.example.com:587`. */
export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    assertOneRecipient(message);
    const { dedupeKey, ...content } = message;
    try {
      // SMTP cannot promise once: a retry after a crash sends again, with the same Message-ID.
      await this.transport.sendMail({ from: this.from, ...content, ...(dedupeKey ? { messageId: messageIdFor(dedupeKey) } : {}) });
    } catch (error) {
      const reply = error as SmtpErrorFields & Error;
      throw new MailDeliveryError(smtpFailure(reply), smtpReason(reply), { cause: error });
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/** The fields nodemailer puts on a failed send. */
export interface SmtpErrorFields {
  /** nodemailer's kind: EENVELOPE, EMESSAGE (about this message), ECONNECTION, ETIMEDOUT, EAUTH… */
  code?: string;
  /** The server's reply code, when it replied. */
  responseCode?: number;
  /** The step that failed: `RCPT TO`, `DATA`, `MAIL FROM`, `API` (refused before asking the server)… */
  command?: string;
}

/**
 * Whether a failed send is this message's fault for good, this message's for now, or the
 * server's. Only envelope and message errors are about one message; of those, a 5xx reply (or
 * nodemailer refusing the envelope itself) is final and a 4xx asks to try later. The sender
 * (`MAIL FROM`) is ours and the same for every message, so its refusal is the server's problem,
 * except a 552 there, which is this message's size. Connection, timeout, TLS and login failures
 * hold every message alike.
 */
export function smtpFailure(error: SmtpErrorFields): MailFailure {
  if (error.code !== 'EENVELOPE' && error.code !== 'EMESSAGE') return 'unavailable';
  const code = error.responseCode;
  if (error.command === 'MAIL FROM') return code === 552 || (code === undefined && error.code === 'EMESSAGE') ? 'refused' : 'unavailable';
  if (code === undefined) return error.command === 'API' ? 'refused' : 'unavailable';
  if (code >= 500) return 'refused';
  if (code >= 400) return 'deferred';
  return 'unavailable';
}

/** The server's own words when it gave any, else nodemailer's, on one line and readable length. */
function smtpReason(error: SmtpErrorFields & Error & { response?: string }): string {
  const text = (typeof error.response === 'string' && error.response) || error.message || 'Mail not sent';
  return text.replace(/\s+/g, ' ').trim().slice(0, 300);
}
