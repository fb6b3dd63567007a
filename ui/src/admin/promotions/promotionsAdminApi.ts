import type { PromotionDoc, PromotionInput, PromotionRedemptionDoc, PromotionState } from '@shop/contracts';
import { shopApi } from '../../api/shopApi.ts';

// Type-only imports from @shop/contracts: its values would pull zod into the bundle.
export type { PromotionDoc, PromotionInput, PromotionState } from '@shop/contracts';
export type PromotionDetail = PromotionDoc & { redemptions: PromotionRedemptionDoc[] };

/** The back office's promotions: list, one with its uses, create, pause / resume / end. */
export const promotionsAdminApi = shopApi.enhanceEndpoints({ addTagTypes: ['AdminPromotions'] }).injectEndpoints({
  endpoints: (build) => ({
    getAdminPromotions: build.query<PromotionDoc[], void>({
      query: () => '/admin/promotions',
      providesTags: ['AdminPromotions'],
    }),
    getAdminPromotion: build.query<PromotionDetail, string>({
      query: (id) => `/admin/promotions/${encodeURIComponent(id)}`,
      providesTags: ['AdminPromotions'],
    }),
    createPromotion: build.mutation<{ id: string }, PromotionInput>({
      query: (body) => ({ url: '/admin/promotions', method: 'POST', body }),
      // A new sale changes what the storefront shows too.
      invalidatesTags: ['AdminPromotions', 'Cart'],
    }),
    changePromotion: build.mutation<{ id: string; state: PromotionState }, { id: string; state: PromotionState }>({
      query: ({ id, state }) => ({ url: `/admin/promotions/${encodeURIComponent(id)}`, method: 'PUT', body: { state } }),
      invalidatesTags: ['AdminPromotions', 'Cart'],
    }),
  }),
});

export const { useGetAdminPromotionsQuery, useGetAdminPromotionQuery, useCreatePromotionMutation, useChangePromotionMutation } = promotionsAdminApi;
