import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import type { RecordedEvent } from '@shop/platform';
import { SqliteEventStore, SqliteKeyStore } from '@shop/platform/adapters';
import { exportLog, importLog } from '@shop/platform/event-store/log-file';
import { makeTreePrivate, PRIVATE_FOLDER_MODE } from '@shop/platform/fs/private';
import { DATA_FOLDER } from '../data-folder.ts';
import { erasedSubjects } from '../privacy/erasure-ledger.ts';
import { assertEmptyFolder, BackupError, syncTree, verifyBackup, type BackupManifest } from './backup.ts';
import { decryptFile, ENCRYPTED_SUFFIX, type BackupKey } from './backup-key.ts';

/** Where a point-in-time restore ends the log: the last event kept is at or before both. */
export interface RestoreCut {
  /** Keep events recorded at or before this moment. */
  toTime?: Date;
  /** Keep events at or before this position of the log. */
  toPosition?: bigint;
}

/** What a restore keeps of the backup's log and what it would drop, shown before it is confirmed. */
export interface RestorePlan {
  manifest: BackupManifest;
  kept: { events: number; lastPosition: string; lastRecordedAt?: string };
  dropped: { events: number; byType: Record<string, number>; firstRecordedAt?: string; lastRecordedAt?: string };
}

export interface RestoreOutcome {
  /** The newest event of the restored log. */
  lastPosition: string;
  lastRecordedAt?: string;
  /** True when the read models were restored with the log; false when they are rebuilt from it at the next start. */
  readModelsRestored: boolean;
  /** People forgotten since the backup was taken, forgotten again in the restored key store. */
  erasuresReapplied: number;
  /** Every key store subject the ledgers name (the backup's own included): all are destroyed in the restored key store. */
  erasuresInLedgers: number;
}

export interface RestoreOptions {
  /**
   * Erasure ledgers kept outside the backup (the shop's ERASURE_LEDGER, the erasures.jsonl of the
   * data folder being replaced): every person they name stays forgotten. Each must exist.
   */
  erasureLedgers?: readonly string[];
  /**
   * The operator's word that nobody was forgotten after the backup was taken: the only way to
   * restore without a ledger from outside the backup, which alone knows of later erasures.
   */
  noErasuresSinceBackup?: boolean;
  /** BACKUP_KEY_FILE's key, for an encrypted backup. */
  key?: BackupKey;
}

/**
 * Refuses a restore that could bring a forgotten person back: a backup knows nothing of erasures
 * made after it was taken, so a ledger kept outside it must say who they were, and a ledger that
 * was named but is gone is not read as "nobody".
 */
function assertErasuresKnown(manifest: BackupManifest, options: RestoreOptions): void {
  const ledgers = options.erasureLedgers ?? [];
  const missing = ledgers.filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new BackupError(
      `The erasure ledger ${missing.join(', ')} does not exist. It names everyone forgotten; without it, people forgotten after the backup was taken (${manifest.takenAt}) come back. ` +
        'Find it (or a copy), or restore with --no-erasures-since-backup only if nobody was forgotten since.',
    );
  }
  if (ledgers.length === 0 && !options.noErasuresSinceBackup) {
    throw new BackupError(
      `Nothing tells this restore who was forgotten after the backup was taken (${manifest.takenAt}): they would come back, name, e-mail, phone and sign-in. ` +
        'Set ERASURE_LEDGER to the shop\'s erasure ledger kept outside its data folder, or pass --erasures <old data folder>/erasures.jsonl, ' +
        'or, only if nobody was forgotten since, --no-erasures-since-backup.',
    );
  }
}

/**
 * Destroys, in the restored key store, the keys of everyone the ledgers name: the backup may be
 * older than their erasure. Copies the ledgers' union into the data folder, so the erasures go on
 * being kept. Returns how many keys were still there to destroy.
 */
async function reapplyErasures(backupDir: string, dataDir: string, ledgers: readonly string[]): Promise<{ reapplied: number; inLedgers: number }> {
  const subjects = [...(await erasedSubjects([join(backupDir, DATA_FOLDER.erasures), ...ledgers]))];
  if (subjects.length === 0) return { reapplied: 0, inLedgers: 0 };
  const keys = new SqliteKeyStore(join(dataDir, DATA_FOLDER.keyStore));
  try {
    const alive = [...(await keys.findKeys(subjects)).values()].filter((key) => key !== null).length;
    await keys.destroy(subjects);
    return { reapplied: alive, inLedgers: subjects.length };
  } finally {
    await keys.close();
  }
}

