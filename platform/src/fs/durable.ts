import { randomUUID } from 'node:crypto';
import { closeSync, fsyncSync, openSync } from 'node:fs';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writing files that must survive power loss once the write is acknowledged. A file's data is
 * only safe after fsync, and a new name (a create or a rename) only after fsync of the folder
 * that holds it; without both, an OS crash can leave an empty file or no file at all.
 */

/** fsync a folder, which makes the names created, renamed or removed in it durable. */
export function syncDirectorySync(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** mkdir -p whose new folders are durable: each one's name is synced in its parent. */
export async function makeDirectoryDurably(dir: string, mode?: number): Promise<void> {
  const first = await mkdir(dir, { recursive: true, ...(mode === undefined ? {} : { mode }) });
  if (first === undefined) return;
  for (let created = dir; ; created = dirname(created)) {
    await syncDirectory(dirname(created));
    if (created === first || dirname(created) === created) break;
  }
}

/**
 * Writes `data` as `file` durably and atomically: into a temp file beside it (a dot-name with
 * another ending, so readers listing the folder skip it), fsync, rename over `file`, fsync the
 * folder. Readers see no file or the whole file, never a part of it.
 */
export async function writeFileDurably(file: string, data: string | Uint8Array, { mode = 0o600 }: { mode?: number } = {}): Promise<void> {
  const dir = dirname(file);
  const temp = join(dir, `.${basename(file)}.${randomUUID()}.tmp`);
  const handle = await open(temp, 'wx', mode);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}
