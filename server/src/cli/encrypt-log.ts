/**
 * npm run log:encrypt
 *
 * One time, on a shop whose log was written before personal data was sealed: copies DATA_DIR's
 * event log into a new one with every person's name, e-mail, phone, address and password hash
 * sealed under their own key (the key store, person-keys.db), keeping event ids, order and times.
 * The new log has a new identity, so the shop rebuilds every read model from it when it starts.
 * Stop the shop first. The old log is kept as events.before-encryption.db until you delete it.
 *
 * Exit code 0 on success, 1 on a refused or failed run.
 */
import { join } from 'node:path';
import { loadConfig } from '@shop/platform';
import { SqliteKeyStore } from '@shop/platform/adapters';
import { DATA_FOLDER } from '../data-folder.ts';
import { encryptLog } from '../privacy/encrypt-log.ts';
import { runCli } from '../run-cli.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  if (config.EVENT_STORE !== 'sqlite' || config.READ_STORE !== 'sqlite') {
    console.error('npm run log:encrypt migrates the embedded shop (SQLite) only: this release does not migrate an EventStoreDB log.');
    return 1;
  }
  const { events, oldLog } = await encryptLog(config.DATA_DIR, new SqliteKeyStore(join(config.DATA_DIR, DATA_FOLDER.keyStore)));
  console.log(
    `Encrypted the personal data of ${events} events into a new log (${DATA_FOLDER.eventLog}); the shop rebuilds its read models from it at the next start.\n` +
      `The old log is kept as ${oldLog}. It still holds every person's data in clear and no erasure reaches it: delete it once the shop runs on the new log.`,
  );
  return 0;
}

runCli(main);
