import { EventEmitter } from 'node:events';
import type Database from 'better-sqlite3';
import {
  WrongExpectedRevisionError,
  expectationHolds,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from './port.ts';
import { RecentTail, type EventRow } from './recent-tail.ts';
import { subscribeByPaging } from './subscribe-by-polling.ts';
import { BackgroundCheckpoint } from '../sqlite/background-checkpoint.ts';
import { openSqlite, type SyncMode } from '../sqlite/open.ts';

/** Stream heads remembered before the memory starts over (see SqliteEventStore.heads). */
const MAX_REMEMBERED_HEADS = 100_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id    TEXT NOT NULL UNIQUE,
  stream_id   TEXT NOT NULL,
  revision    INTEGER NOT NULL,
  type        TEXT NOT NULL,
  data        TEXT NOT NULL,
  metadata    TEXT NOT NULL,
  recorded_at TEXT NOT NULL,
  UNIQUE (stream_id, revision)
);`;

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };

/** Ends a group's savepoint-free attempt: an append failed after it had started writing. */
class FailedWhileWriting extends Error {}

/**
 * The embedded event store: one SQLite file in WAL mode. Each append lands whole or not at all,
 * and the (stream_id, revision) unique key makes optimistic concurrency hold even with several
 * processes on one file.
 *
 * Group commit: appends asked for during one turn of the event loop (the requests that arrived
 * together) are written in one transaction at the end of that turn. A commit costs far more than
 * an insert, so under load this is what lets the store keep up; alone, an append waits for no
 * more than the rest of the current turn. Each append still succeeds or fails on its own, and
 * its promise settles only after the transaction holding it has committed.
 *
 * Durability: the log commits with `synchronous = FULL` unless told otherwise, so "committed"
 * means the WAL was synced (fdatasync) before the commit returned: an acknowledged command
 * survives power loss, not only a process crash. Group commit makes that one sync per group.
 * `normal` (EVENT_LOG_SYNC=normal) exists to measure what the sync costs; it can lose
 * acknowledged commands on power loss.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly emitter = new EventEmitter();
  private readonly statements;
  private readonly groupTx;
  private readonly groupWithSavepointsTx;
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  /** Rows written by the transaction in progress; they join `recent` once it commits. */
  private staged: EventRow[] = [];
  /**
   * The head revision of streams this process appended to, as committed. An append whose
   * expectation holds against it skips the head query: if another process has appended since,
   * the insert at the next revision meets the (stream_id, revision) key and the group is written
   * again the careful way, which asks the store. An expectation that fails against it is checked
   * against the store before it is refused, so a stale entry can never refuse an append.
   */
  private readonly heads = new Map<string, number>();
  /** Heads moved by the transaction in progress; they join `heads` once it commits. */
  private stagedHeads = new Map<string, number>();
  private readonly recent = new RecentTail();
  private readonly checkpoint: BackgroundCheckpoint | null;

  constructor(file: string, { synchronous = 'full' }: { synchronous?: SyncMode } = {}) {
    // Appends are small transactions and reads come through the memory map (or the recent tail):
    // a small page cache keeps each commit's cache scan short (see openSqlite).
    this.db = openSqlite(file, { cacheKb: 4096, synchronous });
    this.checkpoint = file === ':memory:' ? null : new BackgroundCheckpoint(this.db, file);
    this.db.exec(SCHEMA);
    this.emitter.setMaxListeners(0);
    this.statements = {
      streamHead: this.db.prepare<[string], { revision: number | null }>(
        'SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?',
      ),
      byEventId: this.db.prepare<[string], { stream_id: string; revision: number; position: number }>(
        'SELECT stream_id, revision, position FROM events WHERE event_id = ?',
      ),
      insert: this.db.prepare(
        'INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ),
      readStream: this.db.prepare<[string, number, string], EventRow>(
        `SELECT * FROM events WHERE stream_id = ? AND revision <= ? AND recorded_at <= ? ORDER BY revision`,
      ),
      readAll: this.db.prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    };
    // A group is first written without savepoints: an append refused by its checks (wrong
    // expected revision, ids written elsewhere) has written nothing, so it fails alone for free.
    // One that fails while writing (an id already taken, a row that cannot be stored) would
    // leave some of its rows, so the attempt is rolled back and the group written again with
    // each append in a savepoint of its own (better-sqlite3 runs a nested transaction as one),
    // exactly as every group used to be; a savepoint per append costs as much as a third of it.
    this.groupTx = this.db.transaction((group: PendingAppend[]) =>
      group.map((append): Outcome => {
        try {
          return { ok: true, result: this.appendSync(append.streamId, append.events, append.expected, false) };
        } catch (error) {
          if (error instanceof FailedWhileWriting || !this.db.inTransaction) throw error;
          return { ok: false, error };
        }
      }),
    );
    const appendInSavepoint = this.db.transaction((append: PendingAppend) => this.appendSync(append.streamId, append.events, append.expected, true));
    this.groupWithSavepointsTx = this.db.transaction((group: PendingAppend[]) =>
      group.map((append): Outcome => {
        const staged = this.staged.length;
        try {
          return { ok: true, result: appendInSavepoint(append) };
        } catch (error) {
          this.staged.length = staged;
          // Rolled back to its savepoint; an error that ended the whole transaction fails the group.
          if (!this.db.inTransaction) throw error;
          return { ok: false, error };
        }
      }),
    );
  }

  /** Writes a group in one transaction (see the constructor for the two ways). */
  private writeGroup(group: PendingAppend[]): Outcome[] {
    try {
      return this.groupTx(group);
    } catch (error) {
      if (!(error instanceof FailedWhileWriting)) throw error;
      this.staged = [];
      this.stagedHeads = new Map();
      // Something here may be stale (another process appended to one of these streams).
      for (const append of group) this.heads.delete(append.streamId);
      return this.groupWithSavepointsTx(group);
    }
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise((resolve, reject) => {
      this.pending.push({ streamId, events, expected, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Writes every append queued in this turn in one transaction, then settles each of them. */
  private flush(): void {
    const group = this.pending;
    this.pending = [];
    this.flushScheduled = false;
    if (!this.db.open) {
      for (const append of group) append.reject(new Error('The event store is closed'));
      return;
    }
    let outcomes;
    try {
      outcomes = this.writeGroup(group);
      this.checkpoint?.committed();
      this.recent.add(this.staged);
      this.rememberHeads(this.stagedHeads);
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of the group was written.
      for (const append of group) append.reject(error);
      return;
    } finally {
      this.staged = [];
      this.stagedHeads = new Map();
    }
    let head = -1n;
    outcomes.forEach((outcome, index) => {
      const append = group[index]!;
      if (outcome.ok) {
        if (outcome.result.position > head) head = outcome.result.position;
        append.resolve(outcome.result);
      } else append.reject(outcome.error);
    });
    if (head >= 0n) this.emitter.emit('appended', head);
  }

  /**
   * One append, inside the group's transaction. In its own savepoint it first looks for a replay
   * (the same event ids already written). Without one, that lookup is left to the cases that can
   * be a replay: a failed expectation, or an insert refused because an id is taken, which ends the
   * savepoint-free attempt like any other failure while writing.
   */
  private appendSync(streamId: string, events: NewEvent[], expected: ExpectedRevision, inSavepoint: boolean): AppendResult {
    if (inSavepoint) {
      const replay = this.alreadyAppended(streamId, events);
      if (replay) return replay;
    }
    const known = inSavepoint ? undefined : this.knownHead(streamId, expected);
    const head = known !== undefined ? known : (this.statements.streamHead.get(streamId)?.revision ?? null);
    const actual = head === null ? 'no_stream' : BigInt(head);
    if (!expectationHolds(expected, actual)) {
      const replay = inSavepoint ? null : this.alreadyAppended(streamId, events);
      if (replay) return replay;
      throw new WrongExpectedRevisionError(streamId, expected, actual);
    }
    try {
      return this.insertSync(streamId, events, head);
    } catch (error) {
      throw inSavepoint ? error : new FailedWhileWriting('append failed while writing', { cause: error });
    }
  }

  /** The remembered head when the expectation holds against it; undefined sends the append to the store. */
  private knownHead(streamId: string, expected: ExpectedRevision): number | undefined {
    const head = this.stagedHeads.get(streamId) ?? this.heads.get(streamId);
    return head !== undefined && expectationHolds(expected, BigInt(head)) ? head : undefined;
  }

  private rememberHeads(moved: Map<string, number>): void {
    // Bounded: a forgotten stream only costs its next append one query.
    if (this.heads.size + moved.size > MAX_REMEMBERED_HEADS) this.heads.clear();
    for (const [streamId, head] of moved) this.heads.set(streamId, head);
  }

  private insertSync(streamId: string, events: NewEvent[], head: number | null): AppendResult {
    let revision = head === null ? -1 : head;
    let position = 0;
    let now: string | undefined;
    for (const event of events) {
      revision += 1;
      // Commands stamp their events; the store stamps only what arrives without a time.
      const stamped = event.metadata?.timestamp;
      const timestamp = stamped ?? (now ??= new Date().toISOString());
      const metadata = JSON.stringify(stamped === undefined ? { ...event.metadata, timestamp } : event.metadata);
      const data = JSON.stringify(event.data);
      position = Number(this.statements.insert.run(event.id, streamId, revision, event.type, data, metadata, timestamp).lastInsertRowid);
      this.staged.push({ position, event_id: event.id, stream_id: streamId, revision, type: event.type, data, metadata });
    }
    this.stagedHeads.set(streamId, revision);
    return { nextRevision: BigInt(revision), position: BigInt(position) };
  }

  /** Idempotent re-append: the same event ids already in this stream give the original result. */
  private alreadyAppended(streamId: string, events: NewEvent[]): AppendResult | null {
    const found = events.map((event) => this.statements.byEventId.get(event.id));
    if (found.every((row) => row === undefined)) return null;
    const last = found[found.length - 1];
    if (found.some((row) => row === undefined || row.stream_id !== streamId) || !last) {
      throw new Error(`Events of this append were already written elsewhere (stream ${streamId})`);
    }
    return { nextRevision: BigInt(last.revision), position: BigInt(last.position) };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const toRevision = options.toRevision === undefined ? Number.MAX_SAFE_INTEGER : Number(options.toRevision);
    const until = options.until ? options.until.toISOString() : '9999-12-31T23:59:59.999Z';
    return this.statements.readStream.all(streamId, toRevision, until).map(toRecorded);
  }

  async readAll({ after = 0n, limit }: ReadAllOptions): Promise<RecordedEvent[]> {
    const head = () => this.statements.head.get()?.position ?? 0;
    const rows = this.recent.read(Number(after), limit, head) ?? this.statements.readAll.all(Number(after), limit);
    return rows.map(toRecorded);
  }

  subscribe(options: SubscribeOptions): AsyncIterable<RecordedEvent> {
    return subscribeByPaging(this, options);
  }

  async headPosition(): Promise<bigint> {
    return BigInt(this.statements.head.get()?.position ?? 0);
  }

  onAppended(listener: (position: bigint) => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  /** How this connection commits, as SQLite reports it (`PRAGMA synchronous`: 2 = FULL, 1 = NORMAL). */
  syncMode(): SyncMode | 'off' | 'extra' {
    const level = this.db.pragma('synchronous', { simple: true });
    return level === 2 ? 'full' : level === 1 ? 'normal' : level === 3 ? 'extra' : 'off';
  }

  async close(): Promise<void> {
    if (this.pending.length > 0) this.flush();
    this.emitter.removeAllListeners();
    // The worker's connection closes first, so closing this last one checkpoints what is left.
    await this.checkpoint?.close();
    if (this.db.open) this.db.close();
  }
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    type: row.type,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventMetadata,
    revision: BigInt(row.revision),
    position: BigInt(row.position),
  };
}
