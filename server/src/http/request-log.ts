import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from '@shop/platform';

/**
 * A client's own request id is kept only when it is short plain text: it goes into event metadata
 * and log lines, so anything longer or with other characters (newlines, markup, a megabyte of
 * padding) is replaced by a fresh id.
 */
const CLIENT_REQUEST_ID = /^[\w.-]{1,64}$/;

export function requestIdOf(header: string): string {
  return header.length <= 64 && CLIENT_REQUEST_ID.test(header) ? header : randomUUID();
}

/** One structured line per request, with a request id that is also sent back to the client. */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    const requestId = requestIdOf(ctx.get('x-request-id'));
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
