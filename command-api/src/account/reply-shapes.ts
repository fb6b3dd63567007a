import type { Context, Next } from 'koa';
import { HttpError } from '@shop/platform';
import { DomainError } from '../shared/decider.ts';
import { AccountError } from './errors.ts';

/**
 * The failure shapes the original client reads (api-replies.md): sign-up and forgot password
 * `{ status: "FAILED", msg }`, sign-in / Google / password change `{ error: true, msg }`,
 * code routes `{ success: false, message }`.
 */
export const failureBody = {
  failed: (msg: string) => ({ status: 'FAILED', msg }),
  error: (msg: string) => ({ error: true, msg }),
  otp: (message: string) => ({ success: false, message }),
} as const;

export type ReplyShape = keyof typeof failureBody;

/** A validation failure (400) in the route's shape. */
export const invalid = (shape: ReplyShape) => (message: string) => new HttpError(400, failureBody[shape](message));

/** Route middleware: domain failures below it are answered in this route's shape. */
export function replyAs(shape: ReplyShape) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const extra = error instanceof AccountError ? error.extra : {};
      if (error instanceof AccountError && error.retryAfterSeconds) ctx.set('Retry-After', String(error.retryAfterSeconds));
      throw new HttpError(error.status, { ...failureBody[shape](error.message), ...extra });
    }
  };
}

/** The caller's address for per-address limits (Koa honours X-Forwarded-For only behind a proxy). */
export const clientOf = (ctx: Context) => ({ address: ctx.ip || 'unknown' });
