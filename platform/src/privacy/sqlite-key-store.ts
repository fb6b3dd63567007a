import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import { openSqlite } from '../sqlite/open.ts';
import { KEY_BYTES, type PersonalKeyStore } from './key-store.ts';

/** SQLite bounds the number of `?` in one statement; subjects are looked up in chunks this size. */
const CHUNK = 500;

/**
 * The embedded shop's key store: its own SQLite file in the data folder (never inside the event
 * log, which is never rewritten). `synchronous = FULL`: a key is on disk before any event sealed
 * with it is appended, or that event would be unreadable after a power cut. `secure_delete`: a
 * destroyed key's bytes are overwritten in the file, and a TRUNCATE checkpoint after each erasure
 * empties the WAL that held the old pages.
 */
export class SqliteKeyStore implements PersonalKeyStore {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = openSqlite(file, { cacheKb: 2048, synchronous: 'full' });
    this.db.pragma('secure_delete = ON');
    this.db.exec('CREATE TABLE IF NOT EXISTS person_keys (subject TEXT PRIMARY KEY, key BLOB, destroyed_at TEXT) WITHOUT ROWID');
    this.db.exec('CREATE TABLE IF NOT EXISTS key_destructions (id INTEGER PRIMARY KEY CHECK (id = 1), count INTEGER NOT NULL)');
  }

  async keysFor(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const found = await this.findOrTombstone(subjects);
    const missing = subjects.filter((subject) => !found.has(subject));
    if (missing.length > 0) {
      const insert = this.db.prepare('INSERT OR IGNORE INTO person_keys (subject, key) VALUES (?, ?)');
      this.db.transaction(() => {
        for (const subject of new Set(missing)) insert.run(subject, randomBytes(KEY_BYTES));
      })();
      // Another process may have made some of them first: its key is the one that counts.
      for (const [subject, key] of await this.findOrTombstone(missing)) found.set(subject, key);
    }
    return found;
  }

  async findKeys(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const found = await this.findOrTombstone(subjects);
    for (const subject of subjects) if (!found.has(subject)) found.set(subject, null);
    return found;
  }

  async destroy(subjects: readonly string[]): Promise<void> {
    const at = new Date().toISOString();
    const tombstone = this.db.prepare(
      'INSERT INTO person_keys (subject, key, destroyed_at) VALUES (?, NULL, ?) ON CONFLICT(subject) DO UPDATE SET key = NULL, destroyed_at = COALESCE(destroyed_at, excluded.destroyed_at)',
    );
    const counted = this.db.prepare('INSERT INTO key_destructions (id, count) VALUES (1, 1) ON CONFLICT(id) DO UPDATE SET count = count + 1');
    this.db.transaction(() => {
      for (const subject of subjects) tombstone.run(subject, at);
      counted.run();
    })();
    // The old page (with the key) may sit in the WAL until a checkpoint copies the new one over it.
    this.db.pragma('wal_checkpoint(TRUNCATE)');
  }

  async destructions(): Promise<number> {
    const row = this.db.prepare('SELECT count FROM key_destructions WHERE id = 1').get() as { count: number } | undefined;
    return row?.count ?? 0;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  /** Subjects with a row: their key, or null when destroyed. Subjects without a row are absent. */
  private async findOrTombstone(subjects: readonly string[]): Promise<Map<string, Buffer | null>> {
    const found = new Map<string, Buffer | null>();
    const unique = [...new Set(subjects)];
    for (let i = 0; i < unique.length; i += CHUNK) {
      const chunk = unique.slice(i, i + CHUNK);
      const rows = this.db
        .prepare(`SELECT subject, key FROM person_keys WHERE subject IN (${chunk.map(() => '?').join(',')})`)
        .all(...chunk) as { subject: string; key: Buffer | null }[];
      for (const row of rows) found.set(row.subject, row.key);
    }
    return found;
  }
}
