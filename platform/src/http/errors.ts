import type { Context, Next } from 'koa';
import type { z } from 'zod';
import type { Logger } from '../logger.ts';

/**
 * An error that already knows its reply: HTTP status plus the body in the shape the original
 * client reads for that route (`{ error: true, msg }`, `{ status: false, msg }`, ...).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.msg === 'string' ? body.msg : typeof body.message === 'string' ? body.message : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

/** The default failure shape: `{ error: true, msg }`. */
export const failure = (status: number, msg: string) => new HttpError(status, { error: true, msg });

/**
 * What a command answers when its events are on disk but the read models it waited for (read
 * your writes) did not catch up in time: 202, so a client knows the change was made and must not
 * be sent again, with a marker the storefront shows. Never a 500 for a write that committed.
 */
export const STILL_UPDATING_REPLY = {
  error: false,
  status: true,
  updating: true,
  msg: 'Saved. The shop is still updating: it will show in a moment.',
} as const;

/**
 * Errors that say the command behind them committed (`committed: true`, e.g. a read-your-writes
 * wait that ran out of time): only the reply's view of the read models is missing.
 */
function committedAlready(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { committed?: unknown }).committed === true;
}

/**
 * Route middleware, first in a write route's chain: every refusal below it (the token check, the
 * own-account check, validation) also carries the flag this route's original client reads. The
 * cart's and My List's adds are read by `status === false`: a 401 for a token the page has not
 * reloaded yet (`Bearer null` right after signing in) without that flag shows as "added".
 */
export function failuresAs(shape: (msg: string) => Record<string, unknown>) {
  return async (_ctx: Context, next: Next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof HttpError) throw new HttpError(error.status, { ...error.body, ...shape(error.message) });
      throw error;
    }
  };
}

/**
 * Last line of defence: every thrown error becomes a JSON reply. Known errors keep their body;
 * anything else is logged and answered with a plain 500, never a stack trace.
 */
export function errorReplies(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) {
        ctx.status = 404;
        ctx.body = { error: true, msg: 'Not found' };
      }
    } catch (error) {
      if (error instanceof HttpError) {
        ctx.status = error.status;
        ctx.body = error.body;
        return;
      }
      if (committedAlready(error)) {
        logger.warn({ err: error, method: ctx.method, path: ctx.path }, 'command committed, but its read models are behind; answered 202');
        ctx.status = 202;
        ctx.body = { ...STILL_UPDATING_REPLY };
        return;
      }
      const status = (error as { status?: number; expose?: boolean }).status;
      if (typeof status === 'number' && status >= 400 && status < 500) {
        // Koa/body-parser client errors (malformed JSON, payload too large): their message is safe.
        ctx.status = status;
        ctx.body = { error: true, msg: (error as Error).message };
        return;
      }
      logger.error({ err: error, method: ctx.method, path: ctx.path }, 'request failed');
      ctx.status = 500;
      ctx.body = { error: true, msg: 'Something went wrong. Please try again.' };
    }
  };
}

/**
 * Parses input with a zod schema. On failure throws the route's own error shape built from the
 * first issue's message, so the original API's messages ("name can not be blank!") reach the
 * client.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  toError: (message: string) => HttpError = (msg) => failure(400, msg),
): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw toError(result.error.issues[0]?.message ?? 'Invalid request');
}
