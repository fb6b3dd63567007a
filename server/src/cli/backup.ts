/**
 * npm run backup -- <folder>
 *
 * Backs up the embedded shop's data folder (DATA_DIR) into a new, empty folder while the shop
 * serves: the read models, then the event log (each a consistent copy of one moment, by SQLite's
 * VACUUM INTO), the token secret and the uploads, and last a manifest.json with the log's
 * identity, its last position and a SHA-256 of every file. Restore with `npm run restore`.
 * Every file is 0600 in 0700 folders; with BACKUP_KEY_FILE set, every file but the manifest is
 * sealed under that key (AES-256-GCM, server/src/backup/backup-key.ts).
 *
 * With EventStoreDB or MongoDB the data lives in those servers; back them up with their own
 * tools (docs/operations.md), and this command refuses.
 *
 * Exit code 0 on success, 1 on a refused or failed backup, 2 on bad usage.
 */
import { statSync } from 'node:fs';
import { loadConfig } from '@shop/platform';
import { takeBackup } from '../backup/backup.ts';
import { loadBackupKey } from '../backup/backup-key.ts';
import { runCli } from '../run-cli.ts';

async function main(): Promise<number> {
  const [dest, ...extra] = process.argv.slice(2);
  if (!dest || extra.length > 0) {
    console.error('Usage: npm run backup -- <new folder>');
    return 2;
  }
  const config = loadConfig();
  if (config.EVENT_STORE !== 'sqlite' || config.READ_STORE !== 'sqlite') {
    console.error('npm run backup copies the embedded shop (SQLite). Back up EventStoreDB and MongoDB with their own tools: see docs/operations.md.');
    return 1;
  }
  const key = config.BACKUP_KEY_FILE ? await loadBackupKey(config.BACKUP_KEY_FILE) : undefined;
  if (!key) console.error('WARNING: BACKUP_KEY_FILE is not set: this backup is not encrypted; whoever reads it reads every person, key and secret of the shop.');
  const started = performance.now();
  const manifest = await takeBackup(config.DATA_DIR, dest, { key });
  if (key && statSync(config.BACKUP_KEY_FILE!).dev === statSync(dest).dev) {
    console.error(`WARNING: the backup key ${config.BACKUP_KEY_FILE} is on the same volume as the backup: whoever takes one takes both. Keep the key apart.`);
  }
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `Backed up ${config.DATA_DIR} into ${dest}: the log up to position ${manifest.log.lastPosition}` +
      `${manifest.log.lastRecordedAt ? ` (recorded ${manifest.log.lastRecordedAt})` : ''}, ${manifest.files.length} files, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MiB, in ${((performance.now() - started) / 1000).toFixed(1)} s` +
      `${key ? `, encrypted with the key of id ${key.id}` : ''}.`,
  );
  return 0;
}

runCli(main);
