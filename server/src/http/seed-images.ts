import type Router from '@koa/router';
import { renderSeedImage } from '../seed/images.ts';

const MAX_CACHED = 5000;

/** The seed catalog's pictures, drawn on request from their key and cached by the browser. */
export function seedImageRoutes(router: Router): void {
  const cache = new Map<string, string>();
  router.get('/images/seed/:kind/:file', (ctx) => {
    const { kind = '', file = '' } = ctx.params;
    const key = file.endsWith('.svg') ? file.slice(0, -4) : '';
    const cacheKey = `${kind}/${key}`;
    let svg = cache.get(cacheKey) ?? null;
    if (svg === null) {
      svg = key ? renderSeedImage(kind, key) : null;
      if (svg === null) {
        ctx.status = 404;
        ctx.body = { error: true, msg: 'Image not found' };
        return;
      }
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(cacheKey, svg);
    }
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.body = svg;
  });
}
