import type { Middleware } from 'koa';
import type { PublicUrls } from '@shop/platform';

/**
 * Every catalog reply (products, pages of them, search, categories with their subcategories,
 * banners) with the paths in its `images` lists as URLs at the shop's public address. Mounted
 * inside the reply cache, so it runs once per reply built, never per reply served; the cached
 * body stays right because the address is fixed for the life of the server.
 */
export function catalogImageUrls(urls: PublicUrls): Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.status !== 200 || ctx.body === undefined || ctx.body === null) return;
    if (typeof ctx.body === 'string') {
      ctx.body = urls.imagesInJson(ctx.body);
    } else if (!Buffer.isBuffer(ctx.body)) {
      const json = urls.imagesInJson(JSON.stringify(ctx.body));
      ctx.type = 'application/json';
      ctx.body = json;
    }
  };
}
