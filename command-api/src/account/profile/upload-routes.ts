import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type Router from '@koa/router';
import { HttpError, currentUser, requireUser, sniffImageFile, type FileStore, type StoredFile } from '@shop/platform';
import type { AccountRouteDeps } from '../deps.ts';
import { ACCOUNTS_PROJECTION } from '../deps.ts';
import { INVALID_IMAGE, imageParser, readImagesWithin, type UploadedPart } from '../../shared/image-upload.ts';
import { MSG } from '../errors.ts';
import { replyAs } from '../reply-shapes.ts';

const BUSY = 'Too many uploads right now. Please try again in a moment.';
const ONE_AT_A_TIME = 'Please wait for your current upload to finish.';
const bytesQuotaMsg = (quota: number) =>
  `Your images use all of the ${(quota / (1024 * 1024)).toFixed(0)} MB of space you have. Please delete your uploaded images before uploading more.`;

/** Where a user's avatar files live in the store: one folder per user, so its size is the user's usage. */
export const avatarFolder = (userId: string) => `avatars/${userId}/`;

/**
 * Avatar uploads: stored through the files port, recorded on the account stream. Each user has a
 * count quota (the decider's) and a byte quota (the size of the user's folder), holds one upload
 * slot at a time, and a body must arrive within the upload deadline; the whole process reads at
 * most `UPLOAD_SLOTS` bodies at once, so a few slow clients can not take every slot.
 */
export function uploadRoutes(router: Router, deps: AccountRouteDeps): void {
  const signedIn = requireUser(deps.tokens);
  const { UPLOAD_SLOTS, UPLOAD_BODY_TIMEOUT_MS, UPLOAD_QUOTA_BYTES } = deps.config;

  const parse = imageParser(deps.files.stagingDir);
  /** Users with an upload in progress: one each, so the quotas checked before reading hold after. */
  const uploading = new Set<string>();

  router.post('/user/upload', signedIn, replyAs('error'), async (ctx) => {
    const { userId } = currentUser(ctx);
    if (!ctx.is('multipart/form-data')) throw new HttpError(400, { error: true, msg: INVALID_IMAGE });
    // Refused before a byte of the body is read: a busy shop, a second upload of the same user.
    if (uploading.has(userId)) throw new HttpError(429, { error: true, msg: ONE_AT_A_TIME });
    if (uploading.size >= UPLOAD_SLOTS) {
      ctx.set('Retry-After', '5');
      throw new HttpError(503, { error: true, msg: BUSY });
    }
    uploading.add(userId);
    let parts: UploadedPart[] = [];
    try {
      const left = await deps.accounts.uploadsLeft(userId);
      if (left <= 0) throw new HttpError(413, { error: true, msg: MSG.uploadQuota });
      const used = await bytesStored(deps.files, userId);
      if (used >= UPLOAD_QUOTA_BYTES) throw new HttpError(413, { error: true, msg: bytesQuotaMsg(UPLOAD_QUOTA_BYTES) });
      parts = await readImagesWithin(ctx, parse, UPLOAD_BODY_TIMEOUT_MS);
      if (parts.length === 0) throw new HttpError(400, { error: true, msg: 'Please select an image to upload.' });
      if (parts.length > left) throw new HttpError(413, { error: true, msg: MSG.uploadQuota });
      if (used + parts.reduce((sum, part) => sum + part.size, 0) > UPLOAD_QUOTA_BYTES) {
        throw new HttpError(413, { error: true, msg: bytesQuotaMsg(UPLOAD_QUOTA_BYTES) });
      }
      // Judge every file by its bytes before storing any, so a bad file stores nothing.
      const sniffed = await Promise.all(parts.map((part) => sniffImageFile(part.path)));
      if (sniffed.some((type) => type === null)) throw new HttpError(400, { error: true, msg: INVALID_IMAGE });
      // Each file is durable in the store before the event that names it is appended.
      const stored: StoredFile[] = [];
      for (const [index, part] of parts.entries()) {
        const type = sniffed[index]!;
        stored.push(await deps.files.putFile(`${avatarFolder(userId)}${randomUUID()}.${type.ext}`, part.path, type.mime));
      }
      const urls = stored.map((file) => file.url);
      const result = await deps.accounts.recordUpload(userId, urls).catch(async (error: unknown) => {
        // Refused (the quota): the files no event names are removed again.
        await Promise.all(stored.map((file) => deps.files.delete(file.key).catch(() => undefined)));
        throw error;
      });
      await deps.awaitProjections(result.position, ACCOUNTS_PROJECTION);
      ctx.status = 201;
      ctx.body = urls.map((url) => deps.publicUrls.url(url));
    } finally {
      uploading.delete(userId);
      // Whatever was not taken into the store (a refused upload) leaves the staging folder.
      await Promise.all(parts.map((part) => rm(part.path, { force: true })));
    }
  });

  router.delete('/imageUpload/deleteAllImages', signedIn, replyAs('error'), async (ctx) => {
    const { userId } = currentUser(ctx);
    const result = await deps.accounts.clearUploads(userId);
    await deleteUnnamedFiles(deps, result.unused);
    await deps.awaitProjections(result.position, ACCOUNTS_PROJECTION);
    ctx.body = { success: true, message: 'Images deleted' };
  });
}

/** Bytes of the files in a user's avatar folder: what the byte quota counts. */
async function bytesStored(files: FileStore, userId: string): Promise<number> {
  return (await files.list(avatarFolder(userId))).reduce((sum, file) => sum + file.bytes, 0);
}

/**
 * Deletes the files of images no record names any more, once the event that dropped them is on
 * disk. Best effort: a file left behind is only wasted space (the start-up sweep takes it), never
 * a wrong answer.
 */
export async function deleteUnnamedFiles(deps: Pick<AccountRouteDeps, 'files' | 'logger'>, urls: readonly string[]): Promise<void> {
  for (const url of urls) {
    const key = deps.files.keyOf(url);
    if (key) await deps.files.delete(key).catch((error: unknown) => deps.logger.warn({ err: error, key }, 'upload not deleted'));
  }
}
