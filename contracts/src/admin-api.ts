import { z } from 'zod';
import { bannerKind, locationSchema, type Location } from './catalog-events.ts';
import type { CartLineDoc } from './cart-read-models.ts';
import type { AdminOrderDoc, DashboardSales } from './order-read-models.ts';
import type { OrderStatus } from './order-rules.ts';
import type { ReviewDoc } from './review-read-models.ts';
import type { BannerDoc } from './catalog-read-models.ts';
import { idSchema } from './ids.ts';
import { skuSchema, variantList, type ProductVariant, type VariantOptions } from './product-variants.ts';

/**
 * The back office's `/api/admin/*` contract: request bodies (zod, checked by the routes and
 * reused by the admin screens' forms) and reply shapes. Every route answers 401 without a token,
 * 403 for a non-admin, 400 `{ error: true, msg }` for a body or query that does not parse, and
 * replies after its read models hold the change (read-your-writes).
 */

/** `?page=&perPage=` lists answer this frame, like the storefront's listings. */
export interface AdminPage {
  totalPages: number;
  page: number;
}

// ── Uploads ────────────────────────────────────────────────────────────────────────────────

/**
 * `POST /api/admin/uploads` (multipart, field `images`, JPEG/PNG/WebP): the files are stored
 * through the files port before the reply; the reply's values go into a product's, category's or
 * banner's `images` as they are.
 */
export interface AdminUploadReply {
  images: string[];
}

// ── Products ───────────────────────────────────────────────────────────────────────────────

const text = (max: number) => z.string().trim().min(1).max(max);
const option = z.string().trim().min(1).max(40);
const imageRef = z.string().min(1).max(500);

/**
 * `POST /api/admin/products` (→ 201 `{ id }`) and `PUT /api/admin/products/:id` (→ `{ id }`):
 * every field of the storefront's product an admin sets. The server derives `discount` from
 * price and old price; the rating comes from reviews; stock after listing moves only by receipts
 * (`POST /api/admin/products/:id/stock`) and sales, so `countInStock` here is the opening stock
 * of a new product and is ignored on edit.
 */
export const adminProductInput = z.object({
  name: text(200),
  brand: text(80),
  description: text(5000),
  images: z.array(imageRef).min(1).max(20),
  price: z.number().int().min(1).max(10_000_000),
  oldPrice: z.number().int().min(0).max(10_000_000),
  countInStock: z.number().int().min(0).max(1_000_000),
  isFeatured: z.boolean(),
  catId: idSchema,
  subCatId: idSchema,
  productRam: z.array(option).max(20),
  size: z.array(option).max(20),
  productWeight: z.array(option).max(20),
  location: z.array(locationSchema).min(1).max(300),
  /**
   * The combinations of the options above the shop sells, each with its SKU, price and stock (its
   * opening stock: on edit, a variant already listed keeps its own, as the product does).
   */
  variants: variantList.optional(),
});
export type AdminProductInput = z.infer<typeof adminProductInput>;

/**
 * `POST /api/admin/products`: the form, and whether to save it as a draft: listed but off sale
 * (hidden from the storefront, search and carts) until an admin publishes it.
 */
export const adminProductCreateInput = adminProductInput.extend({ draft: z.boolean().default(false) });
export type AdminProductCreateInput = z.input<typeof adminProductCreateInput>;

/** `GET /api/admin/products?q=&catId=&published=&page=&perPage=`: `q` is a name, brand or id. */
export interface AdminProductRow {
  id: string;
  name: string;
  brand: string;
  images: string[];
  price: number;
  oldPrice: number;
  countInStock: number;
  catId: string;
  catName: string;
  subCatId: string;
  subCatName: string;
  isFeatured: boolean;
  published: boolean;
  /** Each variant with its stock left (empty or absent without variants), so a receipt can name one. */
  variants?: ProductVariant[];
  dateCreated: string;
}
export interface AdminProductList extends AdminPage {
  products: AdminProductRow[];
}

/** `GET /api/admin/products/:id`: the editable fields as they stand, plus what the form shows. */
export interface AdminProductReply extends AdminProductInput {
  id: string;
  published: boolean;
  rating: number;
  discount: number;
  dateCreated: string;
}

/** `POST /api/admin/products/:id/unpublish` and `/publish` → this. Unpublished products leave listings, search and their page (404) but keep their history. */
export interface AdminPublishReply {
  id: string;
  published: boolean;
}

/**
 * `POST /api/admin/products/:id/stock` `{ quantity, sku? }`: a receipt that adds, never races a
 * sale; `sku` names the variant that arrived (required for a product with variants).
 */
export const stockReceiptInput = z.object({ quantity: z.number().int().min(1).max(1_000_000), sku: skuSchema.optional() });

// ── Categories, subcategories, banners ─────────────────────────────────────────────────────

const colour = z.string().trim().min(1).max(40);

