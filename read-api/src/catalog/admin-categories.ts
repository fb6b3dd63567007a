import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { CATALOG, bannerKind, type AdminBannerList, type AdminCategoryList, type BannerDoc, type CategoryDoc } from '@shop/contracts';
import { blank } from '../shared/admin-query.ts';
import { HttpError, validate, type DocumentStore, type PublicUrls } from '@shop/platform';
import { orderedCategories } from './categories.ts';

const bannerQuery = z.object({ kind: z.preprocess(blank, bannerKind.optional()) });

/** Products of a category or subcategory, on sale or not. */
async function productCount(docs: DocumentStore, field: 'catId' | 'subCatId', id: string): Promise<number> {
  const [onSale, unpublished] = await Promise.all([
    docs.count(CATALOG.products, { [field]: id }),
    docs.count(CATALOG.unpublishedProducts, { [field]: id }),
  ]);
  return onSale + unpublished;
}

/**
 * The back office's category and banner reads (admins only):
 * - `GET /admin/categories`: every category in storefront order, with its position and how
 *   many products it and each subcategory hold;
 * - `GET /admin/banners?kind=`: the banners on show, oldest first.
 */
export function adminCategoryQueries(router: Router, docs: DocumentStore, publicUrls: PublicUrls, guard: Middleware): void {
  router.get('/admin/categories', guard, async (ctx) => {
    const categories = await orderedCategories(docs);
    const rows = await Promise.all(
      categories.map(async (category: CategoryDoc, position) => ({
        id: category.id,
        name: category.name,
        color: category.color,
        images: category.images,
        position,
        products: await productCount(docs, 'catId', category.id),
        children: await Promise.all(
          category.children.map(async (child) => ({ id: child.id, name: child.name, products: await productCount(docs, 'subCatId', child.id) })),
        ),
      })),
    );
    const reply: AdminCategoryList = { categories: rows.map((row) => publicUrls.withImages(row)) };
    ctx.body = reply;
  });

  router.get('/admin/banners', guard, async (ctx) => {
    const { kind } = validate(bannerQuery, ctx.query, (msg) => new HttpError(400, { error: true, msg }));
    const banners = await docs.find<BannerDoc>(CATALOG.banners, kind ? { kind } : {}, { sort: [['dateCreated', 1], ['_id', 1]] });
    const reply: AdminBannerList = {
      banners: banners.map(({ _id: _ignored, ...banner }) => publicUrls.withImages(banner)),
    };
    ctx.body = reply;
  });
}
