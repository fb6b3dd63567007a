import { readdirSync, statSync } from 'node:fs';
import type * as fsPromises from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { createLogger } from '../logger.ts';
import type { OutboxMailer as Mailer } from './outbox.ts';

/** Every fsync made through node:fs/promises, by path, in order (the real calls still happen). */
const synced: string[] = [];
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof fsPromises>();
  const open: typeof real.open = async (path, ...rest) => {
    const handle = await real.open(path, ...rest);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      await sync();
      synced.push(String(path));
    };
    return handle;
  };
  return { ...real, default: { ...real, open }, open };
});

describe('outbox durability', () => {
  // The mailer is loaded afresh, after the mock above: a test worker runs many files one after
  // another in one module cache, and another file may have loaded it with the real fs already.
  let OutboxMailer: typeof Mailer;
  beforeAll(async () => {
    vi.resetModules();
    ({ OutboxMailer } = await import('./outbox.ts'));
  });
  const dirs: ReturnType<typeof tempDir>[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => d.remove()));

  it('a message counts as sent only once its file and the outbox folder are synced', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const outbox = join(dir.path, 'outbox');
    const mailer = new OutboxMailer(outbox, 'Gift & Gear Shop <no-reply@localhost>', createLogger('silent'));
    synced.length = 0;
    await mailer.send({ to: 'asha@example.in', subject: 'Your code', text: 'Your code: 123456', html: '<b>123456</b>' });

    const files = readdirSync(outbox);
    expect(files).toHaveLength(1); // no temp file left behind
    expect(files[0]).toMatch(/\.eml$/);
    expect(statSync(join(outbox, files[0]!)).mode & 0o777).toBe(0o600);
    // The message's bytes (under its temp name), then the folder that now names it; the new
    // outbox folder's own name is synced in the data folder first.
    expect(synced).toHaveLength(3);
    expect(synced[0]).toBe(dir.path);
    expect(synced[1]).toMatch(new RegExp(`^${outbox}/\\.${files[0]!.replace(/\./g, '\\.')}\\..+\\.tmp$`));
    expect(synced[2]).toBe(outbox);

    synced.length = 0;
    await mailer.send({ to: 'asha@example.in', subject: 'Again', text: 'Your code: 654321', html: '<b>654321</b>' });
    expect(synced.map((p) => (p === outbox ? 'folder' : 'file'))).toEqual(['file', 'folder']);
  });
});
