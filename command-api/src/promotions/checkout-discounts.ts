import type { AppliedPromotionData, OrderDiscount, PipelineResult } from '@shop/contracts';

/** What a payment is opened with from the price pipeline's result. */
export interface CheckoutDiscounts {
  /** The first-order discount, kept where payments and orders have always kept it. */
  discount: OrderDiscount | null;
  /** Every other discount, by name, with what it took off each line. */
  promotions: AppliedPromotionData[];
  /** Every discount as the shopper reads it, in pipeline order. */
  discounts: { label: string; amount: number }[];
  /** The delivery fee as quoted (a free-delivery promotion is one of `promotions`). */
  deliveryFee: number;
  customerKey: string;
}

export function checkoutDiscounts(priced: PipelineResult, customerKey: string): CheckoutDiscounts {
  let discount: OrderDiscount | null = null;
  const promotions: AppliedPromotionData[] = [];
  for (const applied of priced.discounts) {
    if (applied.stage === 'first-order') discount = { kind: 'first-order', label: applied.label, amount: applied.amount };
    else promotions.push({ ...applied, stage: applied.stage });
  }
  return {
    discount,
    promotions,
    discounts: priced.discounts.map(({ label, amount }) => ({ label, amount })),
    deliveryFee: priced.deliveryFee,
    customerKey,
  };
}
