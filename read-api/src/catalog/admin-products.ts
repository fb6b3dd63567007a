import Router from '@koa/router';
import { z } from 'zod';
import {
  CATALOG,
  idSchema,
  isId,
  type AdminProductEntryDoc,
  type AdminProductList,
  type AdminProductReply,
  type AdminProductRow,
  type ProductDoc,
} from '@shop/contracts';
import { HttpError, validate, type DocumentStore, type Filter, type PublicUrls, type TokenService } from '@shop/platform';
import { adminOnly } from '../admin/guard.ts';
import { adminCategoryQueries } from './admin-categories.ts';
import { adminListQuery, blank } from '../shared/admin-query.ts';

export interface AdminCatalogQueryDeps {
  docs: DocumentStore;
  tokens: TokenService;
  publicUrls: PublicUrls;
}


const productQuery = adminListQuery(200).extend({
  catId: z.preprocess(blank, idSchema.optional()),
  published: z.preprocess(blank, z.enum(['true', 'false'], { error: 'published must be true or false' }).optional()),
});

const NEWEST_FIRST: [string, 1 | -1][] = [['dateCreated', -1], ['_id', -1]];
const NOT_FOUND = { error: true, msg: 'Product not found' };

/** A product's document wherever it is (on sale or unpublished), with which. */
async function findProduct(docs: DocumentStore, id: string): Promise<{ doc: ProductDoc; published: boolean } | null> {
  const onSale = await docs.get<ProductDoc>(CATALOG.products, id);
  if (onSale) return { doc: onSale, published: true };
  const unpublished = await docs.get<ProductDoc>(CATALOG.unpublishedProducts, id);
  return unpublished ? { doc: unpublished, published: false } : null;
}

function row(doc: ProductDoc, published: boolean): AdminProductRow {
  return {
    id: doc.id,
    name: doc.name,
    brand: doc.brand,
    images: doc.images,
    price: doc.price,
    oldPrice: doc.oldPrice,
    countInStock: doc.countInStock,
    catId: doc.catId,
    catName: doc.catName,
    subCatId: doc.subCatId,
    subCatName: doc.subCatName,
    isFeatured: doc.isFeatured,
    published,
    variants: doc.variants ?? [],
    dateCreated: doc.dateCreated,
  };
}

/**
 * The back office's catalog reads (admins only), products here and categories and banners in
 * admin-categories.ts:
 * - `GET /admin/products?q=&catId=&published=&page=&perPage=`: every product, on sale or not,
 *   newest first; `q` is a product id, or words of its name or brand;
 * - `GET /admin/products/:id`: the form's fields as they stand, plus rating, discount and state.
 * The list filters and pages the small `adminProducts` entries; each row's figures come from the
 * product's own document, so stock shown is what the storefront shows.
 */
export function adminCatalogQueryRouter(deps: AdminCatalogQueryDeps): Router {
  const router = new Router();
  const guard = adminOnly(deps.tokens);
  const { docs, publicUrls } = deps;

  router.get('/admin/products', guard, async (ctx) => {
    const { q, catId, published, page, perPage } = validate(productQuery, ctx.query, (msg) => new HttpError(400, { error: true, msg }));
    const filter: Filter = {};
    if (catId) filter.catId = catId;
    if (published) filter.published = published === 'true' ? 1 : 0;
    let entries: AdminProductEntryDoc[];
    let total: number;
    if (q && isId(q)) {
      const entry = await docs.get<AdminProductEntryDoc>(CATALOG.adminProducts, q);
      const matches = entry !== null && Object.entries(filter).every(([field, value]) => entry[field as keyof AdminProductEntryDoc] === value);
      entries = matches && page === 1 ? [entry] : [];
      total = matches ? 1 : 0;
    } else {
      const text = q ? { text: q } : {};
      [entries, total] = await Promise.all([
        docs.find<AdminProductEntryDoc>(CATALOG.adminProducts, filter, { ...text, sort: NEWEST_FIRST, skip: (page - 1) * perPage, limit: perPage }),
        docs.count(CATALOG.adminProducts, filter, text),
      ]);
    }
    const found = await Promise.all(entries.map((entry) => findProduct(docs, entry._id)));
    const products = found.filter((f) => f !== null).map((f) => publicUrls.withImages(row(f.doc, f.published)));
    const reply: AdminProductList = { products, totalPages: Math.ceil(total / perPage), page };
    ctx.body = reply;
  });

  router.get('/admin/products/:id', guard, async (ctx) => {
    const id = ctx.params.id;
    const found = isId(id) ? await findProduct(docs, id) : null;
    if (!found) throw new HttpError(404, NOT_FOUND);
    const { doc, published } = found;
    const reply: AdminProductReply = {
      id: doc.id,
      name: doc.name,
      brand: doc.brand,
      description: doc.description,
      images: doc.images,
      price: doc.price,
      oldPrice: doc.oldPrice,
      countInStock: doc.countInStock,
      isFeatured: doc.isFeatured,
      catId: doc.catId,
      subCatId: doc.subCatId,
      productRam: doc.productRam,
      size: doc.size,
      productWeight: doc.productWeight,
      location: doc.location,
      // Each with what is left of its stock, as the editor shows it.
      variants: doc.variants ?? [],
      published,
      rating: doc.rating,
      discount: doc.discount,
      dateCreated: doc.dateCreated,
    };
    ctx.body = publicUrls.withImages(reply);
  });

  adminCategoryQueries(router, docs, publicUrls, guard);
  return router;
}
