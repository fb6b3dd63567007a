import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '@shop/platform/adapters';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { handleCommand } from './command-handler.ts';
import { DomainError, type Decider, type DomainEvent } from './decider.ts';

type Added = DomainEvent<'Added', { amount: number }>;
/** A counter that may never exceed 10: enough to show retries keep a rule under concurrency. */
const bounded: Decider<number, { amount: number }, Added> = {
  initialState: 0,
  evolve: (total, event) => total + event.data.amount,
  decide: ({ amount }, total) => {
    if (total + amount > 10) throw new DomainError('Limit reached', 409);
    return [{ type: 'Added', data: { amount } }];
  },
};

describe('handleCommand', () => {
  let dir: ReturnType<typeof tempDir>;
  let store: SqliteEventStore;
  beforeEach(() => {
    dir = tempDir();
    store = new SqliteEventStore(join(dir.path, 'events.db'));
  });
  afterEach(async () => {
    await store.close();
    dir.remove();
  });

  it('appends the decided events with metadata and returns the new state and position', async () => {
    const result = await handleCommand(store, 'c-1', bounded, { amount: 3 }, { userId: 'u1', correlationId: 'corr' });
    expect(result.state).toBe(3);
    const [event] = await store.readStream('c-1');
    expect(event).toMatchObject({ type: 'Added', data: { amount: 3 }, position: result.position });
    expect(event?.metadata).toMatchObject({ userId: 'u1', correlationId: 'corr' });
  });

  it('re-decides on a concurrent write, so a rule holds across racing commands', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 15 }, () => handleCommand(store, 'c-2', bounded, { amount: 1 }, {}, { maxAttempts: 50 })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.map((r) => (r.reason as Error).message)).toEqual(Array(5).fill('Limit reached'));
    expect(await store.readStream('c-2')).toHaveLength(10);
  });

  it('writes nothing when the decider refuses', async () => {
    await expect(handleCommand(store, 'c-3', bounded, { amount: 11 })).rejects.toThrow(DomainError);
    expect(await store.readStream('c-3')).toEqual([]);
  });

  it('is idempotent when event ids are derived from the command', async () => {
    const ids = { eventIds: () => '6f1c1c0e-0000-4000-8000-000000000001' };
    const first = await handleCommand(store, 'c-4', bounded, { amount: 2 }, {}, ids);
    const again = await handleCommand(store, 'c-4', bounded, { amount: 2 }, {}, ids);
    expect(await store.readStream('c-4')).toHaveLength(1);
    expect(again.position).toBe(first.position);
  });
});