/** `POST /api/admin/categories` → 201 `{ id }`. */
export const adminCategoryInput = z.object({ name: text(80), color: colour, images: z.array(imageRef).max(20) });
/** `PUT /api/admin/categories/:id` → `{ id }`: rename, recolour, replace images (any subset). */
export const adminCategoryPatch = adminCategoryInput.partial();
/** `PUT /api/admin/categories/order` `{ ids }` → `{ ids }`: the storefront's category order. */
export const adminCategoryOrder = z.object({ ids: z.array(idSchema).min(1).max(500) });
/** `POST /api/admin/categories/:id/subcategories` → 201 `{ id }`; `PUT .../subcategories/:subId` renames → `{ id }`. */
export const adminSubcategoryInput = z.object({ name: text(80) });

export interface AdminCategoryRow {
  id: string;
  name: string;
  color: string;
  images: string[];
  position: number;
  products: number;
  children: { id: string; name: string; products: number }[];
}
/** `GET /api/admin/categories`, in storefront order. */
export interface AdminCategoryList {
  categories: AdminCategoryRow[];
}

/** `POST /api/admin/banners` → 201 `{ id }`; `PUT /api/admin/banners/:id` → `{ id }`; `DELETE /api/admin/banners/:id` withdraws it → `{ id }`. */
export const adminBannerInput = z.object({
  kind: bannerKind,
  images: z.array(imageRef).min(1).max(20),
  catId: idSchema.nullable(),
  subCatId: idSchema.nullable(),
});
export type AdminBannerInput = z.infer<typeof adminBannerInput>;
/** A banner as the storefront's read model holds it, without the store's `_id`. */
export type AdminBannerRow = Omit<BannerDoc, '_id'>;
/** `GET /api/admin/banners?kind=`. */
export interface AdminBannerList {
  banners: AdminBannerRow[];
}

// ── Dashboard ──────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/dashboard`: from the back-office projection's running totals; days are the shop's time zone's. */
export interface AdminDashboardReply {
  /** The shop's time zone (IANA name) its days are counted in. */
  timeZone: string;
  /** Orders placed and net sales (`revenue`). */
  today: { orders: number; revenue: number };
  last7Days: { orders: number; revenue: number };
  /** The same days' money in full: gross sales, what cancels and returns took back, net sales, and gift cards sold (a liability). */
  sales: { today: DashboardSales; last7Days: DashboardSales };
  ordersByStatus: Record<OrderStatus, number>;
  /** Products whose least-stocked variant (or own count) is at or below the threshold, lowest first; every variant listed, lowest first. */
  lowStock: { threshold: number; products: { id: string; name: string; countInStock: number; lowestInStock: number; variants?: { sku: string; options: VariantOptions; countInStock: number }[] }[] };
  refundsOwed: { count: number; amount: number };
}

// ── Orders ─────────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/orders?status=&q=&page=&perPage=`. */
export interface AdminOrderList extends AdminPage {
  orders: AdminOrderDoc[];
}
/**
 * Who the user ids in a back-office reply are (its shopper, the admins in its history, the actors
 * of an audit), from the accounts read model: the operator reads names, not ids. An id with no
 * account (a command-line tool, the system) is not in it.
 */
export type PeopleById = Record<string, { name: string; email: string }>;

/** `GET /api/admin/orders/:id`: one order with lines, address, payment and status history, and who `userid` and each step's `by` are. */
export type AdminOrderReply = AdminOrderDoc & { people: PeopleById };

// ── Customers ──────────────────────────────────────────────────────────────────────────────

/** `GET /api/admin/customers?q=&page=&perPage=`: `q` matches a name or e-mail (parts of either). */
export interface AdminCustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  isAdmin: boolean;
  isVerify: boolean;
  orders: number;
  dateCreated: string;
}
export interface AdminCustomerList extends AdminPage {
  customers: AdminCustomerRow[];
}
/** `GET /api/admin/customers/:id`: the customer with their orders, cart and reviews. */
export interface AdminCustomerReply {
  customer: AdminCustomerRow;
  orders: AdminOrderDoc[];
  cart: CartLineDoc[];
  reviews: ReviewDoc[];
}
/**
 * `PUT /api/admin/customers/:id/admin` `{ isAdmin }` → `{ id, isAdmin }`. Refused with 409
 * `{ error: true, msg }` when it would leave the shop without an admin.
 */
export const adminRoleInput = z.object({ isAdmin: z.boolean() });

/** `GET /api/admin/audit/lookup?email=`: what the auditor page can open for a customer. */
export interface AdminAuditLookup {
  userId: string;
  email: string;
  name: string;
  orders: { id: string; date: string; status: string; amount: number }[];
}

/** Kept here so the admin forms and the routes agree on a location's shape. */
export type AdminLocation = Location;

/**
 * The sealing of a log an older release wrote with personal data in clear, done by the shop at
 * start-up (`GET /api/admin/projections`, `logSealing`; null where the log is never rewritten):
 * until `sealed`, erasure is refused. `waiting`: another process holds the work, or it has not
 * started here; `sealing`: how far along, by log position.
 */
export type LogSealingStatus =
  | { state: 'sealed' }
  | { state: 'sealing'; position: number; head: number; sealed: number }
  | { state: 'waiting' }
  | { state: 'failed'; error: string };
