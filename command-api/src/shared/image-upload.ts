import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'koa';
import multer from 'multer';
import { HttpError } from '@shop/platform';

/** Image uploads as every upload route reads them (avatars, the back office's catalog images). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_UPLOAD = 10;
export const INVALID_IMAGE = 'Please select a valid JPG or PNG image file.';
const TOO_SLOW = 'The upload took too long. Please try again on a faster connection or with a smaller image.';

export interface UploadedPart {
  /** The streamed file in the store's staging folder. */
  path: string;
  size: number;
}

/** The staging files each request's parser opened, so an upload cut off at its deadline leaves none. */
const staged = new WeakMap<object, string[]>();

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
      filename: (req, _file, done) => {
        const name = randomUUID();
        staged.set(req, [...(staged.get(req) ?? []), join(stagingDir, name)]);
        done(null, name);
      },
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

/**
 * `readImages` with a deadline for the whole body: a client that trickles its upload (a byte every
 * few seconds) would hold an upload slot until Node's own request timeout, minutes later. Past
 * `ms` it gets 408 and its connection is closed, which makes the parser drop what it staged.
 */
export function readImagesWithin(ctx: Context, parse: ReturnType<typeof imageParser>, ms: number): Promise<UploadedPart[]> {
  let late = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      late = true;
      ctx.set('Connection', 'close');
      // Once the 408 is out, the connection goes, and with it the partial files.
      ctx.res.once('finish', () => {
        ctx.req.destroy();
        void Promise.all((staged.get(ctx.req) ?? []).map((path) => rm(path, { force: true })));
      });
      reject(new HttpError(408, { error: true, msg: TOO_SLOW }));
    }, ms);
  });
  const parts = readImages(ctx, parse).then((read) => {
    // Finished just after the deadline answered: nobody takes these files.
    if (late) void Promise.all(read.map((part) => rm(part.path, { force: true })));
    return read;
  });
  return Promise.race([parts, deadline]).finally(() => clearTimeout(timer));
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
