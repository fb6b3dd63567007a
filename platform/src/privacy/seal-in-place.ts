import { createHash } from 'node:crypto';
import { PERSONAL_FIELDS, type PersonalFields } from '@shop/contracts';
import type { EventMetadata } from '../event-store/port.ts';
import { openSqlite } from '../sqlite/open.ts';
import type { SealingEventStore } from './sealing.ts';

/** log_meta: the personal-field registry the whole log is sealed for (see `registryDigest`). */
const SEALED_FOR = 'personal-data-sealed-for';
/** log_meta: `<registry digest>:<position>` an unfinished sealing has gone up to (it goes on from there, for that registry). */
const SEALED_THROUGH = 'personal-data-sealed-through';
/** Rows read, sealed and written per transaction: short, so the shop's appends wait little. */
const PAGE_ROWS = 500;

/**
 * What the registry of personal fields names (event types and their fields), as a digest: a log
 * marked sealed for one registry is scanned again when a release adds a type or a field, since
 * its older events of that type hold the field in clear.
 */
export function registryDigest(registry: Readonly<Record<string, PersonalFields>> = PERSONAL_FIELDS): string {
  const names = Object.keys(registry)
    .sort()
    .map((type) => [type, Object.keys(registry[type]!.forgotten).sort()]);
  return createHash('sha256').update(JSON.stringify(names)).digest('hex').slice(0, 16);
}

/** Whether the embedded log is marked sealed for this registry (read without the writer's lock). */
export function sqliteLogSealed(file: string, registry: Readonly<Record<string, PersonalFields>> = PERSONAL_FIELDS): boolean {
  const db = openSqlite(file);
  try {
    return readMeta(db, SEALED_FOR) === registryDigest(registry);
  } finally {
    db.close();
  }
}

export interface InPlaceProgress {
  /** The position read up to. */
  position: number;
  /** The log's newest position when the page was read. */
  head: number;
  /** Events sealed so far in this run. */
  sealed: number;
  /** Of them, events of people whose key was already destroyed: their fields are left out. */
  forgotten: number;
}

export interface InPlaceOptions {
  registry?: Readonly<Record<string, PersonalFields>>;
  /** Rows per page (PAGE_ROWS unless a test asks for smaller ones). */
  pageRows?: number;
  /** After each page written (progress for the log, and a test's hook to stop a run part-way). */
  onPage?: (progress: InPlaceProgress) => void | Promise<void>;
  /** Asked before each page: true stops the run where it is (it goes on at the next start). */
  stopped?: () => boolean;
}

/**
 * Seals where it lies every event of the embedded log (SQLite) that still holds personal fields
 * in clear: a log written before sealing, upgraded. Each such row's data and metadata are
 * rewritten to what `SealingEventStore.append` would have stored (same id, stream, revision,
 * position and time; read back through the sealing layer it is the same event), so the log keeps
 * its identity and no read model needs rebuilding for it. Runs beside a serving shop: pages of
 * PAGE_ROWS rows, each its own transaction with the position reached, so a stopped run goes on
 * from there; events appended meanwhile are sealed by the layer already. The connection zeroes
 * what it frees (`secure_delete`) and the WAL is truncated at the end, so the clear bytes do not
 * stay in the file. Returns the progress of the finished run, or null when stopped first.
 */
export async function sealSqliteLogInPlace(file: string, sealer: SealingEventStore, options: InPlaceOptions = {}): Promise<InPlaceProgress | null> {
  const digest = registryDigest(options.registry);
  const db = openSqlite(file, { synchronous: 'full' });
  try {
    db.pragma('secure_delete = ON');
    // A run for another registry (a release before one that lists more fields) starts over.
    const [throughFor, through] = (readMeta(db, SEALED_THROUGH) ?? '').split(':');
    const progress: InPlaceProgress = { position: throughFor === digest ? Number(through) : 0, head: 0, sealed: 0, forgotten: 0 };
    if (readMeta(db, SEALED_FOR) === digest) return progress;
    const page = db.prepare('SELECT position, event_id, stream_id, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT ?');
    const headOf = db.prepare('SELECT COALESCE(MAX(position), 0) AS head FROM events');
    const rewrite = db.prepare('UPDATE events SET data = ?, metadata = ? WHERE position = ? AND metadata = ?');
    const writeMeta = db.prepare('INSERT INTO log_meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
    for (;;) {
      if (options.stopped?.()) return null;
      const rows = page.all(progress.position, options.pageRows ?? PAGE_ROWS) as Row[];
      if (rows.length === 0) break;
      progress.head = (headOf.get() as { head: number }).head;
      const rewrites: [data: string, metadata: string, position: number, was: string][] = [];
      for (const row of rows) {
        // A type with no personal fields, or sealed already: nothing to parse.
        if (!(options.registry ?? PERSONAL_FIELDS)[row.type]) continue;
        const metadata = JSON.parse(row.metadata) as EventMetadata;
        const sealed = await sealer.sealStored(row.stream_id, { id: row.event_id, type: row.type, data: JSON.parse(row.data) as unknown, metadata });
        if (!sealed) continue;
        rewrites.push([JSON.stringify(sealed.data), JSON.stringify(sealed.metadata), row.position, row.metadata]);
        if ((sealed.metadata.sealed as { forgotten?: true } | undefined)?.forgotten) progress.forgotten += 1;
      }
      const last = rows.at(-1)!.position;
      db.transaction(() => {
        for (const args of rewrites) progress.sealed += rewrite.run(...args).changes;
        writeMeta.run(SEALED_THROUGH, `${digest}:${last}`);
      })();
      progress.position = last;
      await options.onPage?.({ ...progress });
    }
    writeMeta.run(SEALED_FOR, digest);
    // The pages the rewrites replaced may still sit in the WAL: copied over and the WAL emptied.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return progress;
  } finally {
    db.close();
  }
}

interface Row {
  position: number;
  event_id: string;
  stream_id: string;
  type: string;
  data: string;
  metadata: string;
}

function readMeta(db: ReturnType<typeof openSqlite>, key: string): string | undefined {
  try {
    return (db.prepare('SELECT value FROM log_meta WHERE key = ?').get(key) as { value: string } | undefined)?.value;
  } catch {
    return undefined; // a file with no log_meta yet: nothing marked
  }
}
