import { describe, it } from 'vitest';
import { containerRuntimeUnavailable } from '../../../test-support/containers.ts';
import { busContract } from '../../test/bus-contract.ts';
import { KafkaBus } from './kafka.ts';
import { startKafka } from './kafka-container.ts';

const skipReason = await containerRuntimeUnavailable();

if (skipReason) {
  console.log(`skipped Kafka bus contract: ${skipReason}`);
  describe.skip(`MessageBus contract: Kafka (skipped: ${skipReason})`, () => {
    it.skip(`needs a container runtime: ${skipReason}`, () => {});
  });
} else {
  busContract(
    'Kafka',
    async () => {
      const { container, brokers } = await startKafka();
      const bus = new KafkaBus({ brokers, clientId: 'bus-contract' });
      return {
        bus,
        cleanup: async () => {
          await bus.close();
          await container.stop();
        },
      };
    },
    60_000,
  );
}
