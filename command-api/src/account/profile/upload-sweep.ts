import type { FileStore, Logger, StoredFileInfo } from '@shop/platform';
import type { AccountCommands } from '../commands.ts';

/**
 * How old an unnamed avatar file must be before the sweep deletes it: an upload stores its files
 * before the event that names them is appended, so a young file may be one whose event is on its way.
 */
export const UNNAMED_UPLOAD_GRACE_MS = 60 * 60 * 1000;

/**
 * Deletes avatar files no account names (neither an upload record nor a profile): left by a crash
 * between storing a file and its event, or by a deletion that failed. Run at start-up; decides
 * from each account's own stream, so a read model being rebuilt never makes a named file look
 * unnamed. Returns how many files it deleted.
 */
export async function sweepUnnamedAvatars(
  deps: { files: FileStore; accounts: Pick<AccountCommands, 'imagesNamed'>; logger: Pick<Logger, 'warn'> },
  options: { now?: Date; graceMs?: number } = {},
): Promise<number> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? UNNAMED_UPLOAD_GRACE_MS);
  const oldByUser = new Map<string, StoredFileInfo[]>();
  for (const file of await deps.files.list('avatars/')) {
    if (file.modifiedAt.getTime() >= cutoff) continue;
    // avatars/<userId>/<file>: the folder names the account the file was uploaded by.
    const userId = file.key.split('/')[1]!;
    oldByUser.set(userId, [...(oldByUser.get(userId) ?? []), file]);
  }
  let deleted = 0;
  for (const [userId, files] of oldByUser) {
    const named = new Set([...(await deps.accounts.imagesNamed(userId))].map((url) => deps.files.keyOf(url)));
    for (const file of files) {
      if (named.has(file.key)) continue;
      try {
        await deps.files.delete(file.key);
        deleted += 1;
      } catch (error) {
        deps.logger.warn({ err: error, key: file.key }, 'unnamed upload not deleted');
      }
    }
  }
  return deleted;
}