async function carryLedgers(backupDir: string, dataDir: string, ledgers: readonly string[]): Promise<void> {
  const lines = new Set<string>();
  for (const file of [join(backupDir, DATA_FOLDER.erasures), ...ledgers]) {
    if (!existsSync(file)) continue;
    for (const line of (await readFile(file, 'utf8')).split('\n')) if (line.trim()) lines.add(line);
  }
  if (lines.size > 0) await writeFile(join(dataDir, DATA_FOLDER.erasures), `${[...lines].join('\n')}\n`, { mode: 0o600 });
}

const PAGE = 1000;

/** True for the first event past the cut: the restored log is everything before it. */
function pastCut(cut: RestoreCut): (event: RecordedEvent) => boolean {
  const toTime = cut.toTime?.getTime();
  return (event) =>
    (cut.toPosition !== undefined && event.position > cut.toPosition) ||
    (toTime !== undefined && Date.parse(event.metadata.timestamp) > toTime);
}

const isCut = (cut: RestoreCut | undefined): cut is RestoreCut => cut?.toTime !== undefined || cut?.toPosition !== undefined;

/** Opens a scratch copy of the backup's log: the backup itself is never opened for writing. */
async function withScratchLog<T>(backupDir: string, scratchDir: string, use: (log: SqliteEventStore) => Promise<T>): Promise<T> {
  const copy = join(scratchDir, DATA_FOLDER.eventLog);
  await copyFile(join(backupDir, DATA_FOLDER.eventLog), copy);
  const log = new SqliteEventStore(copy);
  try {
    return await use(log);
  } finally {
    await log.close();
  }
}

/** Reads the log from its start and sorts it into what the cut keeps and what it drops. */
async function sortByCut(log: SqliteEventStore, cut: RestoreCut | undefined, manifest: BackupManifest): Promise<RestorePlan> {
  const beyond = isCut(cut) ? pastCut(cut) : () => false;
  const kept: RestorePlan['kept'] = { events: 0, lastPosition: '0' };
  const dropped: RestorePlan['dropped'] = { events: 0, byType: {} };
  for (let after = 0n; ; ) {
    const page = await log.readAll({ after, limit: PAGE });
    if (page.length === 0) break;
    for (const event of page) {
      if (dropped.events > 0 || beyond(event)) {
        dropped.events += 1;
        dropped.byType[event.type] = (dropped.byType[event.type] ?? 0) + 1;
        dropped.firstRecordedAt ??= event.metadata.timestamp;
        dropped.lastRecordedAt = event.metadata.timestamp;
      } else {
        kept.events += 1;
        kept.lastPosition = event.position.toString();
        kept.lastRecordedAt = event.metadata.timestamp;
      }
    }
    after = page[page.length - 1]!.position;
  }
  return { manifest, kept, dropped };
}

