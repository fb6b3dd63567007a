import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { CATALOG, CATEGORY_ORDER_ID, type BannerDoc, type BannerKind, type CategoryDoc, type CategoryOrderDoc } from '@shop/contracts';
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

/**
 * Every category in the storefront's order: the ones the back office ordered first, in that
 * order, then any other oldest first (all of them oldest first until an admin reorders).
 */
export async function orderedCategories(docs: DocumentStore): Promise<CategoryDoc[]> {
  const [categories, order] = await Promise.all([
    docs.find<CategoryDoc>(CATALOG.categories, {}, { sort: OLDEST_FIRST }),
    docs.get<CategoryOrderDoc>(CATALOG.categoryOrder, CATEGORY_ORDER_ID),
  ]);
  if (!order) return categories;
  const rank = new Map(order.ids.map((id, index) => [id, index]));
  // A stable sort: unranked categories keep their oldest-first order after the ranked ones (two
  // unranked ones compare NaN, taken as equal).
  return categories.sort((a, b) => (rank.get(a.id) ?? Infinity) - (rank.get(b.id) ?? Infinity) || 0);
}

/** `GET /api/category`'s reply: every category, in the storefront's order. */
export async function categoryListReply(docs: DocumentStore): Promise<{ categoryList: CategoryDoc[] }> {
  return { categoryList: await orderedCategories(docs) };
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
