import { importCatalog } from '@shop/command-api';
import { smallCatalog } from '../test-support/catalog-fixture.ts';
import { GOOGLE_CLIENT_ID, signUpVerified, startAccountShop, startFakeGoogle, type AccountShop } from '../test-support/account-kit.ts';

/**
 * What each `/api` route reads from a request: its JSON body fields and query parameters. The
 * route list itself comes from the real router (`listApiRoutes`); input.test.ts checks this table
 * names exactly those routes, so a new route can not go unattacked.
 */
export interface RouteInput {
  body?: readonly string[];
  query?: readonly string[];
}

const LISTING = ['page', 'perPage', 'catId', 'subCatId', 'catName', 'minPrice', 'maxPrice', 'rating', 'location', 'sort'] as const;
const PRODUCT_FORM = [
  'name', 'brand', 'description', 'images', 'price', 'oldPrice', 'countInStock', 'isFeatured',
  'catId', 'subCatId', 'productRam', 'size', 'productWeight', 'location',
] as const;
const BILLING = ['fullName', 'country', 'streetAddressLine1', 'streetAddressLine2', 'city', 'state', 'zipCode', 'phoneNumber', 'email'] as const;

export const ROUTE_INPUTS: Record<string, RouteInput> = {
  'GET /api/category': {},
  'GET /api/homeBanner': {},
  'GET /api/banners': {},
  'GET /api/homeSideBanners': {},
  'GET /api/homeBottomBanners': {},
  'GET /api/products': { query: LISTING },
  'GET /api/products/catId': { query: LISTING },
  'GET /api/products/subCatId': { query: LISTING },
  'GET /api/products/catName': { query: LISTING },
  'GET /api/products/fiterByPrice': { query: LISTING },
  'GET /api/products/rating': { query: LISTING },
  'GET /api/products/featured': { query: LISTING },
  'GET /api/products/:id': { query: ['location'] },
  'GET /api/search': { query: ['q', 'location', 'limit'] },
  'GET /api/search/results': { query: ['q', 'location', 'page', 'perPage'] },
  'GET /api/countries': {},
  'GET /api/delivery/estimate': { query: ['pincode', 'productId'] },
  'POST /api/user/signup': { body: ['name', 'email', 'phone', 'password'] },
  'POST /api/user/signin': { body: ['email', 'password'] },
  'POST /api/user/signout': {},
  'POST /api/user/verifyAccount/resendOtp': { body: ['email'] },
  'PUT /api/user/verifyAccount/emailVerify/:id': { body: ['email'] },
  'POST /api/user/verifyemail': { body: ['otp', 'email'] },
  'POST /api/user/forgotPassword': { body: ['email'] },
  'POST /api/user/forgotPassword/changePassword': { body: ['email', 'newPass', 'confirmPass'] },
  'PUT /api/user/changePassword/:id': { body: ['password', 'newPass', 'confirmPass'] },
  'PUT /api/user/:id': { body: ['name', 'email', 'phone', 'images'] },
  'DELETE /api/user/:id': { body: ['password'] },
  'GET /api/user/:id/export': {},
  'POST /api/user/upload': { body: ['images'] },
  'DELETE /api/imageUpload/deleteAllImages': {},
  'GET /api/config/public': {},
  'POST /api/user/authWithGoogle': { body: ['credential', 'idToken'] },
  'POST /api/newsletter': { body: ['email'] },
  'GET /api/newsletter/confirm': { query: ['token'] },
  'GET /api/newsletter/unsubscribe': { query: ['token'] },
  'POST /api/newsletter/unsubscribe': { query: ['token', 'from'] },
  'GET /api/user/:id': {},
  'GET /api/imageUpload': {},
  'POST /api/cart/add': { body: ['productId', 'quantity', 'productRam', 'size', 'productWeight'] },
  'GET /api/cart/discounts': {},
  'POST /api/cart/coupon': { body: ['code', 'userId'] },
  'DELETE /api/cart/coupon': { query: ['userId'] },
  'POST /api/admin/promotions': {
    body: ['name', 'type', 'value', 'code', 'maxDiscount', 'minCart', 'startsAt', 'endsAt', 'usageLimit', 'budget', 'perCustomerLimit', 'firstOrderOnly', 'prepaidOnly', 'categoryIds', 'productIds', 'getQuantity'],
  },
  'PUT /api/admin/promotions/:id': { body: ['state'] },
  'GET /api/admin/promotions': {},
  'GET /api/admin/promotions/:id': {},
  'GET /api/promotions/running': {},
  'PUT /api/cart/:id': { body: ['quantity'] },
  'DELETE /api/cart/:id': { query: ['userId'] },
  'GET /api/cart': { query: ['userId'] },
  'GET /api/cart/count': { query: ['userId'] },
  'POST /api/my-list/add': { body: ['productId'] },
  'DELETE /api/my-list/:id': { query: ['userId'] },
  'GET /api/my-list': { query: ['userId', 'productId'] },
  'POST /api/productReviews/add': { body: ['productId', 'review', 'customerRating', 'customerName'] },
  'GET /api/productReviews': { query: ['productId'] },
  'POST /api/orders/checkout': { body: [...BILLING, 'paymentMethod', 'giftCardCode', 'gift'] },
  'POST /api/orders/create': {
    body: ['userId', 'userid', 'razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature', 'order_id', 'payment_id', 'signature', 'amount', ...BILLING],
  },
  'POST /api/payments/test/pay': { body: ['providerOrderId', 'method', 'card', 'bank', 'approve'] },
  'POST /api/payments/abandon': { body: ['providerOrderId'] },
  'POST /api/orders/:id/confirm-cod': { body: ['code'] },
  'POST /api/orders/:id/cash-collected': {},
  'POST /api/payments/razorpay/webhook': { body: ['event', 'payload'] },
  'PUT /api/orders/:id/status': { body: ['status', 'trackingNumber'] },
  'GET /api/orders': { query: ['userId', 'userid'] },
  'GET /api/orders/checkout/defaults': {},
  'GET /api/orders/:id': {},
  'GET /api/orders/:id/invoice': {},
  'GET /api/orders/:id/credit-note': {},
  'GET /api/admin/orders/:id/invoice': {},
  'GET /api/admin/orders/:id/credit-note': {},
  'GET /api/admin/gst/summary': { query: ['month'] },
  'GET /api/admin/gst/summary.csv': { query: ['month', 'table'] },
  'GET /api/admin/products/:id/tax-class': {},
  'PUT /api/admin/products/:id/tax-class': { body: ['hsn', 'ratePercent'] },
  'GET /api/admin/categories/:id/tax-class': {},
  'PUT /api/admin/categories/:id/tax-class': { body: ['hsn', 'ratePercent'] },
  'GET /api/admin/audit/:kind/:id': { query: ['at'] },
  'GET /api/admin/projections': {},
  'POST /api/admin/projections/:name/rebuild': {},
  'GET /api/admin/projections/rebuilds/:id': {},
  'GET /api/admin/orders': { query: ['status', 'q', 'page', 'perPage'] },
  'GET /api/admin/orders/:id': {},
  'GET /api/admin/customers': { query: ['q', 'page', 'perPage'] },
  'GET /api/admin/customers/:id': {},
  'PUT /api/admin/customers/:id/admin': { body: ['isAdmin'] },
  'POST /api/admin/customers/:id/forget': {},
  'GET /api/admin/audit/lookup': { query: ['email'] },
  'GET /api/admin/dashboard': {},
  'POST /api/admin/products/:id/stock': { body: ['quantity'] },
  'POST /api/admin/gift-cards': { body: ['amount', 'recipientEmail', 'message'] },
  'GET /api/admin/gift-cards': {},
  'PUT /api/admin/gift-cards/:id/void': {},
  'GET /api/gift-cards/mine': {},
  'GET /api/gift-cards/amounts': {},
  'POST /api/gift-cards/checkout': { body: ['userId', 'amount', 'recipientEmail', 'message', 'paymentMethod', ...BILLING] },
  'POST /api/gift-cards/balance': { body: ['code'] },
  'POST /api/admin/uploads': { body: ['images'] },
  'POST /api/admin/products': { body: [...PRODUCT_FORM, 'draft'] },
  'PUT /api/admin/products/:id': { body: PRODUCT_FORM },
  'GET /api/admin/products': { query: ['q', 'catId', 'published', 'page', 'perPage'] },
  'GET /api/admin/products/:id': {},
  'POST /api/admin/products/:id/unpublish': {},
  'POST /api/admin/products/:id/publish': {},
  'POST /api/admin/categories': { body: ['name', 'color', 'images'] },
  'PUT /api/admin/categories/order': { body: ['ids'] },
  'PUT /api/admin/categories/:id': { body: ['name', 'color', 'images'] },
  'POST /api/admin/categories/:id/subcategories': { body: ['name'] },
  'PUT /api/admin/categories/:id/subcategories/:subId': { body: ['name'] },
  'GET /api/admin/categories': {},
  'POST /api/admin/banners': { body: ['kind', 'images', 'catId', 'subCatId'] },
  'PUT /api/admin/banners/:id': { body: ['kind', 'images', 'catId', 'subCatId'] },
  'DELETE /api/admin/banners/:id': {},
  'GET /api/admin/banners': { query: ['kind'] },
};

