import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Context } from 'koa';
import multer from 'multer';
import { HttpError } from '@shop/platform';

/** Image uploads as every upload route reads them (avatars, the back office's catalog images). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_UPLOAD = 10;
export const INVALID_IMAGE = 'Please select a valid JPG or PNG image file.';

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
