import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import type { Context } from 'koa';
import multer from 'multer';
import { HttpError, currentUser, requireUser, sniffImage } from '@shop/platform';
import type { AccountRouteDeps } from './deps.ts';
import { ACCOUNTS_PROJECTION } from './deps.ts';
import { replyAs } from './reply-shapes.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_UPLOAD = 10;
const INVALID_IMAGE = 'Please select a valid JPG or PNG image file.';

interface UploadedPart {
  buffer: Buffer;
  size: number;
}

/**
 * Multipart parsing into memory with hard limits, so a request can never hold more than
 * 10 × 5 MB. (multer directly, wrapped like @koa/multer does: @koa/multer ships no types.)
 */
const parseImages = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_IMAGE_BYTES, files: MAX_IMAGES_PER_UPLOAD, fields: 20, parts: MAX_IMAGES_PER_UPLOAD + 20 },
}).array('images', MAX_IMAGES_PER_UPLOAD);

function readImages(ctx: Context): Promise<UploadedPart[]> {
  return new Promise((resolve, reject) => {
    parseImages(ctx.req as never, ctx.res as never, (error?: unknown) => {
      if (error instanceof multer.MulterError) {
        const msg = error.code === 'LIMIT_FILE_COUNT' ? `Please select at most ${MAX_IMAGES_PER_UPLOAD} images.` : INVALID_IMAGE;
        return reject(new HttpError(400, { error: true, msg }));
      }
      if (error) return reject(new HttpError(400, { error: true, msg: INVALID_IMAGE }));
      resolve((ctx.req as unknown as { files?: UploadedPart[] }).files ?? []);
    });
  });
}

/** Avatar uploads: stored through the files port, recorded on the account stream. */
export function uploadRoutes(router: Router, deps: AccountRouteDeps): void {
  const signedIn = requireUser(deps.tokens);

  router.post('/user/upload', signedIn, replyAs('error'), async (ctx) => {
    const { userId } = currentUser(ctx);
    if (!ctx.is('multipart/form-data')) throw new HttpError(400, { error: true, msg: INVALID_IMAGE });
    const parts = await readImages(ctx);
    if (parts.length === 0) throw new HttpError(400, { error: true, msg: 'Please select an image to upload.' });
    // Judge every file by its bytes before storing any, so a bad file stores nothing.
    const sniffed = await Promise.all(parts.map((part) => sniffImage(part.buffer)));
    if (sniffed.some((type) => type === null)) throw new HttpError(400, { error: true, msg: INVALID_IMAGE });
    const urls: string[] = [];
    for (const [index, part] of parts.entries()) {
      const type = sniffed[index]!;
      const stored = await deps.files.put(`avatars/${userId}/${randomUUID()}.${type.ext}`, part.buffer, type.mime);
      urls.push(stored.url);
    }
    const result = await deps.accounts.recordUpload(userId, urls);
    await deps.awaitProjections(result.position, ACCOUNTS_PROJECTION);
    ctx.status = 201;
    ctx.body = urls.map((url) => deps.publicUrls.url(url));
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
