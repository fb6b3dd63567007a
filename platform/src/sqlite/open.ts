import Database from 'better-sqlite3';
import { makeFilePrivateSync, reportTightened } from '../fs/private.ts';

/**
 * How a commit reaches the disk in WAL mode. `full`: the WAL is synced before the commit returns,
 * so a committed transaction survives power loss or an OS crash (one fdatasync per transaction).
 * `normal`: the WAL is synced only at checkpoints; a commit survives a process crash, but power
 * loss may roll back the last transactions. Fine for a file that is rebuilt from another one.
 */
export type SyncMode = 'full' | 'normal';

/**
 * Opens a SQLite file tuned for a single-writer server: WAL so readers never block the writer,
 * `synchronous` as asked (NORMAL unless told; see SyncMode), a busy timeout so a second process
 * on the same file waits instead of failing, and memory-mapped reads with a page cache of
 * `cacheKb` (64 MB unless told). The file and its folder are private to the shop's account
 * (0600 in 0700: see fs/private.ts), tightened with a warning when they were not.
 *
 * A large cache is not free for a file written in many small transactions: every commit ends by
 * scanning the cache's whole hash table (SQLite looks for pages past the end of the file, and the
 * lock page it touches on each write sits at 1 GB, so the scan is never the short one). Reads of
 * the file itself come through the memory map, not the cache, so such a file wants a small one.
 */
/** How openSqlite tunes a connection unless told otherwise (the read models' file). */
export const DEFAULT_SQLITE_TUNING: { cacheKb: number; synchronous: SyncMode } = { cacheKb: 65536, synchronous: 'normal' };

export function openSqlite(
  file: string,
  { cacheKb = DEFAULT_SQLITE_TUNING.cacheKb, synchronous = DEFAULT_SQLITE_TUNING.synchronous }: { cacheKb?: number; synchronous?: SyncMode } = {},
): Database.Database {
  if (file !== ':memory:') reportTightened(makeFilePrivateSync(file, [`${file}-wal`, `${file}-shm`, `${file}-journal`]));
  const db = new Database(file);
  for (const pragma of sqlitePragmas({ cacheKb, synchronous })) db.pragma(pragma);
  return db;
}

/**
 * The pragmas openSqlite sets, in order: also what a connection opened elsewhere (the event log's
 * writer thread, the read models' bulk-load thread: neither can import TypeScript) runs, so both ends of one file are tuned alike.
 */
export function sqlitePragmas({ cacheKb, synchronous }: { cacheKb: number; synchronous: SyncMode }): string[] {
  return [
    'journal_mode = WAL',
    `synchronous = ${synchronous === 'full' ? 'FULL' : 'NORMAL'}`,
    'busy_timeout = 5000',
    'foreign_keys = ON',
    // Reads are the hot path: map the file (no read syscall per page) and keep a larger page cache.
    'mmap_size = 1073741824',
    `cache_size = -${cacheKb}`,
  ];
}
