import { GenericContainer, Wait } from 'testcontainers';
import { describe, it } from 'vitest';
import { containerRuntimeUnavailable } from '../../../test-support/containers.ts';
import { keyStoreContract } from '../../test/key-store-contract.ts';
import { MongoKeyStore } from './mongodb-key-store.ts';

const skipReason = await containerRuntimeUnavailable();

if (skipReason) {
  console.log(`skipped MongoDB key store contract: ${skipReason}`);
  describe.skip(`PersonalKeyStore contract: MongoDB (skipped: ${skipReason})`, () => {
    it.skip(`needs a container runtime: ${skipReason}`, () => {});
  });
} else {
  keyStoreContract('MongoDB', async () => {
    // Upserts and majority writes need no replica set on a single node; the driver's API as documented.
    const container = await new GenericContainer('mongo:7').withExposedPorts(27017).withWaitStrategy(Wait.forLogMessage(/Waiting for connections/)).withStartupTimeout(120_000).start();
    const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    const store = await MongoKeyStore.connect(url, 'keys_contract');
    return {
      store,
      openAnother: () => MongoKeyStore.connect(url, 'keys_contract'),
      cleanup: async () => {
        await store.close();
        await container.stop();
      },
    };
  });
}
