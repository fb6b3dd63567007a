import {
  CATALOG,
  CATEGORY_ORDER_ID,
  catalogEventSchemas,
  type AdminProductEntryDoc,
  type BannerDoc,
  type CatalogEventMap,
  type CategoryDoc,
  type CategoryOrderDoc,
  type ProductDetails,
  type ProductDoc,
} from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import type { Projection, ProjectionView } from '../projection.ts';
import { catalogCollections } from './collections.ts';
import { applyStockToProduct, withVariants, type StockTrackedProduct } from '../order/catalog-stock.ts';
import { applyReviewToProduct } from '../review/catalog-rating.ts';
import { productHome } from './product-home.ts';

/** Events of other features that change what a product shows (its rating, its stock left). */
const followers: Record<string, (event: RecordedEvent, view: ProjectionView) => Promise<void>> = {
  ProductReviewed: applyReviewToProduct,
  ProductReviewEdited: applyReviewToProduct,
  StockReserved: applyStockToProduct,
  StockReleased: applyStockToProduct,
  StockReceived: applyStockToProduct,
};

type Handler<K extends keyof CatalogEventMap> = (
  data: CatalogEventMap[K],
  view: ProjectionView,
  event: RecordedEvent,
) => Promise<void> | void;

const handlers: { [K in keyof CatalogEventMap]?: Handler<K> } = {
  CategoryCreated(data, view, event) {
    const doc: CategoryDoc = {
      _id: data.categoryId,
      id: data.categoryId,
      name: data.name,
      color: data.color,
      images: data.images,
      children: [],
      dateCreated: event.metadata.timestamp,
    };
    view.put(CATALOG.categories, doc);
  },

  async SubcategoryAdded(data, view) {
    const category = await view.get<CategoryDoc>(CATALOG.categories, data.categoryId);
    if (!category) return;
    const child = { _id: data.subcategoryId, id: data.subcategoryId, name: data.name, parentId: data.categoryId };
    const children = category.children.filter((c) => c.id !== child.id);
    const updated: CategoryDoc = { ...category, children: [...children, child] };
    view.put(CATALOG.categories, updated);
  },

  async CategoryRevised(data, view) {
    const category = await view.get<CategoryDoc>(CATALOG.categories, data.categoryId);
    if (!category) return;
    view.put(CATALOG.categories, { ...category, name: data.name, color: data.color, images: data.images });
    // Products (on sale or not) and banners copy the name: a rename reaches every one of them.
    if (category.name !== data.name) await renameIn(view, { catId: data.categoryId }, { catName: data.name }, { catName: data.name });
  },

  async SubcategoryRenamed(data, view) {
    const category = await view.get<CategoryDoc>(CATALOG.categories, data.categoryId);
    if (!category) return;
    const children = category.children.map((c) => (c.id === data.subcategoryId ? { ...c, name: data.name } : c));
    view.put(CATALOG.categories, { ...category, children });
    await renameIn(view, { subCatId: data.subcategoryId }, { subCatName: data.name, subCat: data.name }, { subCatName: data.name });
  },

  CategoriesReordered(data, view) {
    // Raises the categories' change counter: the storefront's category replies follow the order.
    view.put<CategoryOrderDoc>(CATALOG.categoryOrder, { _id: CATEGORY_ORDER_ID, ids: data.ids }, { counter: CATALOG.categories });
  },

  async ProductListed({ productId, listedAt, ...details }, view) {
    const doc = await productDoc(productId, details, listedAt, view);
    view.put(CATALOG.products, doc);
    view.put(CATALOG.adminProducts, adminEntry(doc, true));
  },

  async ProductRevised(data, view) {
    // An unpublished product is revised where it waits, and stays unpublished.
    const home = await productHome(view, data.productId);
    if (!home) return;
    const current = home.doc;
    const { productId, ...details } = data;
    const revised = await productDoc(productId, details, current.dateCreated, view);
    // Once shoppers have reviewed a product, its rating follows their reviews, not the catalog.
    let kept: StockTrackedProduct =
      current.numReviews > 0 ? { ...revised, rating: current.rating, numReviews: current.numReviews } : revised;
    // Once stock has moved, the stock stream says what is left, not the listing (per variant for variants).
    const tracked = current as StockTrackedProduct;
    if (tracked.stockTracked) kept = { ...kept, countInStock: current.countInStock, stockTracked: true };
    if (tracked.variantStockLeft) kept = { ...kept, variantStockLeft: tracked.variantStockLeft };
    kept = withVariants(kept, details.variants ?? []);
    view.put(home.collection, kept);
    view.put(CATALOG.adminProducts, adminEntry(kept, home.collection === CATALOG.products));
  },

  async ProductUnpublished({ productId }, view) {
    const doc = await view.get<ProductDoc>(CATALOG.products, productId);
    if (!doc) return;
    // Out of the storefront's collection, so no listing, search reply, page or cart can find it.
    view.delete(CATALOG.products, productId);
    view.put(CATALOG.unpublishedProducts, doc);
    view.put(CATALOG.adminProducts, adminEntry(doc, false));
  },

  async ProductPublished({ productId }, view) {
    const doc = await view.get<ProductDoc>(CATALOG.unpublishedProducts, productId);
    if (!doc) return;
    view.delete(CATALOG.unpublishedProducts, productId);
    view.put(CATALOG.products, doc);
    view.put(CATALOG.adminProducts, adminEntry(doc, true));
  },

  async BannerPublished(data, view, event) {
    view.put(CATALOG.banners, await bannerDoc(data, event.metadata.timestamp, view));
  },

  async BannerRevised(data, view) {
    const current = await view.get<BannerDoc>(CATALOG.banners, data.bannerId);
    if (!current) return;
    view.put(CATALOG.banners, await bannerDoc(data, current.dateCreated, view));
  },

  BannerWithdrawn(data, view) {
    view.delete(CATALOG.banners, data.bannerId);
  },
};

