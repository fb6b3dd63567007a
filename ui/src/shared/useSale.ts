import { bestSaleFor, salePrice, type PromotionRule } from '@shop/contracts/promotion-rules';
import { useGetRunningPromotionsQuery, type RunningPromotion } from '../api/promotionsApi.ts';

const asRule = (p: RunningPromotion): PromotionRule => ({ ...p, state: 'active' });

type SaleProduct = { id: string; catId?: string | null; subCatId?: string | null };

/** The best sale running now for a unit of `product` at `price` (the server's own rule, `bestSaleFor`). */
function bestSale(running: readonly RunningPromotion[] | undefined, product: SaleProduct, price: number) {
  if (!running?.length) return null;
  return bestSaleFor(running.map(asRule), { productId: product.id, catId: product.catId ?? null, subCatId: product.subCatId ?? null, price }, new Date());
}

/**
 * The sale a product is in now, if any: its name and the unit price the checkout will charge
 * (on the sales the server says are running).
 */
export function useSale(product: SaleProduct, price: number): { name: string; price: number } | null {
  const { data } = useGetRunningPromotionsQuery();
  const best = bestSale(data, product, price);
  return best ? { name: best.rule.name, price: salePrice(price, best.rule.value) } : null;
}

/**
 * What a unit of this product costs now at any of its prices (a variant's among them): the sale
 * price the checkout will charge while a sale covers it, else the price itself. The product
 * page's headline and its option buttons both read it, so a button never shows the pre-sale price
 * under a sale headline.
 */
export function useSalePricing(product: SaleProduct): (price: number) => number {
  const { data } = useGetRunningPromotionsQuery();
  return (price) => {
    const best = bestSale(data, product, price);
    return best ? salePrice(price, best.rule.value) : price;
  };
}

/** The largest percentage off among the sales running now (0: none), for the sale banner. */
export function useRunningSale(): { name: string; upTo: number } | null {
  const { data } = useGetRunningPromotionsQuery();
  const sales = (data ?? []).filter((p) => p.type === 'percent');
  if (!sales.length) return null;
  const top = sales.reduce((a, b) => (b.value > a.value ? b : a));
  return { name: top.name, upTo: top.value };
}
