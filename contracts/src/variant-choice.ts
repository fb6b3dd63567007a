/**
 * Choosing among a product's variants, without zod: the storefront's product page picks the
 * variant a shopper's choosers name in the browser, where zod would be tens of kilobytes of script
 * on the first screen. product-variants.ts (the schemas) re-exports all of this.
 */

/** The option kinds a variant is made of, in the order a line names them. */
export const VARIANT_OPTION_KINDS = ['size', 'productRam', 'productWeight'] as const;
export type VariantOptionKind = (typeof VARIANT_OPTION_KINDS)[number];

/** How a line names each option kind to a person ("Size: M", "RAM: 16 GB", "Weight: 2 kg"). */
export const VARIANT_OPTION_NAMES: Record<VariantOptionKind, string> = { size: 'Size', productRam: 'RAM', productWeight: 'Weight' };

/** What a shopper chose on a line: one label per option kind, or none. */
export type OptionChoice = { [K in VariantOptionKind]?: string | null };

/** The variant a shopper's choice names (every option kind the variants have, matched exactly), if any. */
export function variantFor<V extends { options: OptionChoice }>(variants: readonly V[], choice: OptionChoice): V | undefined {
  return variants.find((variant) => VARIANT_OPTION_KINDS.every((kind) => (variant.options[kind] ?? null) === (choice[kind] || null)));
}

/** A variant's options as a person reads them: "Size: M", "RAM: 16GB · Weight: 2kg". */
export function variantLabel(options: OptionChoice): string {
  return VARIANT_OPTION_KINDS.filter((kind) => options[kind])
    .map((kind) => `${VARIANT_OPTION_NAMES[kind]}: ${options[kind]}`)
    .join(' · ');
}
