import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** SQLite's own default: a commit that leaves the WAL longer than this many pages checkpoints it. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/**
 * The worker: its own connection to the file, checkpointing (PASSIVE: never waits for or blocks
 * the writer) whenever commits were counted since it last looked. Plain JavaScript, so it runs
 * without the server's TypeScript loader.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
const commits = new Int32Array(workerData.commits);
let seen = -1;
const timer = setInterval(() => {
  const now = Atomics.load(commits, 0);
  if (now === seen) return;
  seen = now;
  db.pragma('wal_checkpoint(PASSIVE)');
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});`;

/**
 * The connection whose commits are counted: its automatic checkpoints are turned off while the
 * worker runs. A better-sqlite3 connection, or a stand-in for one on another thread (the event
 * log's writer thread).
 */
export type CommittingConnection = Pick<Database.Database, 'open'> & { pragma(source: string): unknown };

export interface BackgroundCheckpointOptions {
  /** Commits before the worker starts: a short-lived connection (a test, a CLI run) never needs one. */
  startAfterCommits?: number;
  /** How often the worker looks for new commits. */
  intervalMs?: number;
}

/**
 * Moves WAL checkpoints off the event loop. SQLite checkpoints inside the commit that fills the
 * WAL past 1000 pages: it copies the pages into the database and syncs both files, which held
 * that commit (and every request waiting on it) for 5–15 ms about once a second under load; it
 * was the largest part of the slowest 1% of command replies. Once this connection has committed
 * a few times, a worker thread with its own connection checkpoints instead, every `intervalMs`
 * while there are commits, and this connection's automatic checkpoints are turned off. If the
 * worker fails, they are turned back on, so the WAL never grows without bound.
 *
 * Durability does not depend on the worker: a commit of the log (synchronous = FULL) has synced
 * the WAL before it returns. The worker's connection runs at better-sqlite3's WAL default
 * (NORMAL), at which a checkpoint still syncs the WAL before copying it and the database after,
 * before the WAL may be reused; a PASSIVE checkpoint copies only committed frames.
 */
export class BackgroundCheckpoint {
  private readonly commits = new Int32Array(new SharedArrayBuffer(4));
  private worker: Worker | undefined;
  private started = false;
  private readonly startAfter: number;
  private readonly intervalMs: number;

  constructor(
    private readonly db: CommittingConnection,
    private readonly file: string,
    { startAfterCommits = 100, intervalMs = 100 }: BackgroundCheckpointOptions = {},
  ) {
    this.startAfter = startAfterCommits;
    this.intervalMs = intervalMs;
  }

  /** Counts a commit of this connection (the worker reads the count; no message per commit). */
  committed(): void {
    const count = Atomics.add(this.commits, 0, 1) + 1;
    if (!this.started && count >= this.startAfter) this.start();
  }

  /** Stops the worker after its checkpoint in progress; closing the last connection checkpoints the rest. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    // Unreferenced while it works, so it never keeps the process alive; referenced while we wait for it.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  }

  private start(): void {
    this.started = true;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
        file: this.file,
        commits: this.commits.buffer,
        intervalMs: this.intervalMs,
      },
      execArgv: [],
    });
    worker.unref();
    worker.once('online', () => {
      if (this.worker === worker && this.db.open) this.db.pragma('wal_autocheckpoint = 0');
    });
    worker.once('exit', () => {
      const unexpected = this.worker === worker;
      this.worker = undefined;
      if (unexpected && this.db.open) this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    });
    // An error ends the worker; 'exit' follows and restores automatic checkpoints.
    worker.on('error', (error) => process.emitWarning(`WAL checkpoint worker for ${this.file} failed (automatic checkpoints are back on): ${String(error)}`));
    this.worker = worker;
  }
}
