import { totalVariantStock, variantsProblem, type AdminProductInput, type ProductDetails, type ProductVariant } from '@shop/contracts';
import { DomainError } from '../shared/decider.ts';
import type { CommandContext } from '../shared/stream-commands.ts';
import type { CatalogCommands } from './commands.ts';

/** The discount shown on a product: what the old price is cut by, in whole percent (as the seed derives it). */
export function discountOf(price: number, oldPrice: number): number {
  return oldPrice > price ? Math.round(((oldPrice - price) * 100) / oldPrice) : 0;
}

/**
 * A product's details from an admin's form. Rating and stock are not the form's to set: the
 * rating comes from reviews, and after listing stock moves only by receipts and sales.
 */
export function detailsFromForm(input: AdminProductInput, kept: Pick<ProductDetails, 'rating' | 'countInStock' | 'variants'>): ProductDetails {
  const { countInStock: _ignored, variants: formVariants = [], ...fields } = input;
  const problem = variantsProblem(input, formVariants);
  if (problem) throw new DomainError('invalid', problem);
  // A variant already listed keeps its opening stock (its stock stream counts from there).
  const opening = new Map((kept.variants ?? []).map((v) => [v.sku, v.countInStock]));
  const variants: ProductVariant[] = formVariants.map((v) => ({ ...v, countInStock: opening.get(v.sku) ?? v.countInStock }));
  const countInStock = variants.length > 0 ? totalVariantStock(variants) : kept.countInStock;
  return { ...fields, discount: discountOf(input.price, input.oldPrice), rating: kept.rating, countInStock, variants };
}

/**
 * `POST /api/admin/products`: a new product, on sale or (`draft`) off sale until published, its
 * opening stock from the form.
 */
export async function createProduct(catalog: CatalogCommands, input: AdminProductInput, ctx: CommandContext, options: { draft?: boolean } = {}) {
  const details = detailsFromForm(input, { rating: 0, countInStock: input.countInStock, variants: [] });
  return catalog.saveProduct({ details, draft: options.draft }, ctx);
}

/**
 * `PUT /api/admin/products/:id`: every field the form holds, except stock (the listing's opening
 * figure stays, so neither the stock stream's start nor the moves since are reset) and rating.
 */
export async function editProduct(catalog: CatalogCommands, productId: string, input: AdminProductInput, ctx: CommandContext) {
  const current = await catalog.product(productId);
  if (!current.details) throw new DomainError('not-found', 'Product not found');
  const details = detailsFromForm(input, current.details);
  return catalog.saveProduct({ productId, details }, ctx);
}
