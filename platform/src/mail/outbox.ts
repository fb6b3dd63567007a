import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { makeDirectoryDurably, writeFileDurably } from '../fs/durable.ts';
import type { Logger } from '../logger.ts';
import type { Mailer, MailMessage } from './port.ts';

/**
 * The embedded default when no SMTP server is configured: each message becomes an `.eml` file
 * in the outbox folder (any mail client opens it), and the log says where. The log line carries
 * the subject only, never the body, because bodies hold one-time codes.
 */
export class OutboxMailer implements Mailer {
  // nodemailer's stream transport renders the full MIME message without sending it anywhere.
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const info = await this.composer.sendMail({ from: this.from, ...message });
    await makeDirectoryDurably(this.folder, 0o700);
    const file = join(this.folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    await writeFileDurably(file, info.message as Buffer, { mode: 0o600 });
    this.logger.info({ path: file, subject: message.subject }, 'mail written to outbox');
  }

  async close(): Promise<void> {}
}
