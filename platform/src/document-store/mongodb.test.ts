import { GenericContainer, Wait, type StartedTestContainer } from 'testcontainers';
import { describe, it } from 'vitest';
import { containerRuntimeUnavailable } from '../../../test-support/containers.ts';
import { documentStoreContract } from '../../test/document-store-contract.ts';
import { MongoDocumentStore } from './mongodb.ts';

const MONGO_IMAGE = 'mongo:7';
const skipReason = await containerRuntimeUnavailable();

/**
 * Makes the container a single-node replica set (transactions need one) and waits until it is
 * primary. The member is announced as 127.0.0.1 inside the container; the test connects with
 * directConnection=true, so the driver never tries to reach that address from the host.
 */
async function initiateReplicaSet(container: StartedTestContainer): Promise<void> {
  const script = [
    "try { rs.status() } catch (e) { rs.initiate({ _id: 'rs0', members: [{ _id: 0, host: '127.0.0.1:27017' }] }) }",
    'let tries = 0',
    'while (!db.hello().isWritablePrimary) { if (++tries > 600) throw new Error("no primary"); sleep(100) }',
  ].join('; ');
  const result = await container.exec(['mongosh', '--quiet', '--eval', script]);
  if (result.exitCode !== 0) throw new Error(`rs.initiate failed (${result.exitCode}): ${result.output}`);
}

if (skipReason) {
  console.log(`skipped MongoDB contract: ${skipReason}`);
  describe.skip(`DocumentStore contract: MongoDB (skipped: ${skipReason})`, () => {
    it.skip(`needs a container runtime: ${skipReason}`, () => {});
  });
} else {
  documentStoreContract('MongoDB', async () => {
    const container = await new GenericContainer(MONGO_IMAGE)
      .withCommand(['--replSet', 'rs0', '--bind_ip_all'])
      .withExposedPorts(27017)
      .withWaitStrategy(Wait.forLogMessage(/Waiting for connections/))
      .withStartupTimeout(120_000)
      .start();
    await initiateReplicaSet(container);
    const url = `mongodb://${container.getHost()}:${container.getMappedPort(27017)}/?directConnection=true`;
    const store = await MongoDocumentStore.connect(url, 'contract');
    return {
      store,
      openAnother: () => MongoDocumentStore.connect(url, 'contract'),
      cleanup: async () => {
        await store.close();
        await container.stop();
      },
    };
  });
}
