// @ts-check
/**
 * The SQLite event log's writer thread (see SqliteEventStore in sqlite.ts, which starts it): its
 * own connection to the log, on which every append group is written and committed, so the
 * inserts and the commit's fdatasync (synchronous = FULL) never hold the event loop that answers
 * reads. The main thread sends one group at a time, already serialised (ids, stream, types, JSON
 * strings, timestamps, expected revisions), and is told each append's outcome once the group's
 * transaction has committed, or that the commit failed and nothing of the group was written.
 *
 * Why plain JavaScript: the server, the benches and the crash tests run TypeScript through tsx,
 * the tests through vitest's own transform, and a worker inherits neither (vitest's transform
 * never reaches a worker; a TypeScript loader in a worker costs startup time on every store and
 * is not reliable on Node 20). Node loads this file as it is in all of them; the checkpoint
 * worker is eval'd JavaScript for the same reason. What it shares with the TypeScript side is
 * passed in (the connection's pragmas) or small enough to repeat (expectationHolds, below).
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/**
 * @typedef {'no_stream' | 'stream_exists' | 'any' | bigint} ExpectedRevision
 * @typedef {{ id: string, type: string, data: string, metadata: string, recordedAt: string }} WireEvent
 * @typedef {{ streamId: string, events: WireEvent[], expected: ExpectedRevision }} WireAppend
 * @typedef {{ nextRevision: number, position: number, written: boolean }} WireResult
 * @typedef {{ name: string, message: string, stack?: string, code?: string, streamId?: string, expected?: ExpectedRevision, actual?: bigint | 'no_stream' }} WireError
 * @typedef {{ ok: true, result: WireResult } | { ok: false, error: WireError }} WireOutcome
 */

/** @type {{ file: string, pragmas: string[], maxRememberedHeads: number, syncLevel: SharedArrayBuffer }} */
const options = workerData;
const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);

const db = new Database(options.file);
for (const pragma of options.pragmas) db.pragma(pragma);
// Tells SqliteEventStore.syncMode() how this connection commits (PRAGMA synchronous, plus one).
const syncLevel = new Int32Array(options.syncLevel);
Atomics.store(syncLevel, 0, Number(db.pragma('synchronous', { simple: true })) + 1);
Atomics.notify(syncLevel, 0);

const statements = {
  streamHead: db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?'),
  byEventId: db.prepare('SELECT stream_id, revision, position FROM events WHERE event_id = ?'),
  insert: db.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?)'),
};

/** Ends a group's savepoint-free attempt: an append failed after it had started writing. */
class FailedWhileWriting extends Error {}

/** The same refusal as WrongExpectedRevisionError, in the shape that crosses the thread (see toWireError). */
class WrongExpectedRevision extends Error {
  /** @param {string} streamId @param {ExpectedRevision} expected @param {bigint | 'no_stream'} actual */
  constructor(streamId, expected, actual) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
    this.streamId = streamId;
    this.expected = expected;
    this.actual = actual;
  }
}

/** port.ts's expectationHolds (the TypeScript one cannot be imported here). */
/** @param {ExpectedRevision} expected @param {bigint | 'no_stream'} actual */
function expectationHolds(expected, actual) {
  if (expected === 'any') return true;
  if (expected === 'no_stream') return actual === 'no_stream';
  if (expected === 'stream_exists') return actual !== 'no_stream';
  return actual === expected;
}

/**
 * The head revision of streams this thread appended to, as committed. An append whose
 * expectation holds against it skips the head query: if another process has appended since,
 * the insert at the next revision meets the (stream_id, revision) key and the group is written
 * again the careful way, which asks the store. An expectation that fails against it is checked
 * against the store before it is refused, so a stale entry can never refuse an append.
 * @type {Map<string, number>}
 */
const heads = new Map();
/** Heads moved by the transaction in progress; they join `heads` once it commits. @type {Map<string, number>} */
let stagedHeads = new Map();

// A group is first written without savepoints: an append refused by its checks (wrong
// expected revision, ids written elsewhere) has written nothing, so it fails alone for free.
// One that fails while writing (an id already taken, a row that cannot be stored) would
// leave some of its rows, so the attempt is rolled back and the group written again with
// each append in a savepoint of its own (better-sqlite3 runs a nested transaction as one),
// exactly as every group used to be; a savepoint per append costs as much as a third of it.
const groupTx = db.transaction(
  /** @param {WireAppend[]} group @returns {WireOutcome[]} */
  (group) =>
    group.map((append) => {
      try {
        return { ok: true, result: appendSync(append, false) };
      } catch (error) {
        if (error instanceof FailedWhileWriting || !db.inTransaction) throw error;
        return { ok: false, error: toWireError(error) };
      }
    }),
);
const appendInSavepoint = db.transaction(/** @param {WireAppend} append */ (append) => appendSync(append, true));
const groupWithSavepointsTx = db.transaction(
  /** @param {WireAppend[]} group @returns {WireOutcome[]} */
  (group) =>
    group.map((append) => {
      try {
        return { ok: true, result: appendInSavepoint(append) };
      } catch (error) {
        // Rolled back to its savepoint; an error that ended the whole transaction fails the group.
        if (!db.inTransaction) throw error;
        return { ok: false, error: toWireError(error) };
      }
    }),
);

