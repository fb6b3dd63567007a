import type { AdminAuditLookup, AdminCustomerList, AdminCustomerReply, AdminDashboardReply, AdminOrderList, AdminOrderReply, OrderDoc, OrderStatus } from '@shop/contracts';
import { shopApi } from '../api/shopApi.ts';

// Type-only imports from @shop/contracts: its values would pull zod into the bundle.
export type { AdminAuditLookup, AdminCustomerList, AdminCustomerReply, AdminCustomerRow, AdminOrderList, AdminOrderReply, OrderStatus } from '@shop/contracts';

/**
 * The statuses in the order an order lives them, and where an order may go next: the order
 * decider's own rules (zod-free, so they cost the bundle nothing). NEXT_STATUSES only decides
 * which buttons the order page offers; the server decides, and its 409 names the truth.
 */
export { ORDER_STATUSES, ORDER_TRANSITIONS as NEXT_STATUSES } from '@shop/contracts/order-rules';

/** `GET /api/admin/dashboard` (read-api/src/admin/back-office-routes.ts). */
export type DashboardReply = AdminDashboardReply;

export interface OrderListArgs {
  status?: OrderStatus;
  q?: string;
  page: number;
  perPage?: number;
}

export interface CustomerListArgs {
  q?: string;
  page: number;
  perPage?: number;
}

/** A 409 to a status change: the message, the order's status and where it may go instead. */
export interface TransitionRefusal {
  error: true;
  msg: string;
  status?: OrderStatus;
  allowed?: OrderStatus[];
}

const withoutBlanks = (params: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/**
 * The back office's reads and commands, injected into the one API slice like the audit's. Tags:
 * a status change refreshes the order, the lists and the dashboard, the shopper's own orders and
 * (a cancel restocks) the catalog; a role change the customers.
 */
export const adminApi = shopApi
  .enhanceEndpoints({ addTagTypes: ['AdminOrder', 'AdminOrders', 'AdminDashboard', 'AdminCustomer', 'AdminCustomers'] })
  .injectEndpoints({
    endpoints: (build) => ({
      getDashboard: build.query<DashboardReply, void>({
        query: () => '/admin/dashboard',
        providesTags: ['AdminDashboard'],
      }),
      getAdminOrders: build.query<AdminOrderList, OrderListArgs>({
        query: ({ status, q, page, perPage }) => ({ url: '/admin/orders', params: withoutBlanks({ status, q, page, perPage }) }),
        providesTags: ['AdminOrders'],
      }),
      getAdminOrder: build.query<AdminOrderReply, string>({
        query: (id) => `/admin/orders/${encodeURIComponent(id)}`,
        providesTags: (_result, _error, id) => [{ type: 'AdminOrder', id }],
      }),
      changeOrderStatus: build.mutation<OrderDoc, { id: string; status: OrderStatus; trackingNumber?: string }>({
        query: ({ id, status, trackingNumber }) => ({
          url: `/orders/${encodeURIComponent(id)}/status`,
          method: 'PUT',
          body: trackingNumber ? { status, trackingNumber } : { status },
        }),
        // Also on a refusal: a 409 means the order moved under us, so it is fetched afresh.
        invalidatesTags: (_result, _error, { id }) => [{ type: 'AdminOrder', id }, 'AdminOrders', 'AdminDashboard', 'AdminCustomer', 'Orders', 'Products', 'Product'],
      }),
      // Cash on delivery: the courier's cash for a delivered order is in (recorded once, with the admin).
      markCashCollected: build.mutation<unknown, { id: string }>({
        query: ({ id }) => ({ url: `/orders/${encodeURIComponent(id)}/cash-collected`, method: 'POST' }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'AdminOrder', id }, 'AdminOrders', 'AdminDashboard', 'Orders'],
      }),
      getCustomers: build.query<AdminCustomerList, CustomerListArgs>({
        query: ({ q, page, perPage }) => ({ url: '/admin/customers', params: withoutBlanks({ q, page, perPage }) }),
        providesTags: ['AdminCustomers'],
      }),
      getCustomer: build.query<AdminCustomerReply, string>({
        query: (id) => `/admin/customers/${encodeURIComponent(id)}`,
        providesTags: (_result, _error, id) => [{ type: 'AdminCustomer', id }],
      }),
      setCustomerAdmin: build.mutation<{ id: string; isAdmin: boolean }, { id: string; isAdmin: boolean }>({
        query: ({ id, isAdmin }) => ({ url: `/admin/customers/${encodeURIComponent(id)}/admin`, method: 'PUT', body: { isAdmin } }),
        invalidatesTags: (_result, _error, { id }) => [{ type: 'AdminCustomer', id }, 'AdminCustomers'],
      }),
      lookupAuditEmail: build.query<AdminAuditLookup, string>({
        query: (email) => ({ url: '/admin/audit/lookup', params: { email } }),
        keepUnusedDataFor: 30,
      }),
    }),
  });

export const {
  useGetDashboardQuery,
  useGetAdminOrdersQuery,
  useGetAdminOrderQuery,
  useChangeOrderStatusMutation,
  useMarkCashCollectedMutation,
  useGetCustomersQuery,
  useGetCustomerQuery,
  useSetCustomerAdminMutation,
  useLazyLookupAuditEmailQuery,
} = adminApi;
