import { join } from 'node:path';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { eventStoreContract } from './contract.ts';
import { SqliteEventStore } from './sqlite.ts';

eventStoreContract('SQLite', async () => {
  const dir = tempDir('shop-event-store-');
  const store = new SqliteEventStore(join(dir.path, 'events.sqlite'));
  return {
    store,
    cleanup: async () => {
      await store.close();
      dir.remove();
    },
  };
});
