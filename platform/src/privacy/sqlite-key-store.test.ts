import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { keyStoreContract } from '../../test/key-store-contract.ts';
import { SqliteKeyStore } from './sqlite-key-store.ts';

const dir = tempDir('key-store-');
keyStoreContract('SQLite', async () => {
  const file = join(dir.path, 'contract-keys.db');
  return { store: new SqliteKeyStore(file), openAnother: async () => new SqliteKeyStore(file), cleanup: async () => dir.remove() };
});

describe('SqliteKeyStore files', () => {
  it('keeps no byte of a destroyed key in its file or its WAL', async () => {
    const folder = tempDir('key-store-bytes-');
    const store = new SqliteKeyStore(join(folder.path, 'keys.db'));
    try {
      const key = (await store.keysFor(['person-1'])).get('person-1')!;
      await store.keysFor(['person-2']);
      const holds = () => readdirSync(folder.path).some((name) => readFileSync(join(folder.path, name)).includes(key));
      expect(holds()).toBe(true);
      await store.destroy(['person-1']);
      expect(holds()).toBe(false);
    } finally {
      await store.close();
      folder.remove();
    }
  });
});
