import type { Context, Middleware } from 'koa';
import { HttpError } from '@shop/platform';
import { DomainError, type Refusal } from './decider.ts';

/** The HTTP status each refusal is answered with, whatever the feature's body shape. */
export const REFUSAL_STATUS: Readonly<Record<Refusal, number>> = {
  invalid: 400,
  'not-found': 404,
  conflict: 409,
  duplicate: 200, // My List answers a duplicate with 200 and `status: false`
  unverified: 403,
  'not-allowed': 403,
  quota: 413,
  'rate-limited': 429,
  unavailable: 502,
};

/**
 * How a feature answers a refusal: the refusal's status, in the body shape the feature's original
 * client reads.
 */
export type RefusalReply = (error: DomainError, ctx?: Context) => HttpError;

export const refusalReply =
  (body: (msg: string) => Record<string, unknown>): RefusalReply =>
  (error) =>
    new HttpError(REFUSAL_STATUS[error.reason], body(error.message));

/**
 * Route middleware, put after the route's auth: a refusal from the feature's service or
 * deciders below it is answered the feature's way (`reply`). Other errors pass through.
 */
export function answerRefusals(reply: RefusalReply): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      if (error instanceof DomainError) throw reply(error, ctx);
      throw error;
    }
  };
}
