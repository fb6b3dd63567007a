import { z } from 'zod';
import { idSchema } from './ids.ts';
import { variantList } from './product-variants.ts';

/** A place a product is sold: a two-letter country code or "All". */
export const locationSchema = z.object({ value: z.string().regex(/^(All|[A-Z]{2})$/), label: z.string().min(1) });
export type Location = z.infer<typeof locationSchema>;

const imageList = z.array(z.string().min(1)).max(20);
const optionList = z.array(z.string().min(1).max(40)).max(20);

export const categoryCreated = z.object({
  categoryId: idSchema,
  name: z.string().min(1).max(80),
  color: z.string().min(1).max(40),
  images: imageList,
});

export const subcategoryAdded = z.object({
  categoryId: idSchema,
  subcategoryId: idSchema,
  name: z.string().min(1).max(80),
});

/** A category's name, colour and images as they now stand (a rename, a recolour, new images). */
export const categoryRevised = categoryCreated;

export const subcategoryRenamed = subcategoryAdded;

/** The storefront's category order (menus, home): these first, in this order; any other after, oldest first. */
export const categoriesReordered = z.object({ ids: z.array(idSchema).min(1).max(500) });

/** Every descriptive field of a product, as the shop lists it. */
export const productDetails = z.object({
  name: z.string().min(1).max(200),
  brand: z.string().min(1).max(80),
  description: z.string().min(1).max(5000),
  images: imageList.min(1),
  price: z.number().int().min(1),
  oldPrice: z.number().int().min(0),
  discount: z.number().int().min(0).max(100),
  countInStock: z.number().int().min(0),
  rating: z.number().min(0).max(5),
  isFeatured: z.boolean(),
  catId: idSchema,
  subCatId: idSchema,
  productRam: optionList,
  size: optionList,
  productWeight: optionList,
  location: z.array(locationSchema).min(1),
  /**
   * The combinations of the options above the shop sells, each with its SKU, price and opening
   * stock (absent or empty for a product without options). Version 2 of ProductListed/ProductRevised.
   */
  variants: variantList.optional(),
});
export type ProductDetails = z.infer<typeof productDetails>;

export const productListed = productDetails.extend({ productId: idSchema, listedAt: z.iso.datetime() });
export const productRevised = productDetails.extend({ productId: idSchema });

/** An admin took a product off sale: it leaves listings, search and its page, and cannot be added to a cart. */
export const productUnpublished = z.object({ productId: idSchema });
/** An unpublished product is back on sale, as it stood (edits and stock moves made meanwhile included). */
export const productPublished = z.object({ productId: idSchema });

export const bannerKind = z.enum(['home', 'middle', 'side', 'bottom']);
export type BannerKind = z.infer<typeof bannerKind>;

export const bannerPublished = z.object({
  bannerId: idSchema,
  kind: bannerKind,
  images: imageList.min(1),
  catId: idSchema.nullable(),
  subCatId: idSchema.nullable(),
});

/** A banner's kind, images and link as they now stand. */
export const bannerRevised = bannerPublished;
/** A banner taken down: it leaves the storefront for good. */
export const bannerWithdrawn = z.object({ bannerId: idSchema });

export const catalogSeeded = z.object({ version: z.number().int(), categories: z.number().int(), products: z.number().int() });

/** Event type name → schema of its data. Names are facts, in the past tense. */
export const catalogEventSchemas = {
  CategoryCreated: categoryCreated,
  SubcategoryAdded: subcategoryAdded,
  CategoryRevised: categoryRevised,
  SubcategoryRenamed: subcategoryRenamed,
  CategoriesReordered: categoriesReordered,
  ProductListed: productListed,
  ProductRevised: productRevised,
  ProductUnpublished: productUnpublished,
  ProductPublished: productPublished,
  BannerPublished: bannerPublished,
  BannerRevised: bannerRevised,
  BannerWithdrawn: bannerWithdrawn,
  CatalogSeeded: catalogSeeded,
} as const;

export type CatalogEventMap = { [K in keyof typeof catalogEventSchemas]: z.infer<(typeof catalogEventSchemas)[K]> };

export const catalogStreams = {
  category: (id: string) => `category-${id}`,
  product: (id: string) => `product-${id}`,
  banner: (id: string) => `banner-${id}`,
  /** One stream holds the storefront's category order. */
  categoryOrder: 'category-order',
  seed: 'catalog-seed',
} as const;
