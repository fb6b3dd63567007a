import { z } from 'zod';
import { VARIANT_OPTION_KINDS, VARIANT_OPTION_NAMES, variantFor, variantLabel, type OptionChoice, type VariantOptionKind } from './variant-choice.ts';

export { VARIANT_OPTION_KINDS, VARIANT_OPTION_NAMES, variantFor, variantLabel, type OptionChoice, type VariantOptionKind };

/**
 * A product's variants: one per combination of its options (size, RAM, weight) that the shop
 * sells, each with its own SKU, price and stock. The option lists (`size`, `productRam`,
 * `productWeight`) stay on the product as arrays of labels, as the original API serves them; a
 * variant names one label of each list the product has.
 */

const optionLabel = z.string().min(1).max(40);

export const variantOptions = z.strictObject({
  size: optionLabel.optional(),
  productRam: optionLabel.optional(),
  productWeight: optionLabel.optional(),
});
export type VariantOptions = z.infer<typeof variantOptions>;

/** A stock keeping unit: letters, digits and . _ - (no spaces), so it prints on a slip and scans. */
export const skuSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'A SKU is 1 to 64 letters, digits, dots, dashes or underscores');

export const productVariant = z.object({
  sku: skuSchema,
  options: variantOptions,
  /** Whole rupees. */
  price: z.number().int().min(1).max(10_000_000),
  /** The MRP struck through beside the price, when there is one. */
  oldPrice: z.number().int().min(0).max(10_000_000).optional(),
  /** The variant's stock: its opening stock in a catalog event, what is left in a reply. */
  countInStock: z.number().int().min(0).max(1_000_000),
});
export type ProductVariant = z.infer<typeof productVariant>;

/** More combinations than a shopper can choose from on one page is a data mistake. */
export const MAX_VARIANTS = 100;
export const variantList = z.array(productVariant).max(MAX_VARIANTS);

/** The product's option lists as the original API has them. */
export type OptionLists = { [K in VariantOptionKind]: readonly string[] };

/**
 * What is wrong with a product's variants, or null: each variant names exactly one label of each
 * option list the product has (and none of a list it lacks), no two variants name the same
 * combination, and no two share a SKU.
 */
export function variantsProblem(lists: OptionLists, variants: readonly ProductVariant[]): string | null {
  const kinds = VARIANT_OPTION_KINDS.filter((kind) => lists[kind].length > 0);
  if (variants.length > 0 && kinds.length === 0) return 'Variants need options: add sizes, RAM or weights first';
  const skus = new Set<string>();
  const combinations = new Set<string>();
  for (const variant of variants) {
    for (const kind of VARIANT_OPTION_KINDS) {
      const value = variant.options[kind];
      if (!kinds.includes(kind)) {
        if (value !== undefined) return `Variant ${variant.sku} names a ${VARIANT_OPTION_NAMES[kind]} the product does not offer`;
      } else if (value === undefined || !lists[kind].includes(value)) {
        return `Variant ${variant.sku} must name one of the product's ${VARIANT_OPTION_NAMES[kind]} options`;
      }
    }
    const skuKey = variant.sku.toLowerCase();
    if (skus.has(skuKey)) return `SKU ${variant.sku} is used by two variants`;
    skus.add(skuKey);
    const combination = variantLabel(variant.options);
    if (combinations.has(combination)) return `Two variants are both ${combination}`;
    combinations.add(combination);
  }
  return null;
}

/** A variant's stock while its stock stream has not moved it: its opening figure. Sum for the product. */
export function totalVariantStock(variants: readonly Pick<ProductVariant, 'countInStock'>[]): number {
  return variants.reduce((sum, variant) => sum + variant.countInStock, 0);
}

/**
 * ProductListed / ProductRevised version 1 → 2: products listed before variants existed have
 * none. Their options stay plain labels and their stock stays the product's one count (the stock
 * stream moved it per product), so nothing is counted twice or lost.
 */
export function productDetailsV1ToV2(data: unknown): unknown {
  return { ...(data as Record<string, unknown>), variants: [] };
}

/** What a product sells a chosen line at: the variant's SKU, price and stock, or the product's own. */
export interface LineOffer {
  variant: ProductVariant | null;
  price: number;
  countInStock: number;
}

/**
 * The offer a line's choice names on this product: a product with variants sells the variant
 * the choice names (null when it names none: that line cannot be bought), one without sells
 * itself whatever option labels were chosen.
 */
export function offerFor(
  product: { price: number; countInStock: number; variants?: readonly ProductVariant[] },
  choice: OptionChoice,
): LineOffer | null {
  const variants = product.variants ?? [];
  if (variants.length === 0) return { variant: null, price: product.price, countInStock: product.countInStock };
  const variant = variantFor(variants, choice);
  return variant ? { variant, price: variant.price, countInStock: variant.countInStock } : null;
}

/** Stock left for a line's choice (0 when its variant is no longer sold). */
export function stockForChoice(product: { price: number; countInStock: number; variants?: readonly ProductVariant[] }, choice: OptionChoice): number {
  return offerFor(product, choice)?.countInStock ?? 0;
}

/** A line's title as a parcel's papers print it: "Zen Laptop (RAM: 16GB)", or the title alone without options. */
export function titleWithVariant(line: { productTitle: string } & OptionChoice): string {
  const label = variantLabel(line);
  return label ? `${line.productTitle} (${label})` : line.productTitle;
}
