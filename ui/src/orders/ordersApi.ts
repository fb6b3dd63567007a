import { shopApi } from '../api/shopApi.ts';
import type { Order } from '../api/types.ts';

/** The shopper's orders (the Orders page and its products dialog); a placed order invalidates them. */
export const ordersApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<Order[], string>({
      query: (userid) => ({ url: '/orders', params: { userid } }),
      providesTags: [{ type: 'Orders', id: 'LIST' }],
    }),
    getOrder: build.query<Order, string>({
      query: (id) => `/orders/${encodeURIComponent(id)}`,
      providesTags: (_reply, _error, id) => [{ type: 'Orders', id }],
    }),
  }),
});

export const { useGetOrdersQuery, useGetOrderQuery } = ordersApi;
