import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';

/**
 * Opens a SQLite file tuned for a single-writer server: WAL so readers never block the writer,
 * NORMAL sync (durable across a process crash; an OS crash may lose the last transactions),
 * and a busy timeout so a second process on the same file waits instead of failing.
 */
export function openSqlite(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}