/**
 * Writes a category's new name into every document that copies it. A rename is rare and rewrites
 * each product of the category in one batch (at 1,000,000 products in eight categories, ~125,000
 * documents: seconds, like a small rebuild), which keeps every read a plain read of its document.
 */
async function renameIn(
  view: ProjectionView,
  filter: Record<string, string>,
  productNames: Partial<ProductDoc>,
  bannerNames: Partial<BannerDoc>,
): Promise<void> {
  for (const collection of [CATALOG.products, CATALOG.unpublishedProducts]) {
    for (const doc of await view.find<ProductDoc>(collection, filter)) view.put(collection, { ...doc, ...productNames });
  }
  for (const banner of await view.find<BannerDoc>(CATALOG.banners, filter)) view.put(CATALOG.banners, { ...banner, ...bannerNames });
}

async function bannerDoc(data: CatalogEventMap['BannerPublished'], dateCreated: string, view: ProjectionView): Promise<BannerDoc> {
  const names = await categoryNames(view, data.catId, data.subCatId);
  return {
    _id: data.bannerId,
    id: data.bannerId,
    kind: data.kind,
    images: data.images,
    catId: data.catId,
    catName: names.catName,
    subCatId: data.subCatId,
    subCatName: names.subCatName,
    dateCreated,
  };
}

async function categoryNames(view: ProjectionView, catId: string | null, subCatId: string | null) {
  const category = catId ? await view.get<CategoryDoc>(CATALOG.categories, catId) : null;
  const sub = category?.children.find((c) => c.id === subCatId);
  return { catName: category?.name ?? null, subCatName: sub?.name ?? null };
}

async function productDoc(id: string, data: ProductDetails, dateCreated: string, view: ProjectionView): Promise<ProductDoc> {
  const names = await categoryNames(view, data.catId, data.subCatId);
  const doc: ProductDoc = {
    _id: id,
    id,
    prodId: id,
    ...data,
    catName: names.catName ?? '',
    subCatName: names.subCatName ?? '',
    subCat: names.subCatName ?? '',
    numReviews: 0,
    locationCodes: data.location.map((l) => l.value),
    dateCreated,
  };
  return withVariants(doc, data.variants ?? []);
}

function adminEntry(doc: ProductDoc, published: boolean): AdminProductEntryDoc {
  return { _id: doc.id, name: doc.name, brand: doc.brand, catId: doc.catId, published: published ? 1 : 0, dateCreated: doc.dateCreated };
}

/** Categories with their subcategories, products with category names, and banners. */
export const catalogProjection: Projection = {
  name: 'catalog',
  // 2: products carry their variants, each with its stock left, and the product's stock is their sum.
  version: 2,
  collections: catalogCollections,
  handles: new Set([...Object.keys(handlers), ...Object.keys(followers)]),
  async apply(event, view) {
    const follower = followers[event.type];
    if (follower) return follower(event, view);
    const type = event.type as keyof CatalogEventMap;
    const handler = handlers[type] as Handler<typeof type> | undefined;
    if (!handler) return;
    const data = catalogEventSchemas[type].parse(event.data) as CatalogEventMap[typeof type];
    await handler(data, view, event);
  },
};
