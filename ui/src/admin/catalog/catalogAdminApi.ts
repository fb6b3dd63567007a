import type {
  AdminBannerInput,
  AdminBannerList,
  AdminCategoryList,
  AdminProductCreateInput,
  AdminProductInput,
  AdminProductList,
  AdminProductReply,
  AdminPublishReply,
  AdminUploadReply,
} from '@shop/contracts/admin-api';
import type { BannerKind } from '@shop/contracts/catalog-events';
import { shopApi } from '../../api/shopApi.ts';

/** `GET /api/admin/products` filters; empty values are left out of the query. */
export interface AdminProductQuery {
  q?: string;
  catId?: string;
  published?: 'true' | 'false';
  page: number;
  perPage: number;
}

export interface CategoryPatch {
  name?: string;
  color?: string;
  images?: string[];
}

type IdReply = { id: string };

const nonEmpty = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/**
 * What the storefront shows from the catalog: a back office change must refresh its listings,
 * product pages, search, category menu and banners as well as the admin lists.
 */
const STOREFRONT_PRODUCTS = [{ type: 'Products', id: 'LIST' }, { type: 'Search', id: 'LIST' }] as const;

/**
 * The back office's catalog calls (contracts/src/admin-api.ts), injected into the one shop slice
 * like the audit's. Each list has its own tag; a change invalidates the list it shows in and what
 * the storefront derives from it, so both refetch on the next look.
 */
