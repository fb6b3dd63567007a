import { join } from 'node:path';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { documentStoreContract } from './contract.ts';
import { SqliteDocumentStore } from './sqlite.ts';

documentStoreContract('SQLite', async () => {
  const dir = tempDir('shop-document-store-');
  const store = new SqliteDocumentStore(join(dir.path, 'read-models.sqlite'));
  return {
    store,
    cleanup: async () => {
      await store.close();
      dir.remove();
    },
  };
});
