import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { CATALOG, type BannerDoc, type BannerKind, type CategoryDoc } from '@shop/contracts';
import type { DocumentStore, SortSpec } from '@shop/platform';

/** Banner routes of the original API and the kind each serves. */
const BANNER_ROUTES: [path: string, kind: BannerKind][] = [
  ['/homeBanner', 'home'],
  ['/banners', 'middle'],
  ['/homeSideBanners', 'side'],
  ['/homeBottomBanners', 'bottom'],
];

const OLDEST_FIRST: SortSpec = [
  ['dateCreated', 1],
  ['_id', 1],
];

/** `GET /api/category`'s reply: every category, oldest first. */
export async function categoryListReply(docs: DocumentStore): Promise<{ categoryList: CategoryDoc[] }> {
  return { categoryList: await docs.find<CategoryDoc>(CATALOG.categories, {}, { sort: OLDEST_FIRST }) };
}

/** A banner route's reply: the banners of one kind, oldest first. */
export function bannersReply(docs: DocumentStore, kind: BannerKind): Promise<BannerDoc[]> {
  return docs.find<BannerDoc>(CATALOG.banners, { kind }, { sort: OLDEST_FIRST });
}

export function categoryRoutes(router: Router, docs: DocumentStore, cached: Middleware): void {
  router.get('/category', cached, async (ctx) => {
    ctx.body = await categoryListReply(docs);
  });

  for (const [path, kind] of BANNER_ROUTES) {
    router.get(path, cached, async (ctx) => {
      ctx.body = await bannersReply(docs, kind);
    });
  }
}
