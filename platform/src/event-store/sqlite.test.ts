import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { eventStoreContract } from '../../test/event-store-contract.ts';
import { WrongExpectedRevisionError } from './port.ts';
import { SqliteEventStore } from './sqlite.ts';

eventStoreContract('SQLite', async () => {
  const dir = tempDir('shop-event-store-');
  const store = new SqliteEventStore(join(dir.path, 'events.sqlite'));
  return {
    store,
    cleanup: async () => {
      await store.close();
      dir.remove();
    },
  };
});

describe('SQLite event log identity', () => {
  it('names a log once, when its file is created: reopening keeps the name, another file has its own', async () => {
    const dir = tempDir('shop-event-store-identity-');
    try {
      const a = new SqliteEventStore(join(dir.path, 'a.sqlite'));
      const named = await a.logIdentity();
      await a.append('s', [{ id: randomUUID(), type: 'A', data: {} }], 'no_stream');
      await a.close();
      const reopened = new SqliteEventStore(join(dir.path, 'a.sqlite'));
      const other = new SqliteEventStore(join(dir.path, 'b.sqlite'));
      try {
        expect(await reopened.logIdentity()).toBe(named);
        expect(await other.logIdentity()).not.toBe(named);
      } finally {
        await reopened.close();
        await other.close();
      }
    } finally {
      dir.remove();
    }
  });
});

