import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { chmod, mkdir, readdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';

/**
 * The shop's data (event log, read models, people's keys, secrets, erasure ledger, backups) is
 * for the account that runs the shop only: on a shared machine a file another local user can
 * read hands them every person's sealed fields together with the keys that open them. Files are
 * 0600 and their folders 0700, whatever the umask says.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Group or others may read, write or enter it. */
const looser = (mode: number) => (mode & 0o077) !== 0;

/**
 * Tightens `path` to `mode` when group or others have any access; returns a line saying what it
 * did (or could not do: a folder owned by someone else) for the caller to log, or null.
 */
export function tightenSync(path: string, mode: number): string | null {
  let current: number;
  try {
    current = statSync(path).mode & 0o777;
  } catch {
    return null;
  }
  if (!looser(current)) return null;
  try {
    chmodSync(path, mode);
    return `${path} was readable by other local users (mode ${current.toString(8)}): now ${mode.toString(8)}`;
  } catch (error) {
    return `${path} is readable by other local users (mode ${current.toString(8)}) and could not be tightened: ${String(error)}`;
  }
}

/**
 * Makes a data file private before a SQLite connection opens it: its folder is created 0700 (or
 * tightened), the file is created empty at 0600 when absent (SQLite then gives its -wal and -shm
 * files the same mode), and an existing file or sidecar with looser modes is tightened. Returns
 * a line per thing tightened, which the caller logs (an operator should know the data was exposed).
 */
export function makeFilePrivateSync(file: string, sidecars: readonly string[] = []): string[] {
  const folder = dirname(file);
  mkdirSync(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  const lines = [file, ...sidecars].map((path) => tightenSync(path, PRIVATE_FILE_MODE));
  // A shared folder (sticky, like /tmp) or one owned by another account is not the shop's to close.
  const { mode, uid } = statSync(folder);
  if ((mode & 0o1000) === 0 && uid === process.getuid?.()) lines.unshift(tightenSync(folder, PRIVATE_FOLDER_MODE));
  return lines.filter((line) => line !== null);
}

/** Says that data files were tightened, where a process's warnings go (stderr, and any 'warning' listener). */
export function reportTightened(lines: readonly string[]): void {
  for (const line of lines) process.emitWarning(line, { code: 'SHOP_DATA_FILE_MODE' });
}

/** Every file under `dir` 0600 and every folder (itself included) 0700: a backup or restored data folder before it is used. */
export async function makeTreePrivate(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  await chmod(dir, PRIVATE_FOLDER_MODE);
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) await chmod(path, PRIVATE_FOLDER_MODE);
    else if (entry.isFile()) await chmod(path, PRIVATE_FILE_MODE);
  }
}

/** True when `path` is `folder` or lies inside it (a ledger or key kept there is lost with it). */
export function isInsideFolder(path: string, folder: string): boolean {
  const rel = relative(resolve(folder), resolve(path));
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}
