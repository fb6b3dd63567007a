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