describe('SQLite event store group commit', () => {
  const event = (type: string, id: string = randomUUID()) => ({ id, type, data: { type } });

  it('commits appends asked for together as a group in which a failing append loses nothing of the others', async () => {
    const dir = tempDir('shop-event-store-group-');
    const file = join(dir.path, 'events.sqlite');
    const store = new SqliteEventStore(file);
    try {
      const taken = randomUUID();
      await store.append('taken', [event('First', taken)], 'no_stream');
      const heard: bigint[] = [];
      store.onAppended((position) => heard.push(position));

      const results = await Promise.allSettled([
        store.append('a', [event('A1'), event('A2')], 'no_stream'),
        store.append('b', [event('B1')], 'no_stream'),
        store.append('elsewhere', [event('Reused', taken)], 'no_stream'), // its id is already in stream "taken"
        store.append('c', [event('C1')], 'stream_exists'), // no such stream
        store.append('d', [event('D1')], 'no_stream'),
      ]);

      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
      // One commit for the group: listeners hear its head once, and positions follow the call order.
      expect(heard).toEqual([5n]);
      const positions = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.position] : []));
      expect(positions).toEqual([3n, 4n, 5n]);

      // Another connection on the file (another process) sees exactly what was committed.
      const reader = new SqliteEventStore(file);
      try {
        const log = await reader.readAll({ after: 0n, limit: 100 });
        expect(log.map((e) => `${e.streamId}:${e.type}`)).toEqual(['taken:First', 'a:A1', 'a:A2', 'b:B1', 'd:D1']);
        expect(await reader.readStream('elsewhere')).toEqual([]);
      } finally {
        await reader.close();
      }
    } finally {
      await store.close();
      dir.remove();
    }
  });

  it('rolls back only the append that fails while writing, and answers replays in a group with their first result', async () => {
    const dir = tempDir('shop-event-store-midway-');
    const file = join(dir.path, 'events.sqlite');
    const store = new SqliteEventStore(file);
    try {
      const replayed = [event('R1'), event('R2')];
      const first = await store.append('r', replayed, 'no_stream');
      const twice = randomUUID();

      const results = await Promise.allSettled([
        store.append('a', [event('A1')], 'no_stream'),
        store.append('half', [event('H1'), event('H2', twice), event('H3', twice)], 'no_stream'), // fails at its third row
        store.append('r', replayed, 'any'), // the same ids again: the first result, nothing written
        store.append('b', [event('B1')], 'no_stream'),
        store.append('c', [event('C1', twice)], 'no_stream'), // the id "half" could not keep is free
      ]);

      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
      expect((results[2] as PromiseFulfilledResult<unknown>).value).toEqual(first);
      const reader = new SqliteEventStore(file);
      try {
        const log = await reader.readAll({ after: 0n, limit: 100 });
        expect(log.map((e) => `${e.streamId}:${e.type}`)).toEqual(['r:R1', 'r:R2', 'a:A1', 'b:B1', 'c:C1']);
        // The projection runner's in-memory tail holds exactly the committed rows too.
        expect((await store.readAll({ after: 2n, limit: 100 })).map((e) => e.type)).toEqual(['A1', 'B1', 'C1']);
      } finally {
        await reader.close();
      }
    } finally {
      await store.close();
      dir.remove();
    }
  });

  it('reads the whole log in order while another process appends to the same file', async () => {
    const dir = tempDir('shop-event-store-two-');
    const file = join(dir.path, 'events.sqlite');
    const mine = new SqliteEventStore(file);
    const theirs = new SqliteEventStore(file);
    try {
      await mine.append('m', [event('M1'), event('M2')], 'no_stream');
      await theirs.append('t', [event('T1')], 'no_stream');
      await mine.append('m', [event('M3')], 1n);
      await theirs.append('t', [event('T2')], 0n);
      await mine.append('m', [event('M4')], 2n);

      const types = async (after: bigint, limit: number) => (await mine.readAll({ after, limit })).map((e) => e.type);
      expect(await types(0n, 100)).toEqual(['M1', 'M2', 'T1', 'M3', 'T2', 'M4']);
      // Page by page, as the projection runner reads it right behind its own appends.
      const paged: string[] = [];
      let after = 0n;
      for (;;) {
        const page = await mine.readAll({ after, limit: 2 });
        if (page.length === 0) break;
        paged.push(...page.map((e) => e.type));
        after = page[page.length - 1]!.position;
      }
      expect(paged).toEqual(['M1', 'M2', 'T1', 'M3', 'T2', 'M4']);
    } finally {
      await mine.close();
      await theirs.close();
      dir.remove();
    }
  });

  it('holds optimistic concurrency on a stream another process appended to since this one last did', async () => {
    const dir = tempDir('shop-event-store-heads-');
    const file = join(dir.path, 'events.sqlite');
    const mine = new SqliteEventStore(file);
    const theirs = new SqliteEventStore(file);
    try {
      await mine.append('s', [event('Mine1')], 'no_stream'); // mine now knows the head as 0
      await theirs.append('s', [event('Theirs1')], 0n); // ...which is stale from here on

      // The revision mine last saw is refused with the store's real head, never written after it.
      await expect(mine.append('s', [event('Stale')], 0n)).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 1n });
      await expect(mine.append('s', [event('NoStream')], 'no_stream')).rejects.toMatchObject({ name: 'WrongExpectedRevisionError' });
      // The real head is accepted, and 'any' lands after their event, not on top of it.
      expect((await mine.append('s', [event('Fresh')], 1n)).nextRevision).toBe(2n);
      await theirs.append('s', [event('Theirs2')], 2n);
      expect((await mine.append('s', [event('Any')], 'any')).nextRevision).toBe(4n);

      expect((await theirs.readStream('s')).map((e) => `${e.revision}:${e.type}`)).toEqual(['0:Mine1', '1:Theirs1', '2:Fresh', '3:Theirs2', '4:Any']);
    } finally {
      await mine.close();
      await theirs.close();
      dir.remove();
    }
  });
});

