import { copyFile, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { SAFE_FILE_KEY, type FileStore, type StoredFile, type StoredFileInfo } from './port.ts';

/** Files under one folder (DATA_DIR/uploads), served by the shop itself under `urlPrefix`. */
export class LocalFolderFiles implements FileStore {
  /** Under the root, so a staged upload is moved in by a rename; `.incoming` is no valid key, so never served. */
  readonly stagingDir: string;

  constructor(
    readonly root: string,
    private readonly urlPrefix = '/uploads',
  ) {
    this.stagingDir = join(root, '.incoming');
  }

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<StoredFile> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, bytes, { flag: 'wx', flush: true });
    await syncDir(dirname(file));
    return { key, url: `${this.urlPrefix}/${key}` };
  }

  async putFile(key: string, sourcePath: string, _contentType: string): Promise<StoredFile> {
    const file = this.path(key);
    await mkdir(dirname(file), { recursive: true });
    // The bytes reach the disk before the name does, and the name before the caller's event.
    await syncFile(sourcePath);
    try {
      await rename(sourcePath, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // A staging folder on another disk: copy, make the copy durable, drop the source.
      await copyFile(sourcePath, file);
      await syncFile(file);
      await rm(sourcePath, { force: true });
    }
    await syncDir(dirname(file));
    return { key, url: `${this.urlPrefix}/${key}` };
  }

  async list(prefix: string): Promise<StoredFileInfo[]> {
    const folder = join(this.root, prefix);
    let names: string[];
    try {
      names = await readdir(folder, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const found: StoredFileInfo[] = [];
    for (const name of names) {
      const key = relative(this.root, join(folder, name)).split(sep).join('/');
      // Folders, the staging folder and anything else that is not one of our keys.
      if (!key.startsWith(prefix) || !SAFE_FILE_KEY.test(key)) continue;
      const info = await stat(join(this.root, key)).catch(() => null);
      if (info?.isFile()) found.push({ key, bytes: info.size, modifiedAt: info.mtime });
    }
    return found;
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  keyOf(url: string): string | null {
    const prefix = `${this.urlPrefix}/`;
    if (!url.startsWith(prefix)) return null;
    const key = url.slice(prefix.length);
    return SAFE_FILE_KEY.test(key) ? key : null;
  }

  private path(key: string): string {
    if (!SAFE_FILE_KEY.test(key)) throw new Error(`Unsafe file key: ${key}`);
    return join(this.root, key);
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes a new name in `dir` durable (the entry, not only the file's bytes). */
async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