export const catalogAdminApi = shopApi
  .enhanceEndpoints({ addTagTypes: ['AdminProducts', 'AdminCategories', 'AdminBanners'] })
  .injectEndpoints({
    endpoints: (build) => ({
      // ---- uploads ---------------------------------------------------------------------------
      uploadCatalogImages: build.mutation<AdminUploadReply, File[]>({
        query: (files) => {
          const form = new FormData();
          for (const file of files) form.append('images', file, file.name);
          return { url: '/admin/uploads', method: 'POST', body: form };
        },
      }),

      // ---- products --------------------------------------------------------------------------
      listAdminProducts: build.query<AdminProductList, AdminProductQuery>({
        query: (filters) => ({ url: '/admin/products', params: nonEmpty({ ...filters }) }),
        providesTags: (reply) => [{ type: 'AdminProducts', id: 'LIST' }, ...(reply?.products ?? []).map((p) => ({ type: 'AdminProducts' as const, id: p.id }))],
      }),
      getAdminProduct: build.query<AdminProductReply, string>({
        query: (id) => `/admin/products/${encodeURIComponent(id)}`,
        providesTags: (_reply, _error, id) => [{ type: 'AdminProducts', id }],
      }),
      createProduct: build.mutation<IdReply, AdminProductCreateInput>({
        query: (input) => ({ url: '/admin/products', method: 'POST', body: input }),
        invalidatesTags: [{ type: 'AdminProducts', id: 'LIST' }, { type: 'AdminCategories', id: 'LIST' }, ...STOREFRONT_PRODUCTS],
      }),
      updateProduct: build.mutation<IdReply, { id: string; input: AdminProductInput }>({
        query: ({ id, input }) => ({ url: `/admin/products/${encodeURIComponent(id)}`, method: 'PUT', body: input }),
        invalidatesTags: (_reply, _error, { id }) => [
          { type: 'AdminProducts', id: 'LIST' },
          { type: 'AdminProducts', id },
          { type: 'AdminCategories', id: 'LIST' },
          { type: 'Product', id },
          ...STOREFRONT_PRODUCTS,
        ],
      }),
      setProductPublished: build.mutation<AdminPublishReply, { id: string; published: boolean }>({
        query: ({ id, published }) => ({ url: `/admin/products/${encodeURIComponent(id)}/${published ? 'publish' : 'unpublish'}`, method: 'POST' }),
        invalidatesTags: (_reply, _error, { id }) => [{ type: 'AdminProducts', id: 'LIST' }, { type: 'AdminProducts', id }, { type: 'Product', id }, ...STOREFRONT_PRODUCTS],
      }),
      receiveStock: build.mutation<unknown, { id: string; quantity: number; sku?: string }>({
        query: ({ id, quantity, sku }) => ({ url: `/admin/products/${encodeURIComponent(id)}/stock`, method: 'POST', body: { quantity, ...(sku ? { sku } : {}) } }),
        invalidatesTags: (_reply, _error, { id }) => [{ type: 'AdminProducts', id: 'LIST' }, { type: 'AdminProducts', id }, { type: 'Product', id }],
      }),

      // ---- categories and subcategories -----------------------------------------------------
      listAdminCategories: build.query<AdminCategoryList, void>({
        query: () => '/admin/categories',
        providesTags: [{ type: 'AdminCategories', id: 'LIST' }],
      }),
      createCategory: build.mutation<IdReply, { name: string; color: string; images: string[] }>({
        query: (input) => ({ url: '/admin/categories', method: 'POST', body: input }),
        invalidatesTags: [{ type: 'AdminCategories', id: 'LIST' }, 'Categories'],
      }),
      updateCategory: build.mutation<IdReply, { id: string; patch: CategoryPatch }>({
        query: ({ id, patch }) => ({ url: `/admin/categories/${encodeURIComponent(id)}`, method: 'PUT', body: patch }),
        invalidatesTags: [{ type: 'AdminCategories', id: 'LIST' }, { type: 'AdminProducts', id: 'LIST' }, 'Categories'],
      }),
      reorderCategories: build.mutation<{ ids: string[] }, string[]>({
        query: (ids) => ({ url: '/admin/categories/order', method: 'PUT', body: { ids } }),
        invalidatesTags: [{ type: 'AdminCategories', id: 'LIST' }, 'Categories'],
      }),
      createSubcategory: build.mutation<IdReply, { catId: string; name: string }>({
        query: ({ catId, name }) => ({ url: `/admin/categories/${encodeURIComponent(catId)}/subcategories`, method: 'POST', body: { name } }),
        invalidatesTags: [{ type: 'AdminCategories', id: 'LIST' }, 'Categories'],
      }),
      renameSubcategory: build.mutation<IdReply, { catId: string; subId: string; name: string }>({
        query: ({ catId, subId, name }) => ({
          url: `/admin/categories/${encodeURIComponent(catId)}/subcategories/${encodeURIComponent(subId)}`,
          method: 'PUT',
          body: { name },
        }),
        invalidatesTags: [{ type: 'AdminCategories', id: 'LIST' }, { type: 'AdminProducts', id: 'LIST' }, 'Categories'],
      }),

      // ---- banners ---------------------------------------------------------------------------
      listAdminBanners: build.query<AdminBannerList, BannerKind | undefined>({
        query: (kind) => ({ url: '/admin/banners', params: kind ? { kind } : undefined }),
        providesTags: [{ type: 'AdminBanners', id: 'LIST' }],
      }),
      createBanner: build.mutation<IdReply, AdminBannerInput>({
        query: (input) => ({ url: '/admin/banners', method: 'POST', body: input }),
        invalidatesTags: [{ type: 'AdminBanners', id: 'LIST' }, 'Banners'],
      }),
      updateBanner: build.mutation<IdReply, { id: string; input: AdminBannerInput }>({
        query: ({ id, input }) => ({ url: `/admin/banners/${encodeURIComponent(id)}`, method: 'PUT', body: input }),
        invalidatesTags: [{ type: 'AdminBanners', id: 'LIST' }, 'Banners'],
      }),
      withdrawBanner: build.mutation<IdReply, string>({
        query: (id) => ({ url: `/admin/banners/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: [{ type: 'AdminBanners', id: 'LIST' }, 'Banners'],
      }),
    }),
  });

export const {
  useUploadCatalogImagesMutation,
  useListAdminProductsQuery,
  useGetAdminProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSetProductPublishedMutation,
  useReceiveStockMutation,
  useListAdminCategoriesQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useReorderCategoriesMutation,
  useCreateSubcategoryMutation,
  useRenameSubcategoryMutation,
  useListAdminBannersQuery,
  useCreateBannerMutation,
  useUpdateBannerMutation,
  useWithdrawBannerMutation,
} = catalogAdminApi;
