import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { counterOf, type BulkLoad, type WriteBatch } from './port.ts';
import { columnReader } from './sqlite-query.ts';
import { DEFAULT_SQLITE_TUNING, sqlitePragmas } from '../sqlite/open.ts';

/** How a deferred collection's rows are written: its table, and the fields kept in columns. */
export interface BulkTable {
  table: string;
  /** Indexed fields, in the order of `columns`. */
  fields: string[];
  columns: string[];
}

/** What the bulk loader needs from the store that owns the collections (see SqliteDocumentStore.bulkLoad). */
export interface BulkLoadHooks {
  file: string;
  table(collection: string): BulkTable;
  /** The statements that build a deferred collection's indexes, one transaction per inner list. */
  indexSql(collection: string): string[][];
  /** The collection's indexes are built (by the loader's connection): serve it like any other. */
  indexed(collection: string): void;
}

/**
 * Batches queued but not yet committed before `write` waits: one being committed and a few ready,
 * so a moment's delay of the thread (the machine is busy) does not hold the caller up.
 */
const MAX_IN_FLIGHT = 4;

/**
 * The worker: its own connection to the file, committing each batch (rows already serialised on
 * the main thread: a table index, the id, the JSON text or null for a delete, the column values)
 * with its checkpoints and change counters in one transaction, in the order they were sent, and
 * running index builds. Plain JavaScript, so it runs without the server's TypeScript loader.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
// As the store's own connection (openSqlite's pragmas): the index build reads the whole table through the map.
for (const pragma of workerData.pragmas) db.pragma(pragma);
const statements = new Map();
const prepare = (sql) => {
  let stmt = statements.get(sql);
  if (!stmt) statements.set(sql, (stmt = db.prepare(sql)));
  return stmt;
};
const bump = db.prepare('INSERT INTO change_versions (collection, version) VALUES (?, 1) ON CONFLICT(collection) DO UPDATE SET version = version + 1');
const checkpoint = db.prepare('INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position');
const writeBatch = db.transaction((message) => {
  const upserts = message.tables.map(({ table, columns }) => prepare(
    'INSERT INTO ' + table + ' (id, body' + columns.map((c) => ', ' + c).join('') + ') VALUES (?, ?' + columns.map(() => ', ?').join('') +
    ') ON CONFLICT(id) DO UPDATE SET body = excluded.body' + columns.map((c) => ', ' + c + ' = excluded.' + c).join('')));
  const removes = message.tables.map(({ table }) => prepare('DELETE FROM ' + table + ' WHERE id = ?'));
  const rows = message.rows;
  for (let i = 0; i < rows.length; ) {
    const t = rows[i];
    const id = rows[i + 1];
    const body = rows[i + 2];
    if (body === null) {
      removes[t].run(id);
      i += 3;
    } else {
      const width = message.tables[t].columns.length;
      upserts[t].run(id, body, ...rows.slice(i + 3, i + 3 + width));
      i += 3 + width;
    }
  }
  for (const counter of message.counters) bump.run(counter);
  for (const { name, position } of message.checkpoints) checkpoint.run(name, position);
});
let failed = false;
parentPort.on('message', (message) => {
  if (message.type === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  // Nothing after a failed batch is written: the batches are one ordered stream.
  if (failed) return parentPort.postMessage({ seq: message.seq, error: 'an earlier batch failed' });
  try {
    if (message.type === 'batch') writeBatch.immediate(message);
    else for (const group of message.statements) db.transaction(() => { for (const sql of group) db.exec(sql); }).immediate();
    parentPort.postMessage({ seq: message.seq });
  } catch (error) {
    failed = true;
    parentPort.postMessage({ seq: message.seq, error: String(error && error.message || error) });
  }
});`;

interface Pending {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * A rebuild's shadow writes on a thread of their own: the main thread serialises a batch (the
 * JSON text and column values, as `commit` would) and goes on decoding and folding the next page
 * while the thread commits it; the thread also builds the indexes, so the event loop never
 * blocks on a bulk load. Only collections defined with `deferIndexes` and not yet indexed are
 * written here; nothing else in the store changes.
 */
