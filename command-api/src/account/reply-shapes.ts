import type { Context } from 'koa';
import { HttpError } from '@shop/platform';
import { REFUSAL_STATUS, answerRefusals } from '../shared/refusals.ts';
import { AccountError } from './errors.ts';

/**
 * The failure shapes the original client reads (it reads the body whatever the status): sign-up and
 * forgot password `{ status: "FAILED", msg }`, sign-in / Google / password change `{ error: true,
 * msg }`, code routes `{ success: false, message }`.
 */
export const failureBody = {
  failed: (msg: string) => ({ status: 'FAILED', msg }),
  error: (msg: string) => ({ error: true, msg }),
  otp: (message: string) => ({ success: false, message }),
} as const;

export type ReplyShape = keyof typeof failureBody;

/** A validation failure (400) in the route's shape. */
export const invalid = (shape: ReplyShape) => (message: string) => new HttpError(400, failureBody[shape](message));

/**
 * Route middleware: account refusals below it are answered in this route's shape, with the
 * refusal's status; an unverified account's reply also says `isVerify: false` (the client then
 * offers to verify), and a rate limit says when to retry.
 */
export const replyAs = (shape: ReplyShape) =>
  answerRefusals((error, ctx) => {
    if (error instanceof AccountError && error.retryAfterSeconds) ctx?.set('Retry-After', String(error.retryAfterSeconds));
    const extra = error.reason === 'unverified' ? { isVerify: false } : {};
    return new HttpError(REFUSAL_STATUS[error.reason], { ...failureBody[shape](error.message), ...extra });
  });

/** The caller's address for per-address limits (Koa honours X-Forwarded-For only behind a proxy). */
export const clientOf = (ctx: Context) => ({ address: ctx.ip || 'unknown' });
