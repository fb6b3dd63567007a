import { failedBody, shopApi } from './shopApi.ts';
import type { CartItem, FlaggedReply, NewCartItem } from './types.ts';

const CART_LIST = { type: 'Cart' as const, id: 'LIST' };

/**
 * The cart's calls. A change's reply is the changed line exactly as `GET /api/cart` would serve it,
 * so each change writes its reply into the cached cart (the page and the header badge read it)
 * instead of fetching the whole cart again: one request per click. A refused change refetches,
 * since the refusal (a line gone, stock moved) says the cached cart is out of date.
 */
export const cartApi = shopApi.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<CartItem[], string>({
      query: (userId) => ({ url: '/cart', params: { userId } }),
      providesTags: [CART_LIST],
    }),
    addToCart: build.mutation<CartItem & FlaggedReply, NewCartItem>({
      query: (item) => ({ url: '/cart/add', method: 'POST', body: item }),
      async onQueryStarted(item, { dispatch, queryFulfilled }) {
        const reply = await settled(queryFulfilled, () => dispatch(shopApi.util.invalidateTags([CART_LIST])));
        // A new line joins the end (the cart lists oldest first); the same options again raise their line.
        if (reply && !failedBody(reply)) dispatch(cartApi.util.updateQueryData('getCart', item.userId, (lines) => upsert(lines, reply)));
      },
    }),
    updateCartItem: build.mutation<CartItem, Partial<NewCartItem> & { id: string; userId: string }>({
      query: ({ id, ...item }) => ({ url: `/cart/${encodeURIComponent(id)}`, method: 'PUT', body: item }),
      async onQueryStarted({ userId }, { dispatch, queryFulfilled }) {
        const reply = await settled(queryFulfilled, () => dispatch(shopApi.util.invalidateTags([CART_LIST])));
        if (reply) dispatch(cartApi.util.updateQueryData('getCart', userId, (lines) => upsert(lines, reply)));
      },
    }),
    removeCartItem: build.mutation<FlaggedReply, { id: string; userId: string }>({
      query: ({ id }) => ({ url: `/cart/${encodeURIComponent(id)}`, method: 'DELETE' }),
      async onQueryStarted({ id, userId }, { dispatch, queryFulfilled }) {
        const reply = await settled(queryFulfilled, () => dispatch(shopApi.util.invalidateTags([CART_LIST])));
        if (reply) dispatch(cartApi.util.updateQueryData('getCart', userId, (lines) => lines.filter((line) => line.id !== id)));
      },
    }),
  }),
});

/** The mutation's reply, or undefined after running `onRefused` when it failed. */
async function settled<T>(fulfilled: Promise<{ data: T }>, onRefused: () => void): Promise<T | undefined> {
  try {
    return (await fulfilled).data;
  } catch {
    onRefused();
    return undefined;
  }
}

function upsert(lines: CartItem[], line: CartItem): CartItem[] {
  const at = lines.findIndex((l) => l.id === line.id);
  return at < 0 ? [...lines, line] : lines.map((l, i) => (i === at ? line : l));
}

export const { useGetCartQuery, useAddToCartMutation, useUpdateCartItemMutation, useRemoveCartItemMutation } = cartApi;
