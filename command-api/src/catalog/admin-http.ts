import type { Context } from 'koa';
import type { z } from 'zod';
import { isId } from '@shop/contracts';
import { HttpError, type FileStore } from '@shop/platform';
import { bodyOf, type CommandDeps } from '../shared/http.ts';
import { refusalReply } from '../shared/refusals.ts';
import type { CatalogCommands } from './commands.ts';

/** What the back office's catalog routes need from the composition root. */
export interface AdminCatalogDeps extends CommandDeps {
  catalog: CatalogCommands;
  files: FileStore;
}

/** The back office's refusals: the usual status, `{ error: true, msg }`. */
export const adminRefusal = refusalReply((msg) => ({ error: true, msg }));

/** A body that does not parse: 400 naming the first field at fault. */
export function parseBody<S extends z.ZodType>(schema: S, ctx: Context): z.infer<S> {
  const result = schema.safeParse(bodyOf(ctx));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.');
  throw new HttpError(400, { error: true, msg: field ? `${field}: ${issue!.message}` : (issue?.message ?? 'Invalid request') });
}

/** A path id (`:id`, `:subId`): anything but an id answers 404 with `notFound`, like an unknown one. */
export function idParam(ctx: Context, name: string, notFound: string): string {
  const id = (ctx.params as Record<string, string | undefined>)[name];
  if (!isId(id)) throw new HttpError(404, { error: true, msg: notFound });
  return id;
}

/**
 * Image references a form sends: a URL read from one of our replies goes back to the path our
 * records hold; anything but a path on this site or an https URL is refused (no `javascript:` or
 * `data:` reference ever reaches a storefront page, and no plain-http picture that anyone on the
 * way could swap, which every visitor's page would load).
 */
export function imageRefs(deps: CommandDeps, images: string[]): string[] {
  return images.map((image) => {
    const ref = deps.publicUrls.path(image);
    if (!isImageRef(ref)) throw new HttpError(400, { error: true, msg: IMAGE_REF_MSG });
    return ref;
  });
}

export const IMAGE_REF_MSG = 'images: each image must be a path on this site (such as /uploads/…) or an https:// URL';

/** A path on this site (not `//host`, another site) or an https URL; no spaces or controls. */
export function isImageRef(ref: string): boolean {
  return /^\/(?!\/)\S*$/.test(ref) || /^https:\/\/\S+$/.test(ref);
}
