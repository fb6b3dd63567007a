import Router from '@koa/router';
import type { Middleware } from 'koa';

const PREFIX = 'api';
/** A path segment that is plain text (no parameter, wildcard or optional part). */
const LITERAL = /^[\w.~-]+$/;

/**
 * The `/api` routes, dispatched by their first segment after `/api`. @koa/router finds a route by
 * testing every route of the router in turn (and logging each test through `debug`, which
 * allocates even when off), so with all ~50 API routes in one router, finding the route cost a
 * command more than validating its body. Each first segment (`cart`, `products`, `user`, ...)
 * gets a router of its own holding only the routes under it, with the same layers in the same
 * order, so the routes, their matched-route names, 405s and OPTIONS answers are as before: a
 * path can only ever match routes under its own first segment. Should a route ever start with a
 * parameter, every route stays in one router.
 */
export function apiRouter(routers: Router[]): Middleware {
  const api = new Router({ prefix: `/${PREFIX}` });
  for (const router of routers) api.use(router.routes());
  const segments = api.stack.map((layer) => (typeof layer.path === 'string' ? firstSegment(layer.path) : null));
  if (segments.some((segment) => segment === null || !LITERAL.test(segment))) {
    return mounted(api);
  }
  const bySegment = new Map<string, Router>();
  api.stack.forEach((layer, index) => {
    const segment = segments[index]!.toLowerCase(); // routes match case-insensitively (@koa/router's default)
    let router = bySegment.get(segment);
    if (!router) bySegment.set(segment, (router = new Router({ ...api.opts, prefix: undefined })));
    router.stack.push(layer);
  });
  const dispatch = new Map([...bySegment].map(([segment, router]) => [segment, mounted(router)]));
  return (ctx, next) => {
    const segment = firstSegment(ctx.path)?.toLowerCase();
    const routes = segment === undefined ? undefined : dispatch.get(segment);
    // No API route under this segment: nothing for a router to do (the app's router answers 501s).
    return routes ? routes(ctx, next) : next();
  };
}

/** What `app.use(router.routes()).use(router.allowedMethods())` mounts, as one middleware. */
function mounted(router: Router): Middleware {
  const routes = router.routes() as Middleware;
  const allowedMethods = router.allowedMethods() as Middleware;
  return (ctx, next) => routes(ctx, () => allowedMethods(ctx, next));
}

/** `/api` and everything under it, in any letter case (as the router's prefix matches). */
export function isApiPath(path: string): boolean {
  const mount = `/${PREFIX}`;
  return path.slice(0, mount.length).toLowerCase() === mount && (path.length === mount.length || path[mount.length] === '/');
}

/** `cart` of `/api/cart/:id`; null when the path is not under `/api/`. */
function firstSegment(path: string): string | null {
  const [empty, prefix, segment] = path.split('/', 3);
  return empty === '' && prefix?.toLowerCase() === PREFIX && segment !== undefined ? segment : null;
}
