import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import type Router from '@koa/router';
import type { Context } from 'koa';
import multer from 'multer';
import { HttpError, currentUser, requireUser, sniffImageFile, type StoredFile } from '@shop/platform';
import type { AccountRouteDeps } from '../deps.ts';
import { ACCOUNTS_PROJECTION } from '../deps.ts';
import { MSG } from '../errors.ts';
import { replyAs } from '../reply-shapes.ts';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_UPLOAD = 10;
/** Uploads the whole process reads at once; more are told to try again shortly. */
export const MAX_CONCURRENT_UPLOADS = 4;
export const INVALID_IMAGE = 'Please select a valid JPG or PNG image file.';
const BUSY = 'Too many uploads right now. Please try again in a moment.';
const ONE_AT_A_TIME = 'Please wait for your current upload to finish.';

export interface UploadedPart {
  /** The streamed file in the store's staging folder. */
  path: string;
  size: number;
}

/**
 * Multipart parsing straight to disk (the store's staging folder), with hard limits: at most
 * 10 files of 5 MB, and small text fields (the form has none the shop reads), so a request holds
 * a few kilobytes of memory whatever it sends. (multer directly, wrapped like @koa/multer does:
 * @koa/multer ships no types.)
 */
export function imageParser(stagingDir: string) {
  return multer({
    storage: multer.diskStorage({
      destination: (_req, _file, done) => {
        mkdir(stagingDir, { recursive: true }).then(() => done(null, stagingDir), (error: Error) => done(error, stagingDir));
      },
      // Our own name: the client's file name never reaches the disk.
      filename: (_req, _file, done) => done(null, randomUUID()),
    }),
    limits: {
      fileSize: MAX_IMAGE_BYTES,
      files: MAX_IMAGES_PER_UPLOAD,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: MAX_IMAGES_PER_UPLOAD + 10,
      headerPairs: 20,
    },
  }).array('images', MAX_IMAGES_PER_UPLOAD);
}

export function readImages(ctx: Context, parse: ReturnType<typeof imageParser>): Promise<UploadedPart[]> {
  return new Promise((resolve, reject) => {
    // On an error multer has already removed the files it wrote.
    parse(ctx.req as never, ctx.res as never, (error?: unknown) => {
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
