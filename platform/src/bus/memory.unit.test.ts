import { describe, expect, it } from 'vitest';
import { busContract } from '../../test/bus-contract.ts';
import { InMemoryBus } from './memory.ts';

busContract('in-memory', async () => {
  const bus = new InMemoryBus({ retryMs: 10 });
  return { bus, cleanup: () => bus.close() };
});

busContract('in-memory, kafkajs mode', async () => {
  const bus = new InMemoryBus({ retryMs: 10, mode: 'kafkajs', sessionTimeoutMs: 2000 });
  return { bus, cleanup: () => bus.close() };
});

describe('in-memory bus, kafkajs mode: a handler that keeps throwing', () => {
  it('crashes its consumer after 5 failed rounds: it leaves the group, stalls, and joins again (kafkajs restartOnFailure)', async () => {
    const bus = new InMemoryBus({ retryMs: 5, mode: 'kafkajs', sessionTimeoutMs: 2000, restartMs: 50 });
    try {
      await bus.ensureTopic('events', 2);
      const seen: string[] = [];
      const subscription = await bus.consume({
        topic: 'events',
        groupId: 'g',
        handle: async (batch) => {
          seen.push(`handled ${batch.partition}`);
          if (batch.partition === 0) throw new Error('projection failed');
        },
        onAssigned: (partitions) => seen.push(`assigned ${partitions.join(',')}`),
        onRevoked: () => seen.push('revoked'),
      });
      await bus.publish('events', [{ key: 'a', value: '1', partition: 0 }]);
      const deadline = Date.now() + 5000;
      while (seen.filter((entry) => entry === 'assigned 0,1').length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
      await subscription.stop();
      const firstRevoke = seen.indexOf('revoked');
      expect(seen.slice(0, firstRevoke).filter((entry) => entry === 'handled 0')).toHaveLength(5);
      // Out of the group meanwhile (no partition handled), then dealt both partitions again.
      expect(seen.slice(firstRevoke, seen.indexOf('assigned 0,1', firstRevoke) + 1)).toEqual(['revoked', 'assigned 0,1']);
    } finally {
      await bus.close();
    }
  });
});
