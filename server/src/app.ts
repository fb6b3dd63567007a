import Router from '@koa/router';
import cors from '@koa/cors';
import Koa from 'koa';
import {
  accountRouter,
  adminCatalogCommandRoutes,
  cartCommandRoutes,
  promotionCommandRoutes,
  checkoutCommandRoutes,
  deliveryRoutes,
  gstRoutes,
  codCommandRoutes,
  giftCardRoutes,
  myListCommandRoutes,
  orderCommandRoutes,
  stockCommandRoutes,
  reviewCommandRoutes,
} from '@shop/command-api';
import { errorReplies, serveFiles } from '@shop/platform';
import {
  accountQueryRouter,
  adminCatalogQueryRouter,
  adminRouter,
  cartQueryRouter,
  myListQueryRouter,
  orderQueryRouter,
  readRouter,
  reviewQueryRouter,
} from '@shop/read-api';
import type { Shop } from './compose.ts';
import { apiRouter, isApiPath } from './http/api-router.ts';
import { httpMetrics, metricsRoute } from './http/metrics.ts';
import { jsonBody } from './http/json-body.ts';
import { requestLog } from './http/request-log.ts';
import { ContentSecurityPolicy, bootScriptHashes, securityHeaders } from './http/security-headers.ts';
import { seedImageRoutes } from './http/seed-images.ts';
import { serveUi } from './http/ui.ts';

/** Largest JSON request body, in bytes; a longer one is refused with 413 and a JSON reply. */
export const JSON_BODY_LIMIT = 64 * 1024;

/** A feature's routes, mounted under `/api`. Each feature folder exports one. */
export type FeatureRoutes = (shop: Shop) => Router;

/** Every `/api` feature, commands and queries. Add a feature by adding its routes here. */
const features: FeatureRoutes[] = [
  (shop) => readRouter(shop.docs, shop.publicUrls),
  (shop) => accountRouter(shop),
  (shop) => accountQueryRouter(shop.docs, shop.tokens, shop.publicUrls),
  // Before the cart's, whose `DELETE /cart/:id` would take "coupon" for a line id.
  (shop) => promotionCommandRoutes(shop),
  (shop) => cartCommandRoutes(shop),
  (shop) => cartQueryRouter(shop),
  (shop) => myListCommandRoutes(shop),
  (shop) => myListQueryRouter(shop),
  (shop) => reviewCommandRoutes(shop, { verifiedBuyersOnly: shop.config.REVIEWS_VERIFIED_BUYERS_ONLY }),
  (shop) => reviewQueryRouter(shop),
  (shop) => checkoutCommandRoutes(shop),
  (shop) => deliveryRoutes(shop),
  (shop) => orderCommandRoutes(shop),
  (shop) => codCommandRoutes(shop),
  (shop) => gstRoutes({ ...shop, gst: shop.gst.invoicing }),
  (shop) => giftCardRoutes(shop),
  (shop) => stockCommandRoutes(shop),
  (shop) => adminCatalogCommandRoutes(shop),
  (shop) => orderQueryRouter(shop),
  (shop) => adminRouter(shop),
  (shop) => adminCatalogQueryRouter(shop),
];

/** Every `/api` route as `METHOD /api/path` (HEAD and OPTIONS left out), from the routers themselves. */
export function listApiRoutes(shop: Shop): string[] {
  const api = new Router({ prefix: '/api' });
  for (const feature of features) api.use(feature(shop).routes());
  return api.stack.flatMap((layer) => layer.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS').map((m) => `${m} ${String(layer.path)}`));
}

/** The one Koa application: `/api/*` (commands and queries), images, health, and the UI. */
export function createApp(shop: Shop): Koa {
  // Per-address limits key on ctx.ip: the socket's address unless TRUST_PROXY names how many
  // proxies in front add X-Forwarded-For entries (then the entry the outermost trusted one added).
  const hops = shop.config.TRUST_PROXY;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops, proxyIpHeader: 'X-Forwarded-For' });
  const allowed = new Set(shop.config.CORS_ORIGINS);
  const csp = new ContentSecurityPolicy({
    inlineScriptHashes: bootScriptHashes(shop.config.UI_DIST),
    googleSignIn: shop.config.GOOGLE_CLIENT_ID !== undefined,
    razorpay: shop.config.PAYMENTS === 'razorpay',
    imageHosts: shop.config.IMAGE_HOSTS,
  });

  app.use(requestLog(shop.logger));
  app.use(securityHeaders(csp));
  if (shop.config.METRICS) app.use(httpMetrics(shop.metrics));
  app.use(errorReplies(shop.logger));
  app.use(
    cors({
      // Only listed origins get CORS headers; same-origin requests never need them.
      origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
      allowHeaders: ['Authorization', 'Content-Type', 'X-Request-Id'],
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      maxAge: 600,
    }),
  );
  // `/api` requests go straight to the API: the UI, the uploaded files and the root routes never
  // answer under /api, and every layer passed is an async frame and a router match per command.
  // The largest body a client has reason to send (a checkout's address, a Razorpay webhook) is a
  // few kilobytes; 64 KB leaves room and keeps what one request can make the parser chew small.
  const body = jsonBody({ limit: JSON_BODY_LIMIT });
  const api = apiRouter(features.map((feature) => feature(shop)));
  app.use((ctx, next) => (isApiPath(ctx.path) ? body(ctx, () => api(ctx, next)) : next()));

  app.use(serveUi(shop.config.UI_DIST, { docs: shop.docs, logger: shop.logger, urls: shop.publicUrls }, csp));
  app.use(serveFiles(shop.files, '/uploads'));
  app.use(body);

  const root = new Router();
  // The cheap baseline every benchmark compares against, and the readiness probe.
  root.get('/healthz', (ctx) => {
    ctx.body = { status: 'ok' };
  });
  // Live (healthz) is not ready: after an upgrade the shop serves at once while read models of an
  // older projection version or another log are rebuilt; 503 until every one is current. Names
  // only: the reasons and progress are the back office's (GET /api/admin/projections).
  root.get('/readyz', (ctx) => {
    const { ready, readModels } = shop.upgrades.status();
    ctx.status = ready ? 200 : 503;
    ctx.body = { status: ready ? 'ready' : 'rebuilding', rebuilding: readModels.filter((model) => model.state !== 'current').map((model) => model.name) };
  });
  seedImageRoutes(root);
  // Without a token, metrics are served only on the separate HEALTH_PORT listener (main.ts).
  if (shop.config.METRICS && shop.config.METRICS_TOKEN) metricsRoute(root, shop.metrics, shop.config.METRICS_TOKEN);
  app.use(root.routes()).use(root.allowedMethods());
  return app;
}
