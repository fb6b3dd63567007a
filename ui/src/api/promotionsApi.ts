import type { PromotionRule } from '@shop/contracts/promotion-rules';
import { shopApi } from './shopApi.ts';

/** An automatic promotion running now (`GET /api/promotions/running`): a sale, buy X get Y, free delivery. */
export type RunningPromotion = Pick<PromotionRule, 'id' | 'name' | 'type' | 'value' | 'categoryIds' | 'productIds' | 'startsAt' | 'endsAt' | 'getQuantity'>;

/** The cart as the server prices it (`GET /api/cart/discounts`, and the coupon calls' replies). */
export interface CartPricing {
  status: true;
  code: string | null;
  /** Why the applied coupon takes nothing off now (it expired, the cart is under its minimum…). */
  couponRefused: string | null;
  discounts: { label: string; amount: number; code?: string }[];
  subtotal: number;
  total: number;
}

/** The cart's pricing: asked again when a coupon changes, or when a payment was refused for a price the shop no longer gives. */
export const CART_PRICING = { type: 'Cart' as const, id: 'PRICING' };

/**
 * Promotions as the storefront reads them. The server decides every price; the running sales are
 * fetched so listings show the price the checkout will charge, and the cart's discounts come
 * from the server's own pipeline. `cartKey` changes with the cart's lines, so the discounts are
 * asked for again whenever the cart changes.
 */
export const promotionsApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getRunningPromotions: build.query<RunningPromotion[], void>({
      query: () => '/promotions/running',
      // A sale starts and ends on the clock: asked again every few minutes.
      keepUnusedDataFor: 120,
    }),
    getCartPricing: build.query<CartPricing, string>({
      query: () => '/cart/discounts',
      providesTags: [CART_PRICING],
    }),
    applyCoupon: build.mutation<CartPricing, { code: string }>({
      query: (body) => ({ url: '/cart/coupon', method: 'POST', body }),
      invalidatesTags: [CART_PRICING],
    }),
    removeCoupon: build.mutation<CartPricing, void>({
      query: () => ({ url: '/cart/coupon', method: 'DELETE' }),
      invalidatesTags: [CART_PRICING],
    }),
  }),
});

export const { useGetRunningPromotionsQuery, useGetCartPricingQuery, useApplyCouponMutation, useRemoveCouponMutation } = promotionsApi;
