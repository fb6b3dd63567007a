import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { readSqliteLogFacts } from '@shop/platform/event-store/sqlite';
import { syncDirectory } from '@shop/platform/fs/durable';
import { makeTreePrivate, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '@shop/platform/fs/private';
import { snapshotSqliteFile } from '@shop/platform/sqlite/snapshot';
import { DATA_FOLDER } from '../data-folder.ts';
import { encryptFile, ENCRYPTED_SUFFIX, type BackupKey } from './backup-key.ts';

/**
 * A backup of the embedded shop: a folder holding a consistent copy of the data folder (event
 * log, read models, token secret, uploads) and a manifest naming the log it copied, how far
 * that log went, and a checksum of every file, written last: a folder without a manifest is a
 * backup that did not finish. The manifest names no person and holds no key, so it stays in
 * clear in an encrypted backup (format 2, every other file sealed: backup-key.ts), and a
 * backup is checked without its key.
 */
export const MANIFEST_FILE = 'manifest.json';

export const backupManifest = z.object({
  format: z.union([z.literal(1), z.literal(2)]),
  takenAt: z.iso.datetime(),
  /** Format 2: every file is `<path>.enc`, sealed under the key this id names. */
  encryption: z.object({ cipher: z.literal('aes-256-gcm'), keyId: z.string().regex(/^[0-9a-f]{16}$/) }).optional(),
  log: z.object({
    /** The copied log's identity: a restored shop keeps it, so its copied read models stay valid. */
    identity: z.string().min(1),
    /** The position of the newest event in the copy (a string: positions outgrow JSON numbers). */
    lastPosition: z.string().regex(/^\d+$/),
    lastRecordedAt: z.string().optional(),
  }),
  files: z.array(z.object({ path: z.string().min(1), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** A backup that cannot be taken or used, with what to do about it. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Every file under `dir`, as paths relative to it, in a stable order. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** fsync every file under `dir` and every folder holding one: the copy survives a power cut once this returns. */
export async function syncTree(dir: string): Promise<void> {
  const folders = new Set<string>([dir]);
  for (const path of await filesUnder(dir)) {
    const handle = await open(join(dir, path), 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    for (let folder = dirname(join(dir, path)); folder.startsWith(dir); folder = dirname(folder)) folders.add(folder);
  }
  for (const folder of folders) await syncDirectory(folder);
}

/** `dir` exists, is empty, and is private to this account (0700) before anything is put in it. */
export async function assertEmptyFolder(dir: string, why: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  if ((await readdir(dir)).length > 0) throw new BackupError(`${dir} is not empty: ${why}`);
  await makeTreePrivate(dir);
}

/**
 * Backs up the data folder of a shop that may be serving meanwhile into `dest` (a new or empty
 * folder). The read models are copied before the log, so the copied checkpoints are never
 * ahead of the copied log: a restored shop catches up from them rather than skip events.
 * Uploads and the secret are copied after the log, so every picture an event of the copy names
 * is in it (a picture uploaded after the log was copied is harmless extra).
 *
 * Every file is 0600 in 0700 folders. With a key, the copy is first taken into a private folder
 * inside the data folder (which holds the same bytes in clear already: the backup volume never
 * does, not even as freed blocks) and sealed file by file into `dest`.
 */
export async function takeBackup(dataDir: string, dest: string, { now = () => new Date(), key }: { now?: () => Date; key?: BackupKey } = {}): Promise<BackupManifest> {
  if (!existsSync(join(dataDir, DATA_FOLDER.eventLog))) throw new BackupError(`${dataDir} holds no event log (${DATA_FOLDER.eventLog}): there is nothing to back up`);
  await assertEmptyFolder(dest, 'a backup goes into a new folder, never over another one');
  const takenAt = now().toISOString();
  if (!key) {
    await copyDataFolder(dataDir, dest);
    return writeManifest(dest, takenAt, readSqliteLogFacts(join(dest, DATA_FOLDER.eventLog)), undefined);
  }
  const staging = await mkdtemp(join(dataDir, '.backup-'));
  try {
    await copyDataFolder(dataDir, staging);
    const facts = readSqliteLogFacts(join(staging, DATA_FOLDER.eventLog));
    for (const path of await filesUnder(staging)) {
      await mkdir(dirname(join(dest, path)), { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await encryptFile(join(staging, path), join(dest, path + ENCRYPTED_SUFFIX), path, key);
    }
    return await writeManifest(dest, takenAt, facts, key);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** The consistent copy of the data folder (see takeBackup), into the empty folder `dest`. */
async function copyDataFolder(dataDir: string, dest: string): Promise<void> {
  const log = join(dataDir, DATA_FOLDER.eventLog);
  const readModels = join(dataDir, DATA_FOLDER.readModels);
  if (existsSync(readModels)) snapshotSqliteFile(readModels, join(dest, DATA_FOLDER.readModels));
  snapshotSqliteFile(log, join(dest, DATA_FOLDER.eventLog));
  // After the log: a key is stored before the first event sealed with it is appended, so every
  // event of the log's copy finds its key in this one.
  const keyStore = join(dataDir, DATA_FOLDER.keyStore);
  if (existsSync(keyStore)) snapshotSqliteFile(keyStore, join(dest, DATA_FOLDER.keyStore));
  if (existsSync(join(dataDir, DATA_FOLDER.erasures))) await cp(join(dataDir, DATA_FOLDER.erasures), join(dest, DATA_FOLDER.erasures));
  for (const folder of [DATA_FOLDER.secrets, DATA_FOLDER.uploads]) {
    if (existsSync(join(dataDir, folder))) await cp(join(dataDir, folder), join(dest, folder), { recursive: true });
  }
  await makeTreePrivate(dest);
}

/** Checksums every file of the finished backup `dest`, then writes its manifest, last. */
async function writeManifest(dest: string, takenAt: string, facts: ReturnType<typeof readSqliteLogFacts>, key: BackupKey | undefined): Promise<BackupManifest> {
  const files: BackupManifest['files'] = [];
  for (const path of await filesUnder(dest)) {
    files.push({ path, bytes: (await stat(join(dest, path))).size, sha256: await sha256Of(join(dest, path)) });
  }
  const manifest: BackupManifest = {
    format: key ? 2 : 1,
    takenAt,
    ...(key ? { encryption: { cipher: 'aes-256-gcm' as const, keyId: key.id } } : {}),
    log: { identity: facts.identity, lastPosition: facts.head.toString(), ...(facts.lastRecordedAt ? { lastRecordedAt: facts.lastRecordedAt } : {}) },
    files,
  };
  await syncTree(dest);
  // The manifest last, once everything it vouches for is on disk.
  await writeFile(join(dest, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  await syncTree(dest);
  return manifest;
}

/**
 * The manifest of a complete, intact backup: every file it lists is there with its size and
 * checksum, and no file was added. Refuses anything else, naming what is wrong.
 */
export async function verifyBackup(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${dir} has no ${MANIFEST_FILE}: it is not a backup, or one that did not finish`);
  }
  const parsed = backupManifest.safeParse(JSON.parse(text));
  if (!parsed.success) throw new BackupError(`${join(dir, MANIFEST_FILE)} is not a backup manifest this release reads`);
  const manifest = parsed.data;
  const problems: string[] = [];
  const listed = new Set(manifest.files.map((file) => file.path));
  for (const file of manifest.files) {
    const path = join(dir, file.path);
    if (!existsSync(path)) problems.push(`${file.path} is missing`);
    else if ((await stat(path)).size !== file.bytes || (await sha256Of(path)) !== file.sha256) problems.push(`${file.path} differs from the copy the backup took`);
  }
  for (const path of await filesUnder(dir)) if (path !== MANIFEST_FILE && !listed.has(path)) problems.push(`${path} is not part of the backup`);
  const eventLog = manifest.encryption ? DATA_FOLDER.eventLog + ENCRYPTED_SUFFIX : DATA_FOLDER.eventLog;
  if (!manifest.files.some((file) => file.path === eventLog)) problems.push(`the backup holds no event log`);
  if ((manifest.format === 2) !== (manifest.encryption !== undefined)) problems.push(`its manifest does not say how it is encrypted`);
  if (problems.length) throw new BackupError(`${dir} is damaged: ${problems.join('; ')}. Restore from another backup.`);
  return manifest;
}
