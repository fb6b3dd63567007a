import { shopApi } from './shopApi.ts';
import type { FlaggedReply, MyListEntry, NewMyListEntry } from './types.ts';

/**
 * My List's calls, shared by the product cards' heart (shared/useWishlist.ts) and the My List
 * page. A change invalidates the list and the product's own "is it listed?" entry.
 */
export const myListApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getMyList: build.query<MyListEntry[], { userId: string; productId?: string }>({
      query: ({ userId, productId }) => ({ url: '/my-list', params: { userId, productId } }),
      providesTags: (_reply, _error, { productId }) => [{ type: 'MyList', id: productId ?? 'LIST' }],
    }),
    addToMyList: build.mutation<MyListEntry & FlaggedReply, NewMyListEntry>({
      query: (entry) => ({ url: '/my-list/add/', method: 'POST', body: entry }),
      invalidatesTags: (_reply, _error, entry) => [
        { type: 'MyList', id: 'LIST' },
        { type: 'MyList', id: entry.productId },
      ],
    }),
    removeFromMyList: build.mutation<FlaggedReply, { id: string; productId?: string }>({
      query: ({ id }) => ({ url: `/my-list/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_reply, _error, { productId }) => [
        { type: 'MyList', id: 'LIST' },
        ...(productId ? [{ type: 'MyList' as const, id: productId }] : []),
      ],
    }),
  }),
});

export const { useGetMyListQuery, useAddToMyListMutation, useRemoveFromMyListMutation } = myListApi;
