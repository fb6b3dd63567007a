import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { signedOut } from '../session/sessionSlice.ts';
import { navigateTo } from './navigation.ts';
import { signInPath } from '../session/returnPath.ts';
import type {
  Banner,
  BannerKind,
  Category,
  Country,
  DeliveryEstimate,
  FlaggedReply,
  MyListEntry,
  NewMyListEntry,
  Product,
  ProductPage,
  ProductQuery,
  User,
} from './types.ts';

interface TokenState {
  session: { token: string | null };
}

/** Every call goes to our own `/api`, with the session's bearer token when there is one. */
const fetchWithToken = fetchBaseQuery({
  // Absolute, so the same code runs where `Request` does not resolve relative URLs (tests).
  baseUrl: `${globalThis.location?.origin ?? ''}/api`,
  prepareHeaders(headers, { getState }) {
    const token = (getState() as TokenState).session.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

/** How long after a "still updating" answer the views refetch what the change may have touched. */
export const STILL_UPDATING_REFETCH_MS = 1500;

/** The server's answer to a change it saved before its views caught up (202 with `updating`). */
function stillUpdating(status: number | undefined, data: unknown): data is { msg?: string; updating: true } {
  return status === 202 && typeof data === 'object' && data !== null && (data as { updating?: unknown }).updating === true;
}

/**
 * A 401 to a call that carried the current token means the session is over (expired or revoked):
 * sign out cleanly (stored session and per-user caches) and go to /signIn, which leads back here.
 *
 * A 202 "still updating" means the change was saved but the reply could not show it yet: the
 * call is answered as an error carrying the server's message (the page shows it where it shows
 * a refusal, and shows no result it does not have), and the views refetch a moment later.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const sent = (api.getState() as TokenState).session.token;
  const result = await fetchWithToken(args, api, extra);
  if (result.error?.status === 401 && sent && (api.getState() as TokenState).session.token === sent) {
    api.dispatch(signedOut());
    api.dispatch(shopApi.util.invalidateTags(['Cart', 'MyList', 'Orders', 'User']));
    // Signing in again comes back to the page the shopper was on.
    navigateTo(signInPath(`${window.location.pathname}${window.location.search}`));
  }
  if (!result.error && stillUpdating(result.meta?.response?.status, result.data)) {
    setTimeout(() => api.dispatch(shopApi.util.invalidateTags(['Cart', 'MyList', 'Orders', 'User', 'Reviews', 'Products', 'Product'])), STILL_UPDATING_REFETCH_MS);
    return { error: { status: 202, data: result.data }, meta: result.meta };
  }
  return result;
};

const BANNER_PATHS: Record<BannerKind, string> = {
  home: '/homeBanner',
  middle: '/banners',
  side: '/homeSideBanners',
  bottom: '/homeBottomBanners',
};

/** `location=All` is the same as none on the server; leave it out so caches share entries. */
const withLocation = (location: string) => (location && location !== 'All' ? { location } : {});

const productTags = (products: Product[] | undefined) => [
  { type: 'Products' as const, id: 'LIST' },
  ...(products ?? []).map((p) => ({ type: 'Product' as const, id: p.id })),
];

/** GET /api/search/results: one page of ranked products, plus what to offer when nothing matches well. */
export interface SearchResults {
  products: Product[];
  total: number;
  page: number;
  perPage: number;
  totalPages: number;
  /** Queries with the closest real words, when some word matched nothing or only through a typo. */
  didYouMean: string[];
  /** Popular products of the nearest category (catName null: of the whole shop), when nothing matched. */
  fallback: { catId: string | null; catName: string | null; products: Product[] } | null;
}

/**
 * The one RTK Query slice of the storefront, with the catalog's reads. Tag types name every
 * resource the UI reads, so a change invalidates exactly the views that show it: a review its
 * product's reviews and rating, an order the cart, orders and stock. Each feature injects its own
 * calls (`injectEndpoints`) from its own module: the cart's and the account's here in api/
 * (several features use them), checkout's, orders' and reviews' in their feature's folder
 * (checkout/checkoutApi.ts, orders/ordersApi.ts, product/reviewsApi.ts), the back office's in
 * admin/. A module's calls join the slice when the module loads, so a lazily loaded page brings
 * its own. My List's stay here: the product cards of every page use them, and a module of their
 * own would be one more chunk for every page to load.
 */
export const shopApi = createApi({
  reducerPath: 'shopApi',
  baseQuery,
  tagTypes: ['Products', 'Product', 'Categories', 'Banners', 'Search', 'Countries', 'Cart', 'MyList', 'Orders', 'Reviews', 'User'],
  keepUnusedDataFor: 300,
  endpoints: (build) => ({
    // ---- catalog -------------------------------------------------------------------------
    getCategories: build.query<Category[], void>({
      query: () => '/category',
      transformResponse: (reply: { categoryList?: Category[] }) => reply.categoryList ?? [],
      providesTags: ['Categories'],
    }),
    getProducts: build.query<ProductPage, ProductQuery>({
      query: ({ location, ...filters }) => ({ url: '/products', params: { ...filters, ...withLocation(location) } }),
      providesTags: (reply) => productTags(reply?.products),
    }),
    getFeaturedProducts: build.query<Product[], string>({
      query: (location) => ({ url: '/products/featured', params: withLocation(location) }),
      providesTags: (reply) => productTags(reply),
    }),
    getProduct: build.query<Product, string>({
      query: (id) => `/products/${encodeURIComponent(id)}`,
      providesTags: (_reply, _error, id) => [{ type: 'Product', id }],
    }),
    getBanners: build.query<Banner[], BannerKind>({
      query: (kind) => BANNER_PATHS[kind],
      providesTags: (_reply, _error, kind) => [{ type: 'Banners', id: kind }],
    }),
    // The storefront's search: a page of results, "Did you mean" queries and fallback products.
    searchResults: build.query<SearchResults, { q: string; location: string; perPage: number }>({
      query: ({ q, location, perPage }) => ({ url: '/search/results', params: { q, perPage, ...withLocation(location) } }),
      providesTags: (reply) => [{ type: 'Search', id: 'LIST' }, ...(reply?.products ?? []).map((p) => ({ type: 'Product' as const, id: p.id }))],
    }),
    // The results page: the same pages one after another ("Load more" fetches the next).
    searchResultPages: build.infiniteQuery<SearchResults, { q: string; location: string; perPage: number }, number>({
      infiniteQueryOptions: {
        initialPageParam: 1,
        getNextPageParam: (last, _all, lastPage) => (lastPage < last.totalPages ? lastPage + 1 : undefined),
      },
      query: ({ queryArg: { q, location, perPage }, pageParam }) => ({ url: '/search/results', params: { q, perPage, page: pageParam, ...withLocation(location) } }),
      providesTags: (reply) => [
        { type: 'Search', id: 'LIST' },
        ...(reply?.pages ?? []).flatMap((page) => page.products.map((p) => ({ type: 'Product' as const, id: p.id }))),
      ],
    }),
    // When a parcel to a pincode would arrive, COD there, and the delivery fee (product page, cart, checkout).
    getDeliveryEstimate: build.query<DeliveryEstimate, { pincode: string; productId?: string }>({
      query: ({ pincode, productId }) => ({ url: '/delivery/estimate', params: { pincode, ...(productId ? { productId } : {}) } }),
      keepUnusedDataFor: 600,
    }),
    getCountries: build.query<Country[], void>({
      query: () => '/countries',
      providesTags: ['Countries'],
      keepUnusedDataFor: 3600,
    }),

    // ---- My List (the product cards' heart and the My List page) ----------------------
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

    // ---- account -----------------------------------------------------------------------
    getUser: build.query<User, string>({
      query: (id) => `/user/${encodeURIComponent(id)}`,
      providesTags: (_reply, _error, id) => [{ type: 'User', id }],
    }),
    subscribeNewsletter: build.mutation<FlaggedReply, { email: string }>({
      query: (body) => ({ url: '/newsletter', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetDeliveryEstimateQuery,
  useGetCategoriesQuery,
  useGetProductsQuery,
  useGetFeaturedProductsQuery,
  useGetProductQuery,
  useGetBannersQuery,
  useSearchResultsQuery,
  useSearchResultPagesInfiniteQuery,
  useGetCountriesQuery,
  useGetMyListQuery,
  useAddToMyListMutation,
  useRemoveFromMyListMutation,
  useGetUserQuery,
  useSubscribeNewsletterMutation,
} = shopApi;

/**
 * The message a reply or error carries (`msg` or `message`), for the snackbar. The original API
 * puts failure flags in bodies whatever the status, so both success and error bodies are read.
 */
export function replyMessage(reply: unknown, fallback: string): string {
  const body = (reply && typeof reply === 'object' && 'data' in reply ? (reply as FetchBaseQueryError).data : reply) as FlaggedReply | undefined;
  if (body && typeof body === 'object') {
    if (typeof body.msg === 'string' && body.msg) return body.msg;
    if (typeof body.message === 'string' && body.message) return body.message;
  }
  return fallback;
}

/** True when a 2xx body still says it failed (`status: false`, `"FAILED"`, `error: true`, `success: false`). */
export function failedBody(reply: unknown): boolean {
  if (!reply || typeof reply !== 'object') return false;
  const body = reply as FlaggedReply;
  return body.status === false || body.status === 'FAILED' || body.error === true || body.success === false;
}
