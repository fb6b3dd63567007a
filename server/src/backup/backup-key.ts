import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE } from '@shop/platform/fs/private';

/**
 * Encrypted backups: each file of the backup is one AES-256-GCM box under a 32-byte key the
 * operator keeps apart from the backups (BACKUP_KEY_FILE: 64 hex digits, e.g. from
 * `openssl rand -hex 32`), so a stolen backup volume holds no readable person, key or secret.
 *
 * A box is the file `<path>.enc`: a 12-byte random IV, the ciphertext, then the 16-byte tag,
 * with the file's path inside the backup (e.g. `events.db`) as associated data, so a box moved
 * to another name does not open. Decrypting one by hand needs only Node (docs/operations.md).
 */
export const ENCRYPTED_SUFFIX = '.enc';
const CIPHER = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface BackupKey {
  key: Buffer;
  /** Names the key without revealing it: a manifest records it, so a restore with another key says so. */
  id: string;
}

export class BackupKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupKeyError';
  }
}

export function backupKeyOf(key: Buffer): BackupKey {
  return { key, id: createHash('sha256').update('shop backup key id\n').update(key).digest('hex').slice(0, 16) };
}

/** Reads BACKUP_KEY_FILE: 64 hex digits (surrounding white space ignored). */
export async function loadBackupKey(file: string): Promise<BackupKey> {
  let text: string;
  try {
    text = (await readFile(file, 'utf8')).trim();
  } catch (error) {
    throw new BackupKeyError(`The backup key file ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}).`);
  }
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new BackupKeyError(`The backup key file ${file} must hold 64 hex digits (32 bytes), e.g. made by: openssl rand -hex 32`);
  return backupKeyOf(Buffer.from(text, 'hex'));
}

/** Seals `source` into `dest` (a new file, 0600), bound to `name`, its path inside the backup. */
export async function encryptFile(source: string, dest: string, name: string, { key }: BackupKey): Promise<void> {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(CIPHER, key, iv);
  cipher.setAAD(Buffer.from(name, 'utf8'));
  const out = createWriteStream(dest, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  out.write(iv);
  await pipeline(createReadStream(source), cipher, out, { end: false });
  out.end(cipher.getAuthTag());
  await new Promise<void>((done, fail) => out.once('finish', done).once('error', fail));
}

/**
 * Opens the box `source` into `dest` (a new file, 0600). The tag is checked at the end, so a
 * box that does not open (another key, a changed byte, another name) leaves no `dest` behind.
 */
export async function decryptFile(source: string, dest: string, name: string, { key }: BackupKey): Promise<void> {
  const handle = await open(source, 'r');
  let iv: Buffer;
  let tag: Buffer;
  let size: number;
  try {
    size = (await handle.stat()).size;
    if (size < IV_BYTES + TAG_BYTES) throw new BackupKeyError(`${source} is too short to be an encrypted backup file`);
    iv = Buffer.alloc(IV_BYTES);
    tag = Buffer.alloc(TAG_BYTES);
    await handle.read(iv, 0, IV_BYTES, 0);
    await handle.read(tag, 0, TAG_BYTES, size - TAG_BYTES);
  } finally {
    await handle.close();
  }
  const decipher = createDecipheriv(CIPHER, key, iv);
  decipher.setAAD(Buffer.from(name, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    // An empty file's box holds no ciphertext (a read stream cannot be asked for zero bytes).
    const ciphertext = size > IV_BYTES + TAG_BYTES ? createReadStream(source, { start: IV_BYTES, end: size - TAG_BYTES - 1 }) : Readable.from([]);
    await pipeline(ciphertext, decipher, createWriteStream(dest, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  } catch {
    await rm(dest, { force: true });
    throw new BackupKeyError(`${source} does not open with the backup key: the key is not the one it was taken with, or the file was changed`);
  }
}

