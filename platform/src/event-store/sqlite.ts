import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  assertEventFits,
  WrongExpectedRevisionError,
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
import { openSqlite, sqlitePragmas, type SyncMode } from '../sqlite/open.ts';

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
);
CREATE TABLE IF NOT EXISTS log_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`;

/** An event as it crosses to the writer thread: serialised here, so the thread only writes rows. */
interface WireEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
  recordedAt: string;
}

interface PendingAppend {
  streamId: string;
  events: WireEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/** What the writer thread reports per append (sqlite-writer-thread.js); `written` is false for a replay. */
type WireOutcome =
  | { ok: true; result: { nextRevision: number; position: number; written: boolean } }
  | { ok: false; error: WireError };

interface WireError {
  name: string;
  message: string;
  /** Where it was thrown on the writer thread (errors other than the log's own refusals). */
  stack?: string;
  code?: string;
  streamId?: string;
  expected?: ExpectedRevision;
  actual?: bigint | 'no_stream';
}

type WriterReply = { kind: 'committed'; outcomes: WireOutcome[] } | { kind: 'failed'; error: WireError };

/** The writer thread's code: plain JavaScript loaded from its file (why: see the file's comment). */
const WRITER_THREAD = new URL('./sqlite-writer-thread.js', import.meta.url);

/** What a closed embedded log file holds, read without opening it for writing (a backup's copy). */
export interface SqliteLogFacts {
  /** The log's identity (EventStore.logIdentity): read models built from another log are rebuilt. */
  identity: string;
  /** The newest event's position, 0n when the log is empty. */
  head: bigint;
  /** When the newest event was recorded, absent when the log is empty. */
  lastRecordedAt?: string;
}

export function readSqliteLogFacts(file: string): SqliteLogFacts {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const identity = db.prepare("SELECT value FROM log_meta WHERE key = 'identity'").get() as { value: string } | undefined;
    const last = db.prepare('SELECT position, recorded_at FROM events ORDER BY position DESC LIMIT 1').get() as
      | { position: number; recorded_at: string }
      | undefined;
    if (!identity) throw new Error(`${file} is not an event log of the shop (it has no identity)`);
    return { identity: identity.value, head: BigInt(last?.position ?? 0), ...(last ? { lastRecordedAt: last.recorded_at } : {}) };
  } finally {
    db.close();
  }
}

/**
 * The embedded event store: one SQLite file in WAL mode. Each append lands whole or not at all,
 * and the (stream_id, revision) unique key makes optimistic concurrency hold even with several
 * processes on one file.
 *
 * Writer thread: appends are written and committed by a worker thread with its own connection
 * (sqlite-writer-thread.js), and reads run on this thread's connection (WAL: readers never wait
 * for the writer). better-sqlite3 is synchronous, so a commit here would hold the event loop for
 * its inserts and its fdatasync (~0.3 ms per commit with FULL, most of it waiting on the disk),
 * time the loop could spend answering reads. This thread serialises each append (JSON, time
 * stamp) and the thread writes rows; errors come back as the same classes.
 *
 * Group commit: appends asked for during one turn of the event loop (the requests that arrived
 * together) are sent to the writer as one group, written in one transaction. One group is in
 * flight at a time: appends asked for meanwhile wait for it and go together as the next group,
 * which keeps the log's order that of the calls and batches more under load. A commit costs far
 * more than an insert, so under load this is what lets the store keep up; alone, an append waits
 * for the rest of the current turn and a message each way. Each append still succeeds or fails
 * on its own, and its promise settles only after the transaction holding it has committed.
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
  private readonly writer: Worker;
  /** The writer connection's PRAGMA synchronous plus one, set by the thread once it has opened the file. */
  private readonly writerSyncLevel = new Int32Array(new SharedArrayBuffer(4));
  private pending: PendingAppend[] = [];
  private flushScheduled = false;
  /** The group the writer thread is writing; the next one waits for its reply. */
  private inFlight: PendingAppend[] | null = null;
  /** Set when the writer thread has stopped for good: every append after it fails with it. */
  private writerGone: Error | null = null;
  private closing: Promise<void> | null = null;
  /** Set once close has written everything and is ending the writer thread. */
  private stopped = false;
  /** Called when nothing is pending or in flight (close waits for that). */
  private idleWaiters: (() => void)[] = [];
  private readonly recent = new RecentTail();
  private readonly checkpoint: BackgroundCheckpoint;
  private readonly identity: string;

  constructor(file: string, { synchronous = 'full' }: { synchronous?: SyncMode } = {}) {
    if (file === ':memory:') throw new Error('The SQLite event store needs a file: its writer thread opens a connection of its own');
    // Appends are small transactions and reads come through the memory map (or the recent tail):
    // a small page cache keeps each commit's cache scan short (see openSqlite).
    const tuning = { cacheKb: 4096, synchronous };
    this.db = openSqlite(file, tuning);
    this.db.exec(SCHEMA);
    // The first process to open the file names the log; INSERT OR IGNORE keeps the name of
    // whichever process got there first when two open a new file at once.
    this.db.prepare("INSERT OR IGNORE INTO log_meta (key, value) VALUES ('identity', ?)").run(randomUUID());
    this.identity = (this.db.prepare("SELECT value FROM log_meta WHERE key = 'identity'").get() as { value: string }).value;
    this.emitter.setMaxListeners(0);
    this.statements = {
      readStream: this.db.prepare<[string, number, number, string], EventRow>(
        `SELECT * FROM events WHERE stream_id = ? AND revision >= ? AND revision <= ? AND recorded_at <= ? ORDER BY revision`,
      ),
      readAll: this.db.prepare<[number, number], EventRow>(
        'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
      ),
      head: this.db.prepare<[], { position: number | null }>('SELECT MAX(position) AS position FROM events'),
    };
    this.writer = new Worker(WRITER_THREAD, {
      workerData: {
        file,
        pragmas: sqlitePragmas(tuning),
        maxRememberedHeads: MAX_REMEMBERED_HEADS,
        syncLevel: this.writerSyncLevel.buffer,
      },
      // Not the server's loader or profiler flags: the thread is plain JavaScript.
      execArgv: [],
    });
    this.writer.on('message', (reply: WriterReply) => this.settle(reply));
    this.writer.on('error', (error) => this.writerStopped(new Error(`The event log's writer thread failed: ${error.message}`, { cause: error })));
    this.writer.on('exit', () => this.writerStopped(new Error('The event store is closed')));
    // Referenced only while a group is in flight (see flush), so an idle store never keeps a process
    // alive. After the listeners: adding a 'message' listener references the worker's port again.
    this.writer.unref();
    // Automatic checkpoints are turned off and on for the connection that commits: the writer's
    // (a pragma message is handled between groups, in order).
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the stand-in's getter needs this store
    const store = this;
    const writerConnection = {
      get open() {
        return store.writerGone === null;
      },
      pragma(source: string) {
        store.writer.postMessage({ kind: 'pragma', source });
      },
    };
    this.checkpoint = new BackgroundCheckpoint(writerConnection, file);
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    if (this.stopped) return Promise.reject(new Error('The event store is closed'));
    let wire: WireEvent[];
    try {
      wire = serialise(streamId, events);
    } catch (error) {
      // Data that cannot be stored (a BigInt, a cycle, an event past the size limit) fails this append alone, as a refused row did.
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.pending.push({ streamId, events: wire, expected, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Sends every append queued so far to the writer thread as one group, unless one is in flight. */
  private flush(): void {
    this.flushScheduled = false;
    if (this.inFlight || this.pending.length === 0) return;
    const group = this.pending;
    this.pending = [];
    if (this.writerGone) {
      for (const append of group) append.reject(this.writerGone);
      this.notifyIdle();
      return;
    }
    this.inFlight = group;
    this.writer.ref();
    this.writer.postMessage({
      kind: 'group',
      appends: group.map(({ streamId, events, expected }) => ({ streamId, events, expected })),
    });
  }

  /** The writer thread's reply for the group in flight: settles each of its appends. */
  private settle(reply: WriterReply): void {
    const group = this.inFlight;
    if (!group) return;
    this.inFlight = null;
    this.afterGroup();
    if (reply.kind === 'failed') {
      // The commit itself failed (disk full, I/O error): nothing of the group was written.
      const error = fromWire(reply.error);
      for (const append of group) append.reject(error);
      return;
    }
    this.checkpoint.committed();
    const rows: EventRow[] = [];
    let head = -1;
    reply.outcomes.forEach((outcome, index) => {
      if (!outcome.ok) return;
      const { streamId, events } = group[index]!;
      const { nextRevision, position, written } = outcome.result;
      if (position > head) head = position;
      if (!written) return;
      // The append's rows took consecutive positions (the group held the write lock).
      events.forEach((event, i) => {
        const back = events.length - 1 - i;
        rows.push({ position: position - back, event_id: event.id, stream_id: streamId, revision: nextRevision - back, type: event.type, data: event.data, metadata: event.metadata });
      });
    });
    this.recent.add(rows);
    reply.outcomes.forEach((outcome, index) => {
      const append = group[index]!;
      if (outcome.ok) append.resolve({ nextRevision: BigInt(outcome.result.nextRevision), position: BigInt(outcome.result.position) });
      else append.reject(fromWire(outcome.error));
    });
    if (head >= 0) this.emitter.emit('appended', BigInt(head));
  }

  /** After a group: the next one goes once the appends settled now have had their turn to add to it. */
  private afterGroup(): void {
    if (this.pending.length > 0) {
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    } else {
      this.writer.unref();
      this.notifyIdle();
    }
  }

  private notifyIdle(): void {
    if (this.inFlight || this.pending.length > 0) return;
    for (const waiter of this.idleWaiters.splice(0)) waiter();
  }

  private whenIdle(): Promise<void> {
    if (!this.inFlight && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** The writer thread has ended (closed, or failed): what it had and what waits for it fails. */
  private writerStopped(error: Error): void {
    this.writerGone ??= error;
    const group = this.inFlight;
    this.inFlight = null;
    const waiting = [...(group ?? []), ...this.pending];
    this.pending = [];
    for (const append of waiting) append.reject(this.writerGone);
    this.notifyIdle();
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const toRevision = options.toRevision === undefined ? Number.MAX_SAFE_INTEGER : Number(options.toRevision);
    const until = options.until ? options.until.toISOString() : '9999-12-31T23:59:59.999Z';
    return this.statements.readStream.all(streamId, Number(options.fromRevision ?? 0n), toRevision, until).map(toRecorded);
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

  async logIdentity(): Promise<string> {
    return this.identity;
  }

  onAppended(listener: (position: bigint) => void): () => void {
    this.emitter.on('appended', listener);
    return () => this.emitter.off('appended', listener);
  }

  /** How the log commits, as SQLite reports it on the writer's connection (`PRAGMA synchronous`: 2 = FULL, 1 = NORMAL). */
  syncMode(): SyncMode | 'off' | 'extra' {
    // The thread sets it right after opening the file; wait for that if it is still starting.
    if (Atomics.load(this.writerSyncLevel, 0) === 0) Atomics.wait(this.writerSyncLevel, 0, 0, 10_000);
    const level = Atomics.load(this.writerSyncLevel, 0) - 1;
    return level === 2 ? 'full' : level === 1 ? 'normal' : level === 3 ? 'extra' : 'off';
  }

  /**
   * Settles every append asked for before it, and those asked for while it drains (a request still
   * running when the server stops may append again as soon as its last append settles: a
   * checkout's next step), then ends the writer thread; appends asked for after that are refused.
   */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.drain();
      // The checkpoint worker's connection closes first, and this one last, which checkpoints what is left.
      await this.checkpoint.close();
      await this.drain();
      this.stopped = true;
      if (!this.writerGone) {
        const exited = new Promise<void>((resolve) => this.writer.once('exit', () => resolve()));
        this.writer.ref();
        this.writer.postMessage({ kind: 'close' });
        await exited;
      }
      this.emitter.removeAllListeners();
      if (this.db.open) this.db.close();
    })();
    return this.closing;
  }

  /** Writes what is queued until a turn of the event loop passes with nothing asked for. */
  private async drain(): Promise<void> {
    do {
      this.flush();
      await this.whenIdle();
      await new Promise((resolve) => setImmediate(resolve));
    } while (this.pending.length > 0 || this.inFlight);
  }
}

/** Events as rows: JSON and the time stamp are made here, so the writer thread only writes. */
function serialise(streamId: string, events: NewEvent[]): WireEvent[] {
  let now: string | undefined;
  return events.map((event) => {
    // Commands stamp their events; the store stamps only what arrives without a time.
    const stamped = event.metadata?.timestamp;
    const timestamp = stamped ?? (now ??= new Date().toISOString());
    const metadata = JSON.stringify(stamped === undefined ? { ...event.metadata, timestamp } : event.metadata);
    const data = JSON.stringify(event.data);
    assertEventFits(streamId, event.type, data, metadata);
    return { id: event.id, type: event.type, data, metadata, recordedAt: timestamp };
  });
}

/** An error from the writer thread as the class it was there. */
function fromWire(error: WireError): Error {
  if (error.name === 'WrongExpectedRevisionError' && error.streamId !== undefined && error.expected !== undefined && error.actual !== undefined) {
    return new WrongExpectedRevisionError(error.streamId, error.expected, error.actual);
  }
  if (error.name === 'SqliteError') return new Database.SqliteError(error.message, error.code ?? 'SQLITE_ERROR');
  const rebuilt = new Error(error.message);
  if (error.name !== 'Error') rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
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
