import { randomUUID } from 'node:crypto';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { makeDirectoryDurably, writeFileDurably } from '../fs/durable.ts';
import type { Logger } from '../logger.ts';
import { assertOneRecipient, type Mailer, type MailMessage } from './port.ts';

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
    assertOneRecipient(message);
    const { dedupeKey, ...content } = message;
    await makeDirectoryDurably(this.folder, 0o700);
    if (dedupeKey) {
      // One file per key: a message sent again (a retry after a crash) finds it there.
      const file = join(this.folder, `${dedupeKey.replace(/[^A-Za-z0-9._-]/g, '-')}.eml`);
      if (await exists(file)) {
        this.logger.info({ path: file, subject: message.subject }, 'mail already in outbox');
        return;
      }
      const info = await this.composer.sendMail({ from: this.from, ...content, messageId: messageIdFor(dedupeKey) });
      // Written whole or not at all (a temporary file synced, then renamed into place): a crash
      // mid-write must not leave a part that counts as sent.
      await writeFileDurably(file, info.message as Buffer, { mode: 0o600 });
      this.logger.info({ path: file, subject: message.subject }, 'mail written to outbox');
      return;
    }
    const info = await this.composer.sendMail({ from: this.from, ...content });
    const file = join(this.folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
    await writeFileDurably(file, info.message as Buffer, { mode: 0o600 });
    this.logger.info({ path: file, subject: message.subject }, 'mail written to outbox');
  }

  async close(): Promise<void> {}
}

/** A stable Message-ID for a deduplicated message, so a repeat is recognisably the same mail. */
export function messageIdFor(dedupeKey: string): string {
  return `<${dedupeKey.replace(/[^A-Za-z0-9._-]/g, '-')}@gift-and-gear.shop>`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
