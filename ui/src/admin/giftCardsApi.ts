import type { GiftCardDoc } from '@shop/contracts';
import { shopApi } from '../api/shopApi.ts';

/** A card as the back office lists it (the code is never listed: it was shown once, when issued). */
export type AdminGiftCard = Omit<GiftCardDoc, '_id' | 'holders'>;

/** The back office's gift cards: list, issue (the code shown once), void. */
export const giftCardsApi = shopApi.enhanceEndpoints({ addTagTypes: ['AdminGiftCards'] }).injectEndpoints({
  endpoints: (build) => ({
    getGiftCards: build.query<AdminGiftCard[], void>({ query: () => '/admin/gift-cards', providesTags: ['AdminGiftCards'] }),
    issueGiftCard: build.mutation<{ id: string; code: string }, { amount: number; recipientEmail?: string; message?: string }>({
      query: (body) => ({ url: '/admin/gift-cards', method: 'POST', body }),
      invalidatesTags: ['AdminGiftCards'],
    }),
    voidGiftCard: build.mutation<unknown, string>({
      query: (id) => ({ url: `/admin/gift-cards/${encodeURIComponent(id)}/void`, method: 'PUT' }),
      invalidatesTags: ['AdminGiftCards'],
    }),
  }),
});

export const { useGetGiftCardsQuery, useIssueGiftCardMutation, useVoidGiftCardMutation } = giftCardsApi;
