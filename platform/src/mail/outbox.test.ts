import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { createLogger } from '../logger.ts';
import { createMailer } from './create.ts';
import { OutboxMailer } from './outbox.ts';
import { SmtpMailer } from './smtp.ts';

describe('mail adapters', () => {
  const dirs: ReturnType<typeof tempDir>[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

  it('picks SMTP when SMTP_URL is set, the outbox otherwise', () => {
    const logger = createLogger('silent');
    expect(createMailer({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Shop <a@b.c>', DATA_DIR: '/tmp' }, logger)).toBeInstanceOf(SmtpMailer);
    expect(createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Shop <a@b.c>', DATA_DIR: '/tmp' }, logger)).toBeInstanceOf(OutboxMailer);
  });

  it('writes each message as an .eml file and logs its path and subject, never its body', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info');
    logger.info = ((obj: Record<string, unknown>) => lines.push(obj)) as typeof logger.info;
    const mailer = new OutboxMailer(join(dir.path, 'outbox'), 'Gift & Gear Shop <no-reply@localhost>', logger);
    await mailer.send({ to: 'asha@example.in', subject: 'Verify your e-mail', text: 'Your code: 123456', html: '<b>123456</b>' });
    const files = readdirSync(join(dir.path, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = readFileSync(join(dir.path, 'outbox', files[0]!), 'utf8');
    expect(eml).toMatch(/^To: asha@example\.in$/m);
    expect(eml).toMatch(/^Subject: Verify your e-mail$/m);
    expect(eml).toContain('Your code: 123456');
    expect(lines).toEqual([{ path: join(dir.path, 'outbox', files[0]!), subject: 'Verify your e-mail' }]);
    expect(JSON.stringify(lines)).not.toContain('123456');
  });

  it('writes a message with a dedupe key once, however often it is sent, with a Message-ID from the key', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const mailer = new OutboxMailer(join(dir.path, 'outbox'), 'Shop <no-reply@localhost>', createLogger('silent'));
    const message = { to: 'asha@example.in', subject: 'Your order is placed', text: 'Order 1', html: '<p>Order 1</p>', dedupeKey: '2026-01-01T00-00-00-000Z-order-mail-e1' };
    await Promise.all([mailer.send(message), mailer.send(message)]);
    await mailer.send(message);
    const files = readdirSync(join(dir.path, 'outbox'));
    expect(files).toEqual(['2026-01-01T00-00-00-000Z-order-mail-e1.eml']);
    expect(readFileSync(join(dir.path, 'outbox', files[0]!), 'utf8')).toMatch(/^Message-ID: <2026-01-01T00-00-00-000Z-order-mail-e1@gift-and-gear\.shop>$/m);
  });
});
