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

/** `GET /metrics` in Prometheus's text format. */
export function metricsRoute(router: Router, metrics: ShopMetrics): void {
  router.get('/metrics', async (ctx) => {
    const { contentType, body } = await metrics.render();
    ctx.set('Cache-Control', 'no-store');
    ctx.type = contentType;
    ctx.body = body;
  });
}