/** Writes a group in one transaction (see above for the two ways). @param {WireAppend[]} group */
function writeGroup(group) {
  // IMMEDIATE: the write lock is taken at BEGIN, before the expected revisions are read. Another
  // process may share the file (WORKERS > 1): a deferred transaction would read a snapshot, then
  // fail to upgrade to a writer (SQLITE_BUSY_SNAPSHOT, which no busy timeout waits out) whenever
  // the other process committed in between. Taken at BEGIN, the lock is waited for (busy_timeout)
  // and every check reads the log as it is when the rows go in.
  try {
    return groupTx.immediate(group);
  } catch (error) {
    if (!(error instanceof FailedWhileWriting)) throw error;
    stagedHeads = new Map();
    // Something here may be stale (another process appended to one of these streams).
    for (const append of group) heads.delete(append.streamId);
    return groupWithSavepointsTx.immediate(group);
  }
}

/**
 * One append, inside the group's transaction. In its own savepoint it first looks for a replay
 * (the same event ids already written). Without one, that lookup is left to the cases that can
 * be a replay: a failed expectation, or an insert refused because an id is taken, which ends the
 * savepoint-free attempt like any other failure while writing.
 * @param {WireAppend} append @param {boolean} inSavepoint @returns {WireResult}
 */
function appendSync({ streamId, events, expected }, inSavepoint) {
  if (inSavepoint) {
    const replay = alreadyAppended(streamId, events);
    if (replay) return replay;
  }
  const known = inSavepoint ? undefined : knownHead(streamId, expected);
  const head = known !== undefined ? known : (/** @type {{ revision: number | null } | undefined} */ (statements.streamHead.get(streamId))?.revision ?? null);
  const actual = head === null ? 'no_stream' : BigInt(head);
  if (!expectationHolds(expected, actual)) {
    const replay = inSavepoint ? null : alreadyAppended(streamId, events);
    if (replay) return replay;
    throw new WrongExpectedRevision(streamId, expected, actual);
  }
  try {
    return insertSync(streamId, events, head);
  } catch (error) {
    throw inSavepoint ? error : new FailedWhileWriting('append failed while writing', { cause: error });
  }
}

/** The remembered head when the expectation holds against it; undefined sends the append to the store. */
/** @param {string} streamId @param {ExpectedRevision} expected */
function knownHead(streamId, expected) {
  const head = stagedHeads.get(streamId) ?? heads.get(streamId);
  return head !== undefined && expectationHolds(expected, BigInt(head)) ? head : undefined;
}

/** @param {Map<string, number>} moved */
function rememberHeads(moved) {
  // Bounded: a forgotten stream only costs its next append one query.
  if (heads.size + moved.size > options.maxRememberedHeads) heads.clear();
  for (const [streamId, head] of moved) heads.set(streamId, head);
}

/**
 * The rows of one append. The group's transaction holds the log's write lock, so they take
 * consecutive positions, which is how the main thread rebuilds them from the last one.
 * @param {string} streamId @param {WireEvent[]} events @param {number | null} head @returns {WireResult}
 */
function insertSync(streamId, events, head) {
  let revision = head === null ? -1 : head;
  let position = 0;
  for (const event of events) {
    revision += 1;
    position = Number(statements.insert.run(event.id, streamId, revision, event.type, event.data, event.metadata, event.recordedAt).lastInsertRowid);
  }
  stagedHeads.set(streamId, revision);
  return { nextRevision: revision, position, written: true };
}

/**
 * Idempotent re-append: the same event ids already in this stream give the original result.
 * @param {string} streamId @param {WireEvent[]} events @returns {WireResult | null}
 */
function alreadyAppended(streamId, events) {
  const found = events.map(
    (event) => /** @type {{ stream_id: string, revision: number, position: number } | undefined} */ (statements.byEventId.get(event.id)),
  );
  if (found.every((row) => row === undefined)) return null;
  const last = found[found.length - 1];
  if (found.some((row) => row === undefined || row.stream_id !== streamId) || !last) {
    throw new Error(`Events of this append were already written elsewhere (stream ${streamId})`);
  }
  return { nextRevision: last.revision, position: last.position, written: false };
}

/**
 * An error as it crosses to the main thread, which makes it the same class again (structured
 * clone would keep only the message of most errors, and none of their fields).
 * @param {unknown} error @returns {WireError}
 */
function toWireError(error) {
  if (error instanceof WrongExpectedRevision) {
    return { name: error.name, message: error.message, streamId: error.streamId, expected: error.expected, actual: error.actual };
  }
  if (error instanceof Database.SqliteError) return { name: 'SqliteError', message: error.message, code: error.code };
  if (error instanceof Error) return { name: error.name, message: error.message, stack: error.stack };
  return { name: 'Error', message: String(error) };
}

port.on('message', (/** @type {{ kind: 'group', appends: WireAppend[] } | { kind: 'pragma', source: string } | { kind: 'close' }} */ message) => {
  if (message.kind === 'group') {
    try {
      const outcomes = writeGroup(message.appends);
      rememberHeads(stagedHeads);
      port.postMessage({ kind: 'committed', outcomes });
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of the group was written.
      port.postMessage({ kind: 'failed', error: toWireError(error) });
    } finally {
      stagedHeads = new Map();
    }
  } else if (message.kind === 'pragma') {
    db.pragma(message.source);
  } else {
    db.close();
    port.close();
  }
});
