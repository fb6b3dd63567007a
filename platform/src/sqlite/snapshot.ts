import Database from 'better-sqlite3';

/**
 * Copies a SQLite file that may be in use, as of one moment: `VACUUM INTO` runs inside a single
 * read transaction, so the copy is the database as that transaction saw it, whatever the shop
 * writes meanwhile (in WAL mode writers go on; the copy neither waits for them nor restarts, as
 * the page-by-page backup API would under a steady stream of commits). The connection is
 * read-only, so the source is never changed. `dest` must not exist.
 */
export function snapshotSqliteFile(source: string, dest: string): void {
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('VACUUM INTO ?').run(dest);
  } finally {
    db.close();
  }
}
