import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@shop/platform/adapters';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { StreamCommands } from './stream-commands.ts';
import { DomainError, type Decider, type DomainEvent } from './decider.ts';
import { claimStreamType, streamType } from './stream-type.ts';

type Added = DomainEvent<'Added', { amount: number }>;
/** A counter that may never exceed 10: enough to show retries keep a rule under concurrency. */
const bounded: Decider<number, { amount: number }, Added> = {
  initialState: 0,
  evolve: (total, event) => total + event.data.amount,
  decide: ({ amount }, total) => {
    if (total + amount > 10) throw new DomainError('conflict', 'Limit reached');
    return [{ type: 'Added', data: { amount } }];
  },
};
const counters = streamType({ kind: 'counter', decider: bounded, streamId: (id: string) => id, schemas: { Added: { parse: (data) => data } } });
const c = (id: string) => counters.at(id);
const uniques = claimStreamType({ kind: 'unique', streamId: (id: string) => id, schemas: { Claimed: { parse: (data) => data } } });

describe('the command pipeline (StreamCommands)', () => {
  let dir: ReturnType<typeof tempDir>;
  let store: SqliteEventStore;
  /** What one process runs commands through. */
  let streams: StreamCommands;
  const handle = (...args: Parameters<StreamCommands['handle']>) => streams.handle(...args);
  beforeEach(() => {
    dir = tempDir();
    store = new SqliteEventStore(join(dir.path, 'events.db'));
    streams = new StreamCommands(store);
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  it('appends the decided events with metadata and returns the new state and position', async () => {
    const result = await handle(c('c-1'), { amount: 3 }, { userId: 'u1', correlationId: 'corr' });
    expect(result.state).toBe(3);
    const [event] = await store.readStream('c-1');
    expect(event).toMatchObject({ type: 'Added', data: { amount: 3 }, position: result.position });
    expect(event?.metadata).toMatchObject({ userId: 'u1', correlationId: 'corr' });
  });

  it('re-decides on a concurrent write, so a rule holds across racing commands', async () => {
    // Three pipelines on one store stand for three processes: each one's cache goes stale under the others.
    const processes = [streams, new StreamCommands(store), new StreamCommands(store)];
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, (_, i) => processes[i % 3]!.handle(c('c-2'), { amount: 1 }, {}, { maxAttempts: 50 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.map((r) => (r.reason as Error).message)).toEqual(Array(5).fill('Limit reached'));
    expect(await store.readStream('c-2')).toHaveLength(10);
  });

  it('writes nothing when the decider refuses', async () => {
    await expect(handle(c('c-3'), { amount: 11 })).rejects.toThrow(DomainError);
    expect(await store.readStream('c-3')).toEqual([]);
  });

  it('is idempotent when event ids are derived from the command', async () => {
    const ids = { eventIds: () => '6f1c1c0e-0000-4000-8000-000000000001' };
    const first = await handle(c('c-4'), { amount: 2 }, {}, ids);
    const again = await handle(c('c-4'), { amount: 2 }, {}, ids);
    expect(await store.readStream('c-4')).toHaveLength(1);
    expect(again.position).toBe(first.position);
  });

  it('claims a uniqueness stream once: racing and later claims write nothing', async () => {
    const other = new StreamCommands(store);
    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? other : streams).claim(uniques.at('unique-1'), { type: 'Claimed', data: { by: i } })),
    );
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    expect(claims.filter((c) => !c.claimed).map((c) => c.position)).toEqual(Array(5).fill(0n));
    const recorded = await store.readStream('unique-1');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]?.position).toBe(claims.find((c) => c.claimed)?.position);
    expect(await streams.first('unique-1')).toMatchObject({ type: 'Claimed', data: recorded[0]?.data });
    expect(await streams.exists('unique-2')).toBe(false);
  });

  it('checks a claim before writing it', async () => {
    const check = () => {
      throw new Error('bad data');
    };
    await expect(streams.claim({ id: 'unique-3', check }, { type: 'Claimed', data: {} })).rejects.toThrow('bad data');
    expect(await store.readStream('unique-3')).toEqual([]);
  });

  it('loads fresh state on request, seeing what another process wrote', async () => {
    await handle(c('c-5'), { amount: 2 });
    await new StreamCommands(store).handle(c('c-5'), { amount: 3 });
    expect(await streams.load(c('c-5'))).toBe(2); // its own cache
    expect(await streams.load(c('c-5'), { fresh: true })).toBe(5);
  });
});
