import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { BannerDoc, BannerKind, CategoryDoc } from '@shop/contracts';
import type { DocumentStore } from '@shop/platform';
import { CATALOG } from '@shop/projections';

/** Banner routes of the original API and the kind each serves. */
const BANNER_ROUTES: [path: string, kind: BannerKind][] = [
  ['/homeBanner', 'home'],
  ['/banners', 'middle'],
  ['/homeSideBanners', 'side'],
  ['/homeBottomBanners', 'bottom'],
];

export function categoryRoutes(router: Router, docs: DocumentStore, cached: Middleware): void {
  router.get('/category', cached, async (ctx) => {
    const categoryList = await docs.find<CategoryDoc>(CATALOG.categories, {}, { sort: [['dateCreated', 1], ['_id', 1]] });
    ctx.body = { categoryList };
  });

  for (const [path, kind] of BANNER_ROUTES) {
    router.get(path, cached, async (ctx) => {
      ctx.body = await docs.find<BannerDoc>(CATALOG.banners, { kind }, { sort: [['dateCreated', 1], ['_id', 1]] });
    });
  }
}
