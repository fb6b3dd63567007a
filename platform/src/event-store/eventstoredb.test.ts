import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { describe, it } from 'vitest';
import { containerRuntimeUnavailable } from '../../../test-support/containers.ts';
import { eventStoreContract } from '../../test/event-store-contract.ts';
import { EventStoreDbEventStore } from './eventstoredb.ts';

const EVENTSTORE_IMAGE = 'eventstore/eventstore:24.10';
const skipReason = await containerRuntimeUnavailable();

if (skipReason) {
  console.log(`skipped EventStoreDB contract: ${skipReason}`);
  describe.skip(`EventStore contract: EventStoreDB (skipped: ${skipReason})`, () => {
    it.skip(`needs a container runtime: ${skipReason}`, () => {});
  });
} else {
  eventStoreContract('EventStoreDB', async () => {
    const container: StartedTestContainer = await new GenericContainer(EVENTSTORE_IMAGE)
      .withEnvironment({
        EVENTSTORE_INSECURE: 'true',
        EVENTSTORE_RUN_PROJECTIONS: 'None',
        EVENTSTORE_MEM_DB: 'true',
      })
      .withExposedPorts(2113)
      .withWaitStrategy(Wait.forHttp('/health/live', 2113))
      .withStartupTimeout(120_000)
      .start();
    const store = new EventStoreDbEventStore(
      `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    );
    return {
      store,
      cleanup: async () => {
        await store.close();
        await container.stop();
      },
    };
  });
}
