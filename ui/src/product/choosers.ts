import type { ProductVariant } from '@shop/contracts/product-variants';
import { variantFor } from '@shop/contracts/variant-choice';
import type { Product } from '../api/types.ts';

export type OptionKind = 'productRam' | 'size' | 'productWeight';
export const OPTION_KINDS: readonly OptionKind[] = ['productRam', 'size', 'productWeight'];
export const OPTION_LABELS: Record<OptionKind, string> = { productRam: 'RAM', size: 'Size', productWeight: 'Weight' };

export type Selections = Record<OptionKind, string | null>;
export const NO_SELECTIONS: Selections = { productRam: null, size: null, productWeight: null };

type Options = Pick<Product, OptionKind>;

const valuesOf = (product: Options, kind: OptionKind): string[] => (Array.isArray(product[kind]) ? product[kind].filter((v) => v !== '') : []);

/** The choosers a product shows: only those with values (a product with no sizes shows no Size). */
export function visibleOptions(product: Options): OptionKind[] {
  return OPTION_KINDS.filter((kind) => valuesOf(product, kind).length > 0);
}

export function optionValues(product: Options, kind: OptionKind): string[] {
  return valuesOf(product, kind);
}

/** Shown choosers still without a choice. A product without choices counts as preselected. */
export function missingOptions(product: Options, selections: Selections): OptionKind[] {
  return visibleOptions(product).filter((kind) => {
    const chosen = selections[kind];
    return chosen === null || !valuesOf(product, kind).includes(chosen);
  });
}

export function optionsReady(product: Options, selections: Selections): boolean {
  return missingOptions(product, selections).length === 0;
}

/** The variant these selections name (every chooser chosen, a combination the shop sells), if any. */
export function chosenVariant(product: Pick<Product, 'variants'>, selections: Selections): ProductVariant | undefined {
  const variants = product.variants ?? [];
  return variants.length > 0 ? variantFor(variants, selections) : undefined;
}

/** The variant a chooser's button would pick, the other choosers as they are (those not yet chosen: any). */
export function variantOfOption(product: Pick<Product, 'variants'>, selections: Selections, kind: OptionKind, value: string): ProductVariant | undefined {
  return (product.variants ?? []).find(
    (v) => v.options[kind] === value && OPTION_KINDS.every((other) => other === kind || selections[other] === null || v.options[other] === selections[other]),
  );
}