export class SqliteBulkLoad implements BulkLoad {
  private readonly worker: Worker;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  private failure: Error | undefined;
  private readonly exited: Promise<void>;
  private closed = false;
  /** Wakes a `write` waiting for room, or a `flush` waiting for the queue to empty. */
  private waiters: (() => void)[] = [];

  constructor(
    private readonly hooks: BulkLoadHooks,
    private readonly collections: string[],
  ) {
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: hooks.file,
        pragmas: sqlitePragmas(DEFAULT_SQLITE_TUNING),
      },
      execArgv: [],
    });
    this.exited = new Promise((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.on('message', (message: { seq: number; error?: string }) => {
      if (message.error !== undefined) {
        // Rejects this batch and every one after it: the thread writes none of them.
        this.fail(new Error(`Bulk load of ${this.collections.join(', ')} failed: ${message.error}`));
        return;
      }
      this.pending.get(message.seq)?.resolve();
      this.pending.delete(message.seq);
      this.wake();
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.once('exit', () => {
      if (!this.closed) this.fail(new Error('The bulk load thread exited'));
    });
  }

  async write(batch: WriteBatch): Promise<{ committed: Promise<void> }> {
    while (!this.failure && this.pending.size >= MAX_IN_FLIGHT) await this.waitForChange();
    if (this.failure) throw this.failure;
    const tables: BulkTable[] = [];
    const readers: ((doc: object) => unknown)[][] = [];
    const tableIndex = new Map<string, number>();
    const rows: unknown[] = [];
    for (const write of batch.writes) {
      if (!this.collections.includes(write.collection)) throw new Error(`Collection ${write.collection} is not bulk-loaded here`);
      let t = tableIndex.get(write.collection);
      if (t === undefined) {
        t = tables.push(this.hooks.table(write.collection)) - 1;
        readers.push(this.readersOf(write.collection, tables[t]!.fields));
        tableIndex.set(write.collection, t);
      }
      if (write.kind === 'delete') {
        rows.push(t, write.id, null);
        continue;
      }
      rows.push(t, write.doc._id, JSON.stringify(write.doc));
      for (const read of readers[t]!) rows.push(read(write.doc));
    }
    for (const checkpoint of batch.checkpoints ?? []) {
      if (checkpoint.expected !== undefined) throw new Error('A bulk load does not take guarded checkpoints');
    }
    const counters = [...new Set(batch.writes.map(counterOf))];
    const checkpoints = (batch.checkpoints ?? []).map(({ name, position }) => ({ name, position }));
    return { committed: this.send({ type: 'batch', tables, rows, counters, checkpoints }) };
  }

  private readonly readers = new Map<string, ((doc: object) => unknown)[]>();

  private readersOf(collection: string, fields: string[]): ((doc: object) => unknown)[] {
    let readers = this.readers.get(collection);
    if (!readers) this.readers.set(collection, (readers = fields.map(columnReader)));
    return readers;
  }

  async flush(): Promise<void> {
    while (!this.failure && this.pending.size > 0) await this.waitForChange();
    if (this.failure) throw this.failure;
  }

  async buildIndexes(): Promise<void> {
    await this.flush();
    for (const collection of this.collections) {
      await this.send({ type: 'sql', statements: this.hooks.indexSql(collection) });
      this.hooks.indexed(collection);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.fail(new Error('The bulk load was closed'));
    this.worker.postMessage({ type: 'stop' });
    await this.exited;
  }

  private send(message: Record<string, unknown>): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const seq = ++this.seq;
    const done = new Promise<void>((resolve, reject) => this.pending.set(seq, { resolve, reject }));
    // Failures surface through the next write or flush; nobody has to await every batch.
    done.catch(() => undefined);
    this.worker.postMessage({ ...message, seq });
    return done;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const pending of this.pending.values()) pending.reject(this.failure);
    this.pending.clear();
    this.wake();
  }

  private waitForChange(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}