/**
 * A shop with the small catalog, Google sign-in on (against a local stand-in), and one signed-in
 * shopper, so the validators behind sign-in and configuration are reached.
 */
export interface HostileShop {
  shop: AccountShop;
  url: string;
  token: string;
  userId: string;
  productId: string;
  close(): Promise<void>;
}

export async function startHostileShop(env: Record<string, string> = {}): Promise<HostileShop> {
  const google = await startFakeGoogle();
  const shop = await startAccountShop({ GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, ...env });
  const catalog = smallCatalog();
  await shop.t.shop.awaitProjections(await importCatalog(shop.t.shop.catalog, catalog), ['catalog']);
  const { token, userId } = await signUpVerified(shop);
  return { shop, url: shop.t.url, token, userId, productId: catalog.ids.phone, close: async () => {
      await shop.close();
      await google.close();
    },
  };
}

/** `/api/user/:id` → a path the signed-in shopper may use (own ids), so the body is what is judged. */
export function concretePath(pattern: string, h: Pick<HostileShop, 'userId' | 'productId'>): string {
  return pattern
    .replace('/user/:id', `/user/${h.userId}`)
    .replace('/changePassword/:id', `/changePassword/${h.userId}`)
    .replace('/emailVerify/:id', `/emailVerify/${h.userId}`)
    .replace('/products/:id', `/products/${h.productId}`)
    .replace(':kind', 'orders')
    .replace(':name', 'catalog')
    .replace(':id', 'no-such-id');
}

