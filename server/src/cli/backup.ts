/**
 * npm run backup -- <folder>
 *
 * Backs up the embedded shop's data folder (DATA_DIR) into a new, empty folder while the shop
 * serves: the read models, then the event log (each a consistent copy of one moment, by SQLite's
 * VACUUM INTO), the token secret and the uploads, and last a manifest.json with the log's
 * identity, its last position and a SHA-256 of every file. Restore with `npm run restore`.
 *
 * With EventStoreDB or MongoDB the data lives in those servers; back them up with their own
 * tools (docs/operations.md), and this command refuses.
 *
 * Exit code 0 on success, 1 on a refused or failed backup, 2 on bad usage.
 */
import { loadConfig } from '@shop/platform';
import { takeBackup } from '../backup/backup.ts';
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
  const started = performance.now();
  const manifest = await takeBackup(config.DATA_DIR, dest);
  const bytes = manifest.files.reduce((sum, file) => sum + file.bytes, 0);
  console.log(
    `Backed up ${config.DATA_DIR} into ${dest}: the log up to position ${manifest.log.lastPosition}` +
      `${manifest.log.lastRecordedAt ? ` (recorded ${manifest.log.lastRecordedAt})` : ''}, ${manifest.files.length} files, ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MiB, in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
  );
  return 0;
}

runCli(main);
