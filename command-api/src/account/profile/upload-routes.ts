import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type Router from '@koa/router';
import { HttpError, currentUser, requireUser, sniffImageFile, type StoredFile } from '@shop/platform';
import type { AccountRouteDeps } from '../deps.ts';
import { ACCOUNTS_PROJECTION } from '../deps.ts';
import { INVALID_IMAGE, imageParser, readImages, type UploadedPart } from '../../shared/image-upload.ts';
import { MSG } from '../errors.ts';
import { replyAs } from '../reply-shapes.ts';

/** Uploads the whole process reads at once; more are told to try again shortly. */
export const MAX_CONCURRENT_UPLOADS = 4;
const BUSY = 'Too many uploads right now. Please try again in a moment.';
const ONE_AT_A_TIME = 'Please wait for your current upload to finish.';

/** Avatar uploads: stored through the files port, recorded on the account stream. */
export function uploadRoutes(router: Router, deps: AccountRouteDeps): void {
  const signedIn = requireUser(deps.tokens);

  const parse = imageParser(deps.files.stagingDir);
  /** Users with an upload in progress: one each, so the quota checked before reading holds after. */
  const uploading = new Set<string>();

  router.post('/user/upload', signedIn, replyAs('error'), async (ctx) => {
    const { userId } = currentUser(ctx);
    if (!ctx.is('multipart/form-data')) throw new HttpError(400, { error: true, msg: INVALID_IMAGE });
    // Refused before a byte of the body is read: a busy shop, a second upload of the same user.
    if (uploading.has(userId)) throw new HttpError(429, { error: true, msg: ONE_AT_A_TIME });
    if (uploading.size >= MAX_CONCURRENT_UPLOADS) {
      ctx.set('Retry-After', '5');
      throw new HttpError(503, { error: true, msg: BUSY });
    }
    uploading.add(userId);
    let parts: UploadedPart[] = [];
    try {
      const left = await deps.accounts.uploadsLeft(userId);
      if (left <= 0) throw new HttpError(413, { error: true, msg: MSG.uploadQuota });
      parts = await readImages(ctx, parse);
      if (parts.length === 0) throw new HttpError(400, { error: true, msg: 'Please select an image to upload.' });
      if (parts.length > left) throw new HttpError(413, { error: true, msg: MSG.uploadQuota });
      // Judge every file by its bytes before storing any, so a bad file stores nothing.
      const sniffed = await Promise.all(parts.map((part) => sniffImageFile(part.path)));
      if (sniffed.some((type) => type === null)) throw new HttpError(400, { error: true, msg: INVALID_IMAGE });
      // Each file is durable in the store before the event that names it is appended.
      const stored: StoredFile[] = [];
      for (const [index, part] of parts.entries()) {
        const type = sniffed[index]!;
        stored.push(await deps.files.putFile(`avatars/${userId}/${randomUUID()}.${type.ext}`, part.path, type.mime));
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
    for (const url of result.unused) {
      const key = deps.files.keyOf(url);
      // Best effort: a file left behind is only wasted space, never a wrong answer.
      if (key) await deps.files.delete(key).catch((error: unknown) => deps.logger.warn({ err: error, key }, 'upload not deleted'));
    }
    await deps.awaitProjections(result.position, ACCOUNTS_PROJECTION);
    ctx.body = { success: true, message: 'Images deleted' };
  });
}