/** What restoring `backupDir` (to `cut`, if given) would keep and drop. Changes nothing. */
export async function planRestore(backupDir: string, cut?: RestoreCut, key?: BackupKey): Promise<RestorePlan> {
  const manifest = await verifyBackup(backupDir);
  const scratch = await mkdtemp(join(tmpdir(), 'shop-restore-plan-'));
  try {
    const source = await openedBackup(backupDir, manifest, join(scratch, 'opened'), key, [DATA_FOLDER.eventLog]);
    return await withScratchLog(source, scratch, (log) => sortByCut(log, cut, manifest));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * The folder to restore from: the backup itself, or for an encrypted one, `into` (a new private
 * folder) holding its files opened with the key (`only` those, when given). Every box is checked
 * (GCM tag) before anything is restored from it.
 */
async function openedBackup(backupDir: string, manifest: BackupManifest, into: string, key: BackupKey | undefined, only?: readonly string[]): Promise<string> {
  if (!manifest.encryption) return backupDir;
  if (!key) throw new BackupError(`${backupDir} is encrypted (key id ${manifest.encryption.keyId}): set BACKUP_KEY_FILE to the key file it was taken with`);
  if (key.id !== manifest.encryption.keyId) {
    throw new BackupError(`${backupDir} was encrypted with another key (key id ${manifest.encryption.keyId}; BACKUP_KEY_FILE holds key id ${key.id}): set BACKUP_KEY_FILE to the key file it was taken with`);
  }
  await mkdir(into, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  for (const { path } of manifest.files) {
    const name = path.slice(0, -ENCRYPTED_SUFFIX.length);
    if (!path.endsWith(ENCRYPTED_SUFFIX) || (only && !only.includes(name))) continue;
    await mkdir(dirname(join(into, name)), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await decryptFile(join(backupDir, path), join(into, name), name, key);
  }
  return into;
}

/**
 * Restores a backup into `dataDir`, which must be empty. Without a cut the data folder is put
 * back as it was backed up, read models included, and the shop serves at once. With a cut the
 * log is rebuilt from the backup's up to the cut (event ids, streams, revisions and times kept)
 * as a log of its own identity, and the read models are left out: the shop rebuilds them from
 * that log when it starts, so no checkpoint can be ahead of the log.
 *
 * Every erasure in the ledgers is applied again (see assertErasuresKnown for when it refuses),
 * and the restored folder is private (0600 files in 0700 folders).
 */
export async function restoreBackup(backupDir: string, dataDir: string, cut?: RestoreCut, options: RestoreOptions = {}): Promise<RestoreOutcome> {
  const manifest = await verifyBackup(backupDir);
  assertErasuresKnown(manifest, options);
  await assertEmptyFolder(dataDir, 'a backup is restored into an empty data folder only');
  const opened = join(dataDir, '.opening');
  try {
    const outcome = await restoreFrom(await openedBackup(backupDir, manifest, opened, options.key), manifest, dataDir, cut, options.erasureLedgers ?? []);
    await rm(opened, { recursive: true, force: true });
    await makeTreePrivate(dataDir);
    await syncTree(dataDir);
    return outcome;
  } finally {
    await rm(opened, { recursive: true, force: true });
  }
}

async function restoreFrom(backupDir: string, manifest: BackupManifest, dataDir: string, cut: RestoreCut | undefined, ledgers: readonly string[]): Promise<RestoreOutcome> {
  for (const folder of [DATA_FOLDER.secrets, DATA_FOLDER.uploads]) {
    if (existsSync(join(backupDir, folder))) await cp(join(backupDir, folder), join(dataDir, folder), { recursive: true });
  }
  if (existsSync(join(backupDir, DATA_FOLDER.keyStore))) await copyFile(join(backupDir, DATA_FOLDER.keyStore), join(dataDir, DATA_FOLDER.keyStore));
  const { reapplied: erasuresReapplied, inLedgers: erasuresInLedgers } = await reapplyErasures(backupDir, dataDir, ledgers);
  await carryLedgers(backupDir, dataDir, ledgers);
  if (!isCut(cut)) {
    await copyFile(join(backupDir, DATA_FOLDER.eventLog), join(dataDir, DATA_FOLDER.eventLog));
    // Read models taken before an erasure still show the person: then they are rebuilt from the
    // log instead, which reads them as forgotten.
    const readModels = existsSync(join(backupDir, DATA_FOLDER.readModels)) && erasuresReapplied === 0;
    if (readModels) await copyFile(join(backupDir, DATA_FOLDER.readModels), join(dataDir, DATA_FOLDER.readModels));
    const { lastPosition, lastRecordedAt } = manifest.log;
    return { lastPosition, ...(lastRecordedAt ? { lastRecordedAt } : {}), readModelsRestored: readModels, erasuresReapplied, erasuresInLedgers };
  }

  const scratch = join(dataDir, '.restoring');
  await assertEmptyFolder(scratch, 'the restore works in it');
  const lineFile = join(scratch, 'log.jsonl');
  const plan = await withScratchLog(backupDir, scratch, async (log) => {
    const sorted = await sortByCut(log, cut, manifest);
    const out = createWriteStream(lineFile, { flags: 'wx' });
    await exportLog(log, out, pastCut(cut));
    out.end();
    await finished(out);
    return sorted;
  });
  const restored = new SqliteEventStore(join(dataDir, DATA_FOLDER.eventLog));
  try {
    const { imported } = await importLog(restored, createInterface({ input: createReadStream(lineFile, { encoding: 'utf8' }), crlfDelay: Infinity }));
    if (imported !== plan.kept.events) throw new BackupError(`the restore copied ${imported} events where it meant to keep ${plan.kept.events}; the data folder is not usable`);
  } finally {
    await restored.close();
  }
  await rm(scratch, { recursive: true, force: true });
  return { ...plan.kept, readModelsRestored: false, erasuresReapplied, erasuresInLedgers };
}
