import nodemailer from 'nodemailer';
import { messageIdFor } from './outbox.ts';
import type { Mailer, MailMessage } from './port.ts';

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
    const { dedupeKey, ...content } = message;
    // SMTP cannot promise once: a retry after a crash sends again, with the same Message-ID.
    await this.transport.sendMail({ from: this.from, ...content, ...(dedupeKey ? { messageId: messageIdFor(dedupeKey) } : {}) });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