describe('SQLite event store writer thread', () => {
  const event = (type: string, id: string = randomUUID()) => ({ id, type, data: { type } });
  const turns = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** Another connection holding the log's write lock, as a commit stuck on the disk would. */
  const holdWriteLock = (file: string) => {
    const blocker = new Database(file);
    blocker.exec('BEGIN IMMEDIATE');
    return () => {
      blocker.exec('COMMIT');
      blocker.close();
    };
  };

  it('keeps the event loop answering while a group waits to commit, and sends what was asked meanwhile as the next group, in order', async () => {
    const dir = tempDir('shop-event-store-thread-');
    const file = join(dir.path, 'events.sqlite');
    const store = new SqliteEventStore(file);
    try {
      await store.append('s', [event('S0')], 'no_stream');
      const heard: bigint[] = [];
      store.onAppended((position) => heard.push(position));
      const release = holdWriteLock(file);
      let settled = 0;
      const count = <T>(promise: Promise<T>) => promise.finally(() => (settled += 1));

      const first = [count(store.append('s', [event('S1')], 0n)), count(store.append('t', [event('T0')], 'no_stream'))];
      await turns(100); // timers fire: this thread is not held by the waiting commit
      // Asked for while the first group is in flight; the exact revisions hold only after it.
      const second = [
        count(store.append('s', [event('S2')], 1n)),
        count(store.append('s', [event('S3')], 'any')),
        count(store.append('t', [event('T1')], 0n)),
      ];
      await turns(50);
      // Reads are answered meanwhile, from what is committed; nothing has settled yet.
      expect((await store.readStream('s')).map((e) => e.type)).toEqual(['S0']);
      expect(settled).toBe(0);
      release();

      const results = await Promise.all([...first, ...second]);
      expect(results).toEqual([
        { nextRevision: 1n, position: 2n },
        { nextRevision: 0n, position: 3n },
        { nextRevision: 2n, position: 4n },
        { nextRevision: 3n, position: 5n },
        { nextRevision: 1n, position: 6n },
      ]);
      // Two groups, two commits: listeners hear each group's head.
      expect(heard).toEqual([3n, 6n]);
      const fromTail = (await store.readAll({ after: 1n, limit: 100 })).map((e) => `${e.position}:${e.streamId}:${e.revision}:${e.type}`);
      const reader = new SqliteEventStore(file);
      try {
        expect((await reader.readAll({ after: 1n, limit: 100 })).map((e) => `${e.position}:${e.streamId}:${e.revision}:${e.type}`)).toEqual(fromTail);
        expect(fromTail).toEqual(['2:s:1:S1', '3:t:0:T0', '4:s:2:S2', '5:s:3:S3', '6:t:1:T1']);
      } finally {
        await reader.close();
      }
    } finally {
      await store.close();
      dir.remove();
    }
  });

  it('rejects each refused append with the error class it had on the writer thread, and no other', async () => {
    const dir = tempDir('shop-event-store-errors-');
    const file = join(dir.path, 'events.sqlite');
    const store = new SqliteEventStore(file);
    try {
      const taken = randomUUID();
      await store.append('s', [event('S0', taken)], 'no_stream');
      const twice = randomUUID();
      const results = await Promise.allSettled([
        store.append('a', [event('A0')], 'no_stream'),
        store.append('s', [event('Stale')], 5n),
        store.append('half', [event('H1', twice), event('H2', twice)], 'no_stream'),
        store.append('elsewhere', [event('Reused', taken)], 'no_stream'),
        store.append('b', [event('B0')], 'no_stream'),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'rejected', 'fulfilled']);
      const reason = (index: number) => (results[index] as PromiseRejectedResult).reason as unknown;
      expect(reason(1)).toBeInstanceOf(WrongExpectedRevisionError);
      expect(reason(1)).toMatchObject({ streamId: 's', expected: 5n, actual: 0n });
      expect(reason(2)).toBeInstanceOf(Database.SqliteError);
      expect(reason(2)).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
      expect(reason(3)).toBeInstanceOf(Error);
      expect((reason(3) as Error).message).toMatch(/already written elsewhere/);
      expect((await store.readAll({ after: 0n, limit: 100 })).map((e) => e.type)).toEqual(['S0', 'A0', 'B0']);
    } finally {
      await store.close();
      dir.remove();
    }
  });

  it('settles the appends in flight, queued and asked for while closing, and refuses appends once closed', async () => {
    const dir = tempDir('shop-event-store-close-');
    const file = join(dir.path, 'events.sqlite');
    const store = new SqliteEventStore(file);
    let release: (() => void) | undefined;
    try {
      await store.append('s', [event('S0')], 'no_stream');
      release = holdWriteLock(file);
      const inFlight = store.append('s', [event('S1')], 0n);
      await turns(50);
      const queued = store.append('s', [event('S2')], 1n);
      const closed = store.close();
      // A request still running may append again once its last append settled (a checkout's next step).
      const next = queued.then(() => store.append('s', [event('S3')], 2n));
      await turns(50);
      release();
      release = undefined;
      expect(await inFlight).toEqual({ nextRevision: 1n, position: 2n });
      expect(await queued).toEqual({ nextRevision: 2n, position: 3n });
      expect(await next).toEqual({ nextRevision: 3n, position: 4n });
      await closed;
      await expect(store.append('s', [event('Late')], 'any')).rejects.toThrow(/closed/);
      const reader = new SqliteEventStore(file);
      try {
        expect((await reader.readStream('s')).map((e) => e.type)).toEqual(['S0', 'S1', 'S2', 'S3']);
      } finally {
        await reader.close();
      }
    } finally {
      release?.();
      await store.close();
      dir.remove();
    }
  });

  it('rejects a whole group whose commit fails, and remembers nothing of it', async () => {
    const dir = tempDir('shop-event-store-commit-');
    const file = join(dir.path, 'events.sqlite');
    const store = new SqliteEventStore(file);
    try {
      await store.append('s', [event('S0')], 'no_stream');
      // A deferred foreign key the log's rows break: checked at COMMIT, which then fails (as a
      // full disk would), after every append of the group was written.
      const admin = new Database(file);
      admin.pragma('foreign_keys = OFF'); // SQLite refuses such a column only where keys are enforced
      admin.exec(`CREATE TABLE owners (id TEXT PRIMARY KEY);
        ALTER TABLE events ADD COLUMN owner TEXT DEFAULT 'nobody' REFERENCES owners (id) DEFERRABLE INITIALLY DEFERRED;`);
      const results = await Promise.allSettled([store.append('s', [event('S1')], 0n), store.append('n', [event('N0')], 'no_stream')]);
      expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
      expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(Database.SqliteError);
      expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });

      admin.exec(`INSERT INTO owners (id) VALUES ('nobody')`);
      admin.close();
      // The failed group's heads were not kept: the same expectations hold again.
      expect(await store.append('s', [event('S1')], 0n)).toEqual({ nextRevision: 1n, position: 2n });
      expect(await store.append('n', [event('N0')], 'no_stream')).toEqual({ nextRevision: 0n, position: 3n });
      expect((await store.readAll({ after: 0n, limit: 100 })).map((e) => e.type)).toEqual(['S0', 'S1', 'N0']);
    } finally {
      await store.close();
      dir.remove();
    }
  });

  it('never keeps a process alive: a script that only reads, without closing the store, exits', async () => {
    const dir = tempDir('shop-event-store-exit-');
    // A CLI run or a benchmark that forgets close() must still end; the writer thread is
    // referenced only while a group is in flight.
    const script = `
      import { SqliteEventStore } from ${JSON.stringify(join(import.meta.dirname, 'sqlite.ts'))};
      const store = new SqliteEventStore(${JSON.stringify(join(dir.path, 'events.sqlite'))});
      console.log('read', (await store.readAll({ after: 0n, limit: 10 })).length);`;
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(null);
        }, 15_000);
        child.once('exit', (code) => {
          clearTimeout(timer);
          resolve(code);
        });
      });
      expect(output).toContain('read 0');
      expect(exited).toBe(0);
    } finally {
      dir.remove();
    }
  }, 20_000);
});

describe('SQLite event store durability', () => {
  it('commits with synchronous = FULL in WAL mode, so an acknowledged append survives power loss', async () => {
    const dir = tempDir('shop-event-store-sync-');
    const store = new SqliteEventStore(join(dir.path, 'events.sqlite'));
    const benchOnly = new SqliteEventStore(join(dir.path, 'other.sqlite'), { synchronous: 'normal' });
    try {
      await store.append('s', [{ id: randomUUID(), type: 'Happened', data: {} }], 'no_stream');
      // PRAGMA synchronous on the log's own connection: 2 = FULL (1 would be NORMAL).
      expect(store.syncMode()).toBe('full');
      expect(benchOnly.syncMode()).toBe('normal');
      const db = new Database(join(dir.path, 'events.sqlite'), { readonly: true });
      try {
        expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        db.close();
      }
    } finally {
      await store.close();
      await benchOnly.close();
      dir.remove();
    }
  });
});
