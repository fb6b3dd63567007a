import { createHash, timingSafeEqual } from 'node:crypto';
import type Router from '@koa/router';
import type { Context, Next } from 'koa';
import type { ShopMetrics } from '@shop/platform';

/**
 * Times every request into `http_request_duration_seconds{method,route,status}`. The route is the
 * pattern the router matched (`/api/products/:id`); requests no route matched (the UI's files,
 * images, unknown paths) share one label, so the number of series stays bounded whatever URLs
 * clients send. Two clock reads and one histogram update per request: nothing else.
 */
export function httpMetrics(metrics: ShopMetrics) {
  const histogram = metrics.httpRequestDuration;
  return async (ctx: Context, next: Next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const matched = (ctx as Context & { _matchedRoute?: string | RegExp })._matchedRoute;
      const route = matched === undefined ? 'unmatched' : String(matched);
      histogram.observe({ method: ctx.method, route, status: ctx.status }, (performance.now() - started) / 1000);
    }
  };
}

/**
 * `GET /metrics` in Prometheus's text format, for a scraper that sends `Authorization: Bearer
 * <token>`: the figures tell an attacker how busy the shop is and which routes exist. Both sides
 * are hashed before the constant-time compare, so neither the token's bytes nor its length leak
 * through the time a refusal takes.
 */
export function metricsRoute(router: Router, metrics: ShopMetrics, token: string): void {
  const expected = digest(token);
  router.get('/metrics', async (ctx) => {
    const sent = /^Bearer ([!-~]{1,512})$/.exec(ctx.get('Authorization'))?.[1];
    if (sent === undefined || !timingSafeEqual(digest(sent), expected)) {
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.set('Cache-Control', 'no-store');
      ctx.status = 401;
      ctx.body = { error: true, msg: 'A metrics token is required' };
      return;
    }
    const { contentType, body } = await metrics.render();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  });
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}
