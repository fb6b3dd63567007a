import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '@shop/platform';

/** One structured line per request, with a request id that is also sent back to the client. */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const requestId = ctx.get('x-request-id') || randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      if (logger.isLevelEnabled('debug') || ctx.status >= 500) {
        const ms = Math.round((performance.now() - started) * 10) / 10;
        logger[ctx.status >= 500 ? 'error' : 'debug']({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms }, 'request');
      }
    }
  };
}
