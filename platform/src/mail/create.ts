import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { OutboxMailer } from './outbox.ts';
import type { Mailer } from './port.ts';
import { SmtpMailer } from './smtp.ts';

/** SMTP when `SMTP_URL` is set, otherwise the outbox folder under DATA_DIR. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>, logger: Logger): Mailer {
  if (config.SMTP_URL) return new SmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  return new OutboxMailer(join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, logger);
}
