/**
 * npm run restore -- <backup folder>
 * npm run restore -- <backup folder> --to-time 2026-11-26T10:41:00+05:30 [--yes]
 * npm run restore -- <backup folder> --to-position 18234 [--yes]
 *
 * Restores a backup (`npm run backup`) into DATA_DIR, which must be empty, after checking every
 * file against the backup's manifest. Plain: the data folder as it was backed up; the shop
 * serves at once. With --to-time or --to-position: the log up to that moment only (the way back
 * from a mistake, e.g. to the minute before a wrong price was saved), and the read models are
 * rebuilt from it when the shop starts. Such a restore first lists what it would drop, and
 * restores only when run again with --yes.
 *
 * Erasures are kept: people forgotten after the backup was taken stay forgotten. The backup's
 * own erasure ledger, ERASURE_LEDGER when set, and every `--erasures <file>` given (the replaced
 * data folder's erasures.jsonl) are re-applied to the restored key store. With neither
 * ERASURE_LEDGER nor --erasures the restore refuses, unless --no-erasures-since-backup says that
 * nobody was forgotten after the backup was taken (the backup cannot know).
 *
 * An encrypted backup (BACKUP_KEY_FILE set when it was taken) is opened with BACKUP_KEY_FILE.
 *
 * Exit code 0 on success (or a plan shown), 1 on a refused or failed restore, 2 on bad usage.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@shop/platform';
import { loadBackupKey } from '../backup/backup-key.ts';
import { planRestore, restoreBackup, type RestoreCut, type RestorePlan } from '../backup/restore.ts';
import { runCli } from '../run-cli.ts';

const USAGE = 'Usage: npm run restore -- <backup folder> [--to-time <ISO time> | --to-position <N>] [--erasures <ledger file>]... [--no-erasures-since-backup] [--yes]';

function cutOf(values: { 'to-time'?: string; 'to-position'?: string }): RestoreCut | 'bad' {
  if (values['to-time'] !== undefined && values['to-position'] !== undefined) return 'bad';
  if (values['to-time'] !== undefined) {
    // A moment with its zone: a bare local time would mean another minute on another machine.
    if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(values['to-time'])) return 'bad';
    const toTime = new Date(values['to-time']);
    return Number.isNaN(toTime.getTime()) ? 'bad' : { toTime };
  }
  if (values['to-position'] !== undefined) return /^\d{1,19}$/.test(values['to-position']) ? { toPosition: BigInt(values['to-position']) } : 'bad';
  return {};
}

function describe(plan: RestorePlan): string {
  const types = Object.entries(plan.dropped.byType)
    .sort((a, b) => b[1] - a[1])
    .map(([type, count]) => `${type} ×${count}`)
    .join(', ');
  const kept = `Keeps ${plan.kept.events} events, up to position ${plan.kept.lastPosition}${plan.kept.lastRecordedAt ? ` (recorded ${plan.kept.lastRecordedAt})` : ''}.`;
  if (plan.dropped.events === 0) return `${kept} Drops nothing: the backup ends before that moment.`;
  return `${kept}\nDrops ${plan.dropped.events} events recorded ${plan.dropped.firstRecordedAt} to ${plan.dropped.lastRecordedAt}: ${types}.`;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ allowPositionals: true, options: { 'to-time': { type: 'string' }, 'to-position': { type: 'string' }, erasures: { type: 'string', multiple: true }, 'no-erasures-since-backup': { type: 'boolean', default: false }, yes: { type: 'boolean', default: false } } });
  } catch {
    console.error(USAGE);
    return 2;
  }
  const [backupDir, ...extra] = parsed.positionals;
  const cut = cutOf(parsed.values);
  if (!backupDir || extra.length > 0 || cut === 'bad') {
    console.error(`${USAGE}\n--to-time takes an ISO time with its zone (Z or +05:30); --to-position a whole number.`);
    return 2;
  }
  const config = loadConfig();
  if (config.EVENT_STORE !== 'sqlite' || config.READ_STORE !== 'sqlite') {
    console.error('npm run restore restores the embedded shop (SQLite). Restore EventStoreDB and MongoDB with their own tools: see docs/operations.md.');
    return 1;
  }
  const key = config.BACKUP_KEY_FILE ? await loadBackupKey(config.BACKUP_KEY_FILE) : undefined;
  const pointInTime = cut.toTime !== undefined || cut.toPosition !== undefined;
  if (pointInTime && !parsed.values.yes) {
    console.log(`${describe(await planRestore(backupDir, cut, key))}\nNothing was restored. Run the same command with --yes to restore into ${config.DATA_DIR}.`);
    return 0;
  }
  const erasureLedgers = [...(config.ERASURE_LEDGER ? [config.ERASURE_LEDGER] : []), ...(parsed.values.erasures ?? [])];
  const noErasuresSinceBackup = parsed.values['no-erasures-since-backup'];
  const outcome = await restoreBackup(backupDir, config.DATA_DIR, cut, { erasureLedgers, noErasuresSinceBackup, key });
  // Loud, on stderr too: whether the forgotten stay forgotten is the restore's most important fact.
  if (erasureLedgers.length === 0) {
    console.error(`WARNING: restored without an erasure ledger kept outside the backup, on your word (--no-erasures-since-backup) that nobody was forgotten after it was taken. Anyone who was is back.`);
  } else {
    console.error(
      `Erasures re-applied from ${erasureLedgers.join(', ')} and the backup's own ledger: ${outcome.erasuresInLedgers} forgotten subjects' keys destroyed in the restored key store, ` +
        `${outcome.erasuresReapplied} of them still held by the backup (people forgotten after it was taken, who stay forgotten).`,
    );
  }
  console.log(
    `Restored ${backupDir} into ${config.DATA_DIR}: the log up to position ${outcome.lastPosition}` +
      `${outcome.lastRecordedAt ? ` (recorded ${outcome.lastRecordedAt})` : ''}. ` +
      (outcome.readModelsRestored ? 'Start the shop: it serves at once.' : 'Start the shop: it rebuilds its read models from the log first.'),
  );
  return 0;
}

runCli(main);