export interface Reply {
  status: number;
  ms: number;
  text: string;
  json: unknown;
  contentType: string;
}

/** One raw request: `body` is sent as is (already JSON text, or anything else). */
export async function send(url: string, method: string, path: string, init: { body?: string; token?: string; headers?: Record<string, string> } = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const started = performance.now();
  const response = await fetch(url + path, { method, headers, body: init.body });
  const text = await response.text();
  const ms = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, ms, text, json, contentType: response.headers.get('content-type') ?? '' };
}

/**
 * What every refusal must look like: JSON in one of the API's reply shapes (a `msg` or `message`
 * the client shows), with no stack trace or file path in it. Returns the problem, or null.
 */
export function replyProblem(reply: Reply): string | null {
  if (reply.status >= 500) return `status ${reply.status}: ${reply.text.slice(0, 200)}`;
  if (/\bat [^()]+\([^()]+:\d+:\d+\)|node_modules|\.ts:\d+/.test(reply.text)) return `stack trace in reply: ${reply.text.slice(0, 200)}`;
  if (reply.status >= 400) {
    if (!reply.contentType.includes('application/json')) return `status ${reply.status} is not JSON (${reply.contentType})`;
    const body = reply.json as Record<string, unknown> | undefined;
    if (!body || typeof body !== 'object' || (typeof body.msg !== 'string' && typeof body.message !== 'string')) {
      return `status ${reply.status} without a msg/message: ${reply.text.slice(0, 200)}`;
    }
  }
  return null;
}

/**
 * Pings `/healthz` back to back until stopped; the longest wait is how long the event loop was
 * held by whatever else the shop was doing.
 */
export function healthWatch(url: string) {
  let stopped = false;
  let worst = 0;
  let count = 0;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      const reply = await fetch(`${url}/healthz`);
      await reply.arrayBuffer();
      worst = Math.max(worst, performance.now() - started);
      count += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return { worstMs: worst, count };
    },
  };
}
