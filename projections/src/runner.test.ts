import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Document, type RecordedEvent } from '@shop/platform';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { tempDir } from '../../test-support/temp-dir.ts';
import { applyBatch } from './apply-batch.ts';
import type { Projection } from './projection.ts';
import { ProjectionRunner } from './runner.ts';

interface Counter extends Document {
  count: number;
  last: string;
}

/** Counts "Ticked" events per stream: not idempotent by itself, so it shows exactly-once delivery. */
const counter: Projection = {
  name: 'counter',
  version: 1,
  collections: [{ name: 'counters' }],
  handles: new Set(['Ticked']),
  async apply(event: RecordedEvent, view) {
    const current = await view.get<Counter>('counters', event.streamId);
    view.put('counters', { _id: event.streamId, count: (current?.count ?? 0) + 1, last: event.id } as Counter);
  },
};

const tick = () => ({ id: randomUUID(), type: 'Ticked', data: {} });

describe('projection runner', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let docs: SqliteDocumentStore;
  let runner: ProjectionRunner;

  beforeEach(async () => {
    dir = tempDir();
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    docs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    runner = new ProjectionRunner(events, docs, [counter], { idleMs: 60_000 });
    await runner.start();
  });

  afterEach(async () => {
    await runner.stop();
    await events.close();
    await docs.close();
    dir.remove();
  });

  it('wakes on an append in the same process, without waiting for the idle timer', async () => {
    // The runner's idle timer is a minute (beforeEach): caught up well within it means the append woke it.
    const started = performance.now();
    const { position } = await events.append('s-1', [tick(), tick()], 'no_stream');
    await runner.waitFor(position, ['counter'], 15_000);
    expect(performance.now() - started).toBeLessThan(15_000);
    expect((await docs.get<Counter>('counters', 's-1'))?.count).toBe(2);
    expect(await docs.getCheckpoint('counter')).toBe(position);
  });

  it('advances its checkpoint past events it does not handle', async () => {
    const { position } = await events.append('other', [{ id: randomUUID(), type: 'Unrelated', data: {} }], 'any');
    await runner.waitFor(position, ['counter'], 2000);
    expect(runner.position('counter')).toBe(position);
  });

  it('applies each event once: a redelivered batch changes nothing', async () => {
    await events.append('s-2', [tick(), tick(), tick()], 'no_stream');
    await runner.catchUp(2000);
    const all = await events.readAll({ limit: 100 });
    const checkpoint = (await docs.getCheckpoint('counter')) ?? 0n;
    const after = await applyBatch(counter, all, checkpoint, { store: docs });
    expect(after).toBe(checkpoint);
    expect((await docs.get<Counter>('counters', 's-2'))?.count).toBe(3);
  });

  it('resumes from its checkpoint after a restart', async () => {
    await events.append('s-3', [tick()], 'no_stream');
    await runner.catchUp(2000);
    await runner.stop();
    await events.append('s-3', [tick(), tick()], 0n);
    runner = new ProjectionRunner(events, docs, [counter], { idleMs: 60_000 });
    await runner.start();
    await runner.catchUp(2000);
    expect((await docs.get<Counter>('counters', 's-3'))?.count).toBe(3);
  });

  it('times out a read-your-writes wait for a position that never comes', async () => {
    await expect(runner.waitFor(10_000n, ['counter'], 50)).rejects.toThrow(/did not reach position 10000/);
  });

  it('retries a failing handler instead of skipping the event', async () => {
    let failures = 1;
    const flaky: Projection = {
      ...counter,
      name: 'flaky',
      async apply(event, view) {
        if (failures-- > 0) throw new Error('boom');
        await counter.apply(event, view);
      },
    };
    const errors: string[] = [];
    const second = new ProjectionRunner(events, docs, [flaky], { idleMs: 20, onError: (name) => errors.push(name) });
    await second.start();
    const { position } = await events.append('s-4', [tick()], 'no_stream');
    await second.waitFor(position, ['flaky'], 3000);
    await second.stop();
    expect(errors).toEqual(['flaky']);
  });
});
