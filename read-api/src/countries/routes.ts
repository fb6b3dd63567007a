import type Router from '@koa/router';
import type { CountryDoc } from '@shop/contracts';
import countries from './countries.json' with { type: 'json' };

/**
 * The original called a public countries service; ours is bundled (ISO 3166-1 alpha-2 codes
 * with English names, generated from the ICU data in Node) so the shop works offline. Codes that
 * were withdrawn (UK, FX, SU, YU, ...) are left out, so each country is listed once, by its code of today.
 */
export function countryRoutes(router: Router): void {
  const list: CountryDoc[] = countries;
  router.get('/countries', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = list;
  });
}
