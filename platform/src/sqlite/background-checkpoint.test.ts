import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { BackgroundCheckpoint } from './background-checkpoint.ts';
import { openSqlite } from './open.ts';

describe('background WAL checkpoints', () => {
  it('copies committed pages into the database from a worker, with automatic checkpoints off meanwhile', async () => {
    const dir = tempDir('shop-checkpoint-');
    const file = join(dir.path, 'db.sqlite');
    const db = openSqlite(file);
    const checkpoint = new BackgroundCheckpoint(db, file, { startAfterCommits: 3, intervalMs: 10 });
    try {
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, text TEXT)');
      const before = statSync(file).size;
      const insert = db.prepare('INSERT INTO t (text) VALUES (?)');
      for (let i = 0; i < 50; i++) {
        insert.run('x'.repeat(2000));
        checkpoint.committed();
      }
      const deadline = Date.now() + 5000;
      while (statSync(file).size <= before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(statSync(file).size).toBeGreaterThan(before);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      expect(db.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 50 });
    } finally {
      await checkpoint.close();
      db.close();
      dir.remove();
    }
  });
});
