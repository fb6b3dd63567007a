/**
 * The shop's data files are for the account that runs it only (issue #41: events.db,
 * read-models.db and person-keys.db were 0644, readable by every local user): each SQLite file
 * the shop opens, and the generated secrets, are 0600 in a 0700 folder, and a file or folder
 * left looser by an older release is tightened when it is opened, with a warning.
 */
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore, SqliteEventStore, SqliteKeyStore } from '../adapters.ts';
import { loadOrCreateSecret } from '../identity/tokens.ts';
import { tempDir } from '../../../test-support/temp-dir.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** The warnings this process emits while `run` runs (process.emitWarning's 'warning' event). */
async function warningsDuring(run: () => Promise<void>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (warning: Error & { code?: string }) => {
    if (warning.code === 'SHOP_DATA_FILE_MODE') seen.push(warning.message);
  };
  process.on('warning', listen);
  try {
    await run();
    // Warnings are emitted on the next tick.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('warning', listen);
  }
  return seen;
}

/** Opens the three SQLite files of a data folder as the shop does, and closes them. */
async function openAll(dataDir: string): Promise<void> {
  const events = new SqliteEventStore(join(dataDir, 'events.db'));
  const docs = new SqliteDocumentStore(join(dataDir, 'read-models.db'));
  const keys = new SqliteKeyStore(join(dataDir, 'person-keys.db'));
  await keys.keysFor(['someone']);
  await events.close();
  await docs.close();
  await keys.close();
}

describe('data files readable by their owner only', () => {
  it('creates the event log, the read models, the key store and the secrets 0600 in a 0700 folder', async () => {
    const root = tempDir('shop-modes-');
    cleanups.push(root.remove);
    const dataDir = join(root.path, 'data');
    const warnings = await warningsDuring(async () => {
      await openAll(dataDir);
      loadOrCreateSecret(join(dataDir, 'secrets', 'jwt-secret'));
    });
    expect(warnings).toEqual([]);
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(join(dataDir, 'secrets'))).toBe('700');
    for (const name of readdirSync(dataDir, { recursive: true }) as string[]) {
      const path = join(dataDir, name);
      expect(modeOf(path), name).toBe(statSync(path).isDirectory() ? '700' : '600');
    }
    expect(readdirSync(dataDir)).toEqual(expect.arrayContaining(['events.db', 'read-models.db', 'person-keys.db']));
  });

  it('tightens the files and folder an older release left readable by everyone, and says so', async () => {
    const root = tempDir('shop-modes-');
    cleanups.push(root.remove);
    const dataDir = join(root.path, 'data');
    await openAll(dataDir);
    loadOrCreateSecret(join(dataDir, 'secrets', 'jwt-secret'));
    // As an older release left them: 0644 files (a -wal and -shm too) in 0755 folders.
    for (const name of ['events.db-wal', 'events.db-shm']) writeFileSync(join(dataDir, name), '', { flag: 'a' });
    for (const name of ['events.db', 'read-models.db', 'person-keys.db', 'events.db-wal', 'events.db-shm', 'secrets/jwt-secret']) chmodSync(join(dataDir, name), 0o644);
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'secrets'), 0o755);

    const warnings = await warningsDuring(async () => {
      await openAll(dataDir);
      loadOrCreateSecret(join(dataDir, 'secrets', 'jwt-secret'));
    });
    expect(modeOf(dataDir)).toBe('700');
    expect(modeOf(join(dataDir, 'secrets'))).toBe('700');
    for (const name of ['events.db', 'read-models.db', 'person-keys.db', 'secrets/jwt-secret']) expect(modeOf(join(dataDir, name)), name).toBe('600');
    for (const name of ['events.db', 'read-models.db', 'person-keys.db', 'jwt-secret']) {
      expect(warnings.some((warning) => warning.includes(name) && warning.includes('mode 644') && warning.includes('now 600')), name).toBe(true);
    }
    expect(warnings.some((warning) => warning.includes(`${dataDir} was readable by other local users (mode 755): now 700`))).toBe(true);
  });

  it('creates a missing data folder 0700 all the way down', () => {
    const root = tempDir('shop-modes-');
    cleanups.push(root.remove);
    mkdirSync(join(root.path, 'srv'), { mode: 0o755 });
    loadOrCreateSecret(join(root.path, 'srv', 'shop', 'secrets', 'email-lookup-key'));
    expect(modeOf(join(root.path, 'srv', 'shop'))).toBe('700');
    expect(modeOf(join(root.path, 'srv', 'shop', 'secrets', 'email-lookup-key'))).toBe('600');
  });
  it('leaves a shared folder (sticky, like /tmp) open to others, tightening only the file', async () => {
    const root = tempDir('shop-modes-');
    cleanups.push(root.remove);
    const shared = join(root.path, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const keys = new SqliteKeyStore(join(shared, 'person-keys.db'));
    await keys.close();
    expect((statSync(shared).mode & 0o7777).toString(8)).toBe('1777');
    expect(modeOf(join(shared, 'person-keys.db'))).toBe('600');
  });
});
