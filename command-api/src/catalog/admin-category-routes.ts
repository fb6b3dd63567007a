import type Router from '@koa/router';
import type { Context } from 'koa';
import {
  adminBannerInput,
  adminCategoryInput,
  adminCategoryOrder,
  adminCategoryPatch,
  adminSubcategoryInput,
  type AdminBannerInput,
} from '@shop/contracts';
import { HttpError, requireAdmin, requireUser } from '@shop/platform';
import { READ_MODELS } from '../shared/http.ts';
import { answerRefusals } from '../shared/refusals.ts';
import { adminRefusal, idParam, imageRefs, parseBody, type AdminCatalogDeps } from './admin-http.ts';

const CATEGORY_NOT_FOUND = 'Category not found';
const BANNER_NOT_FOUND = 'Banner not found';

function bannerForm(deps: AdminCatalogDeps, ctx: Context): AdminBannerInput {
  const input = parseBody(adminBannerInput, ctx);
  // A banner links to a category, or to a subcategory of one: never to a subcategory alone.
  if (input.subCatId && !input.catId) throw new HttpError(400, { error: true, msg: 'catId: a subcategory link needs its category' });
  return { ...input, images: imageRefs(deps, input.images) };
}

/**
 * Categories, subcategories and banners under `/api/admin` (mounted by adminCatalogCommandRoutes):
 * create, rename, recolour, replace images, reorder; banners published, revised, withdrawn. Each
 * replies once the catalog read model holds the change (the storefront's menus and banners).
 */
export function adminCategoryRoutes(router: Router, deps: AdminCatalogDeps): void {
  const signedIn = requireUser(deps.tokens);
  const refusals = answerRefusals(adminRefusal);
  const settled = (position: bigint) => deps.awaitProjections(position, [READ_MODELS.catalog, READ_MODELS.search]);

  router.post('/admin/categories', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const input = parseBody(adminCategoryInput, ctx);
    const { categoryId, position } = await deps.catalog.createCategory({ ...input, images: imageRefs(deps, input.images) }, { userId });
    await settled(position);
    ctx.status = 201;
    ctx.body = { id: categoryId };
  });

  // Before `/admin/categories/:id`, which would take "order" for an id.
  router.put('/admin/categories/order', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const { ids } = parseBody(adminCategoryOrder, ctx);
    const result = await deps.catalog.reorderCategories(ids, { userId });
    await settled(result.position);
    ctx.body = { ids: result.ids };
  });

  router.put('/admin/categories/:id', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const categoryId = idParam(ctx, 'id', CATEGORY_NOT_FOUND);
    const patch = parseBody(adminCategoryPatch, ctx);
    const images = patch.images && imageRefs(deps, patch.images);
    const { position } = await deps.catalog.reviseCategory({ categoryId, ...patch, ...(images ? { images } : {}) }, { userId });
    await settled(position);
    ctx.body = { id: categoryId };
  });

  router.post('/admin/categories/:id/subcategories', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const categoryId = idParam(ctx, 'id', CATEGORY_NOT_FOUND);
    const { name } = parseBody(adminSubcategoryInput, ctx);
    const { subcategoryId, position } = await deps.catalog.addSubcategory({ categoryId, name }, { userId });
    await settled(position);
    ctx.status = 201;
    ctx.body = { id: subcategoryId };
  });

  router.put('/admin/categories/:id/subcategories/:subId', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const categoryId = idParam(ctx, 'id', CATEGORY_NOT_FOUND);
    const subcategoryId = idParam(ctx, 'subId', 'Subcategory not found');
    const { name } = parseBody(adminSubcategoryInput, ctx);
    const { position } = await deps.catalog.renameSubcategory({ categoryId, subcategoryId, name }, { userId });
    await settled(position);
    ctx.body = { id: subcategoryId };
  });

  router.post('/admin/banners', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const input = bannerForm(deps, ctx);
    const { bannerId, position } = await deps.catalog.publishBanner(input, { userId });
    await settled(position);
    ctx.status = 201;
    ctx.body = { id: bannerId };
  });

  router.put('/admin/banners/:id', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const bannerId = idParam(ctx, 'id', BANNER_NOT_FOUND);
    const input = bannerForm(deps, ctx);
    const { position } = await deps.catalog.reviseBanner({ bannerId, ...input }, { userId });
    await settled(position);
    ctx.body = { id: bannerId };
  });

  router.delete('/admin/banners/:id', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const bannerId = idParam(ctx, 'id', BANNER_NOT_FOUND);
    const { position } = await deps.catalog.withdrawBanner(bannerId, { userId });
    await settled(position);
    ctx.body = { id: bannerId };
  });
}
