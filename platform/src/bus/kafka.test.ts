import { describe, it } from 'vitest';
import { sharedLocalKafka } from '../../../test-support/kafka-broker.ts';
import { containerRuntimeUnavailable } from '../../../test-support/containers.ts';
import { busContract } from '../../test/bus-contract.ts';
import { KafkaBus } from './kafka.ts';
import { startKafka } from './kafka-container.ts';

/**
 * The bus contract on a real Kafka broker: the run's Apache broker from its Maven jars where Java
 * is (no Docker needed), otherwise the Kafka image where a container runtime is; skipped with the
 * reason where neither is.
 */
const local = await sharedLocalKafka();
const containerSkip = typeof local === 'string' ? await containerRuntimeUnavailable() : null;

if (typeof local === 'string' && containerSkip) {
  const reason = `${local}; ${containerSkip}`;
  console.log(`skipped Kafka bus contract: ${reason}`);
  describe.skip(`MessageBus contract: Kafka (skipped: ${reason})`, () => {
    it.skip(`needs Java and Maven, or a container runtime: ${reason}`, () => {});
  });
} else {
  busContract(
    typeof local === 'string' ? 'Kafka (container)' : 'Kafka (Apache broker from Maven)',
    async () => {
      // The run's broker is shared and outlives this file; a container is this file's own.
      const broker = typeof local === 'string' ? await startKafka().then(({ container, brokers }) => ({ brokers, stop: async () => void (await container.stop()) })) : { ...local, stop: async () => {} };
      const bus = new KafkaBus({ brokers: broker.brokers, clientId: 'bus-contract' });
      return {
        bus,
        cleanup: async () => {
          await bus.close();
          await broker.stop();
        },
      };
    },
    60_000,
  );
}
