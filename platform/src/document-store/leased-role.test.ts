/**
 * A role one process plays at a time, on a real SQLite read store opened twice (as two API
 * processes on one data folder open it): one runs the work; a graceful stop hands it over at
 * once; a holder cut off from the store stops before the other starts.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { LeasedRole, type LeasedWork } from './leased-role.ts';
import type { DocumentStore } from './port.ts';
import { SqliteDocumentStore } from './sqlite.ts';

const TTL = 300;
const quiet = { info: () => {}, warn: () => {} };
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The work as a log of what it was asked, and whether it runs. */
function work(log: string[], name: string): LeasedWork & { running: boolean } {
  return {
    running: false,
    start() {
      this.running = true;
      log.push(`${name} started`);
    },
    async stop() {
      this.running = false;
      log.push(`${name} stopped`);
    },
  };
}

function storeFile(): string {
  const dir = tempDir('shop-leased-role-');
  cleanups.push(dir.remove);
  return join(dir.path, 'read-models.db');
}

function open(file: string): SqliteDocumentStore {
  const store = new SqliteDocumentStore(file);
  cleanups.push(() => store.close());
  return store;
}

function role(store: DocumentStore, w: LeasedWork, owner: string): LeasedRole {
  const r = new LeasedRole(store, 'role:order-mail', w, { ttlMs: TTL, owner, logger: quiet });
  cleanups.push(() => r.stop());
  return r;
}

const until = async (condition: () => boolean, ms = 5 * TTL) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('LeasedRole', () => {
  it('runs the work in one process only, and hands it over at once when that process stops', async () => {
    const file = storeFile();
    const log: string[] = [];
    const [a, b] = [work(log, 'a'), work(log, 'b')];
    const first = role(open(file), a, 'process-a');
    const second = role(open(file), b, 'process-b');
    await first.start();
    await second.start();
    await new Promise((resolve) => setTimeout(resolve, TTL));
    expect([a.running, b.running]).toEqual([true, false]);

    await first.stop();
    await until(() => b.running);
    expect(log).toEqual(['a started', 'a stopped', 'b started']);
  });

  it('stops the work of a holder cut off from the store before another process takes it over', async () => {
    // On a fake clock (the store's lease times too): both roles share this test's process, and a
    // stall of it on a loaded machine used to let b's renewal, due before a's expiry, run after
    // the lease had lapsed on the real clock, and so before a's expiry.
    vi.useFakeTimers();
    cleanups.push(() => void vi.useRealTimers());
    const file = storeFile();
    const log: string[] = [];
    const [a, b] = [work(log, 'a'), work(log, 'b')];
    const reachable = open(file);
    let cutOff = false;
    // Process a's view of the store: it stops answering (a network partition, a hung disk).
    const aStore = new Proxy(reachable, {
      get: (target, key, receiver) =>
        key === 'acquireLease' && cutOff ? () => Promise.reject(new Error('store unreachable')) : Reflect.get(target, key, receiver),
    });
    const first = role(aStore, a, 'process-a');
    const second = role(open(file), b, 'process-b');
    await first.start();
    await second.start();
    expect(a.running).toBe(true);

    cutOff = true;
    await vi.advanceTimersByTimeAsync(2 * TTL);
    expect(b.running).toBe(true);
    // a stopped itself (its lease unconfirmed for a whole lease time) before b's lease began.
    expect(log).toEqual(['a started', 'a stopped', 'b started']);
  });

  it('takes its lease back at once after a restart under the same owner (an embedded shop after a crash)', async () => {
    const file = storeFile();
    const log: string[] = [];
    const crashed = new LeasedRole(open(file), 'role:order-mail', work(log, 'before'), { ttlMs: 60_000, owner: 'host:/data', logger: quiet });
    await crashed.start();
    // No stop: the process died holding a lease good for another minute.
    const restarted = role(open(file), work(log, 'after'), 'host:/data');
    await restarted.start();
    expect(restarted.active).toBe(true);
    expect(log).toEqual(['before started', 'after started']);
    await crashed.stop();
  });
});
