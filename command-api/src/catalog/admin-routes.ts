import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import Router from '@koa/router';
import type { Context } from 'koa';
import { adminProductCreateInput, adminProductInput, type AdminProductInput, type AdminPublishReply, type AdminUploadReply } from '@shop/contracts';
import { HttpError, requireAdmin, requireUser, sniffImageFile, type StoredFile } from '@shop/platform';
import { INVALID_IMAGE, imageParser, readImages, type UploadedPart } from '../shared/image-upload.ts';
import { READ_MODELS, type CommandDeps } from '../shared/http.ts';
import { answerRefusals } from '../shared/refusals.ts';
import { adminRefusal, idParam, imageRefs, parseBody, type AdminCatalogDeps } from './admin-http.ts';
import { adminCategoryRoutes } from './admin-category-routes.ts';
import { createProduct, editProduct } from './admin-products.ts';

/** What a catalog change's reply waits for: the storefront's catalog and its search. */
const CATALOG_READS = [READ_MODELS.catalog, READ_MODELS.search];
/** A listing or an edit also moves the back office's stock figures (the dashboard's low-stock list). */
const PRODUCT_READS = [...CATALOG_READS, READ_MODELS.backOffice];
/** Admin uploads the process reads at once (on top of the shoppers' avatar uploads). */
const MAX_CONCURRENT_ADMIN_UPLOADS = 2;
const NOT_FOUND = 'Product not found';

function productForm(deps: CommandDeps, ctx: Context): AdminProductInput {
  const input = parseBody(adminProductInput, ctx);
  return { ...input, images: imageRefs(deps, input.images) };
}

/**
 * The back office's catalog commands under `/api/admin`: image uploads, products (create, edit,
 * as a draft, edit, unpublish, publish), and categories and banners (admin-category-routes.ts). Each answers 401 without a token and 403 for a non-admin, records
 * the acting admin in the events' metadata, and replies once the catalog and search read models
 * hold the change.
 */
export function adminCatalogCommandRoutes(deps: AdminCatalogDeps): Router {
  const router = new Router();
  const signedIn = requireUser(deps.tokens);
  const refusals = answerRefusals(adminRefusal);

  const parse = imageParser(deps.files.stagingDir);
  const uploading = new Set<string>();

  router.post('/admin/uploads', signedIn, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    if (!ctx.is('multipart/form-data')) throw new HttpError(400, { error: true, msg: INVALID_IMAGE });
    // Refused before a byte of the body is read: a second upload of the same admin, a busy shop.
    if (uploading.has(userId)) throw new HttpError(429, { error: true, msg: 'Please wait for your current upload to finish.' });
    if (uploading.size >= MAX_CONCURRENT_ADMIN_UPLOADS) {
      ctx.set('Retry-After', '5');
      throw new HttpError(503, { error: true, msg: 'Too many uploads right now. Please try again in a moment.' });
    }
    uploading.add(userId);
    let parts: UploadedPart[] = [];
    try {
      parts = await readImages(ctx, parse);
      if (parts.length === 0) throw new HttpError(400, { error: true, msg: 'Please select an image to upload.' });
      // Judge every file by its bytes before storing any, so a bad file stores nothing.
      const sniffed = await Promise.all(parts.map((part) => sniffImageFile(part.path)));
      if (sniffed.some((type) => type === null)) throw new HttpError(400, { error: true, msg: INVALID_IMAGE });
      // Durable in the store before the reply, so a product saved with these names never points at nothing.
      const stored: StoredFile[] = [];
      for (const [index, part] of parts.entries()) {
        const type = sniffed[index]!;
        stored.push(await deps.files.putFile(`catalog/${randomUUID()}.${type.ext}`, part.path, type.mime));
      }
      const reply: AdminUploadReply = { images: stored.map((file) => deps.publicUrls.url(file.url)) };
      ctx.status = 201;
      ctx.body = reply;
    } finally {
      uploading.delete(userId);
      await Promise.all(parts.map((part) => rm(part.path, { force: true })));
    }
  });

  router.post('/admin/products', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const { draft, ...input } = parseBody(adminProductCreateInput, ctx);
    const form = { ...input, images: imageRefs(deps, input.images) };
    const { productId, position } = await createProduct(deps.catalog, form, { userId }, { draft });
    await deps.awaitProjections(position, PRODUCT_READS);
    ctx.status = 201;
    ctx.body = { id: productId };
  });

  router.put('/admin/products/:id', signedIn, refusals, async (ctx) => {
    const { userId } = requireAdmin(ctx);
    const productId = idParam(ctx, 'id', NOT_FOUND);
    const input = productForm(deps, ctx);
    const { position } = await editProduct(deps.catalog, productId, input, { userId });
    await deps.awaitProjections(position, PRODUCT_READS);
    ctx.body = { id: productId };
  });

  for (const action of ['unpublish', 'publish'] as const) {
    router.post(`/admin/products/:id/${action}`, signedIn, refusals, async (ctx) => {
      const { userId } = requireAdmin(ctx);
      const productId = idParam(ctx, 'id', NOT_FOUND);
      const result =
        action === 'unpublish'
          ? await deps.catalog.unpublishProduct(productId, { userId })
          : await deps.catalog.publishProduct(productId, { userId });
      await deps.awaitProjections(result.position, CATALOG_READS);
      const reply: AdminPublishReply = { id: productId, published: result.published };
      ctx.body = reply;
    });
  }

  adminCategoryRoutes(router, deps);
  return router;
}
