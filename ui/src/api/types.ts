import type { ListingSortName } from '@shop/contracts/listing-address';
import type { ProductVariant } from '@shop/contracts';
/**
 * Reply shapes the storefront reads (the original API's, kept for its clients). Declared here
 * rather than imported from the server's contracts so the browser bundle depends on the HTTP
 * contract only; e2e/reply-types.check.ts fails the type check when the server's shapes stop
 * satisfying these.
 */
export interface Identified {
  _id: string;
  id: string;
}

export interface ProductLocation {
  value: string;
  label: string;
}

export interface Product extends Identified {
  name: string;
  brand: string;
  description: string;
  images: string[];
  price: number;
  oldPrice: number;
  discount: number;
  rating: number;
  numReviews?: number;
  countInStock: number;
  isFeatured: boolean;
  catId: string;
  catName: string;
  subCatId: string;
  subCatName: string;
  productRam: string[];
  size: string[];
  productWeight: string[];
  /** Each variant with its SKU, price and stock left (empty or absent without options). */
  variants?: ProductVariant[];
  location: ProductLocation[];
  dateCreated: string;
  prodId?: string;
}

export interface ProductPage {
  products: Product[];
  totalPages: number;
  page: number;
}

export interface Subcategory extends Identified {
  name: string;
  parentId?: string;
}

export interface Category extends Identified {
  name: string;
  color: string;
  images: string[];
  children: Subcategory[];
}

export interface Banner extends Identified {
  images: string[];
  catId?: string | null;
  catName?: string | null;
  subCatId?: string | null;
  subCatName?: string | null;
}

export type BannerKind = 'home' | 'middle' | 'side' | 'bottom';

export interface Country {
  country: string;
  iso2: string;
}

/** `GET /api/delivery/estimate`: a pincode India Post does not list is `serviceable: false` with `msg`. */
export type DeliveryEstimate =
  | { pincode: string; district: string; state: string; serviceable: true; cod: boolean; codFee?: number; minDays: number; maxDays: number; by: string; fee: number; freeOver: number }
  | { pincode: string; serviceable: false; msg: string };

export interface CartItem extends Identified {
  productTitle: string;
  image: string;
  rating: number;
  price: number;
  quantity: number;
  subTotal: number;
  productId: string;
  countInStock: number;
  userId: string;
}

export type NewCartItem = Omit<CartItem, '_id' | 'id'>;

export interface MyListEntry extends Identified {
  productTitle: string;
  image: string;
  rating: number;
  price: number;
  productId: string;
  userId: string;
}

export type NewMyListEntry = Omit<MyListEntry, '_id' | 'id'>;

export interface Review extends Identified {
  productId: string;
  customerName: string;
  customerId: string;
  review: string;
  customerRating: number;
  dateCreated: string;
  /** The reviewer had bought and received the product (absent from servers before the badge). */
  verifiedBuyer?: boolean;
}

export type NewReview = Omit<Review, '_id' | 'id' | 'dateCreated' | 'verifiedBuyer'>;

export interface OrderLine {
  /** Absent on replies of the original shape; present on every line this shop serves. */
  lineId?: string;
  productId: string;
  productTitle: string;
  image: string;
  quantity: number;
  price: number;
  subTotal: number;
  /** The variant the shopper chose, on lines that have one (absent or null otherwise). */
  size?: string | null;
  productRam?: string | null;
  productWeight?: string | null;
  sku?: string | null;
}

/** One status the order reached and when (ISO time). */
export interface OrderTimelineStep {
  status: string;
  at: string;
}

/** How a shopper pays: online before the order, cash on delivery, or (`gift-card`) a gift card that paid it all. */
export type PaymentMethod = ChosenPaymentMethod | 'gift-card';
/** The ways of paying a shopper chooses from at checkout. */
export type ChosenPaymentMethod = 'upi' | 'netbanking' | 'card' | 'cod';

/** A gift order: the message for the packing slip, wrap and its fee, and the recipient when sent elsewhere. */
export interface GiftDetails {
  message?: string;
  wrap: boolean;
  wrapFee: number;
  recipient?: { name: string; phoneNumber: string; streetAddressLine1: string; streetAddressLine2: string; city: string; state: string; zipCode: string };
}

/** Where an order's money stands (paid online; cash on delivery awaiting confirmation, due, collected, not collected). */
export type PaymentState = 'paid' | 'awaiting-confirmation' | 'due' | 'collected' | 'not-collected';

export interface Order extends Identified {
  paymentId: string;
  name: string;
  phoneNumber: string;
  address: string;
  pincode: string;
  amount: number;
  email: string;
  userid: string;
  status: string;
  date: string;
  products: OrderLine[];
  /** Orders placed with a discount carry it (`amount` is already net of it). */
  discount?: { label: string; amount: number };
  /** Its other discounts (a sale, a coupon, free delivery), by name; `amount` is net of them. */
  promotions?: { label: string; amount: number; stage?: string; code?: string }[];
  /** The billing form as filled in (orders placed since it is kept). */
  billing?: { fullName: string; phoneNumber: string; streetAddressLine1: string; streetAddressLine2?: string; city: string; state: string; zipCode: string };
  city?: string;
  state?: string;
  /** Every status reached, oldest first. */
  history?: OrderTimelineStep[];
  trackingNumber?: string;
  /** The carrier's page for the tracking number. */
  trackingUrl?: string;
  /** Whole rupees charged for delivery, when the order has a fee. */
  deliveryFee?: number;
  /** ISO date the order is expected by, when the shop estimated one. */
  deliverBy?: string;
  paymentMethod?: PaymentMethod;
  paymentState?: PaymentState;
  /** Whole rupees of the cash-on-delivery fee in `amount`. */
  codFee?: number;
  /** Cash on delivery not yet confirmed: by when the shopper must confirm it. */
  codConfirmBy?: string;
  /** The part of `amount` a gift card paid. */
  giftCard?: { codeLast4: string; applied: number };
  gift?: GiftDetails;
}

export interface User extends Identified {
  name: string;
  email: string;
  phone: string;
  images: string[];
  isAdmin: boolean;
}

/** Failure flags the original API puts in bodies whatever the status. */
export interface FlaggedReply {
  status?: boolean | string;
  error?: boolean;
  success?: boolean;
  msg?: string;
  message?: string;
}

/** Filters every listing call understands (GET /api/products). */
export interface ProductQuery {
  catId?: string;
  subCatId?: string;
  minPrice?: number;
  maxPrice?: number;
  rating?: number;
  page?: number;
  perPage?: number;
  location: string;
  /** The listing's sort (server default: newest first). */
  sort?: ListingSort;
}

/** The sorts `?sort=` takes on listings (read-api/src/catalog/query.ts). */
export type ListingSort = ListingSortName;

/** One event of the audited stream, as `GET /api/admin/audit/:kind/:id` lists it. */
export interface AuditEntry {
  revision: number;
  position: string;
  /** ISO time the event was recorded. */
  time: string;
  type: string;
  /** The acting user's id, or null for the system (a checkout, a recovery). */
  actor: string | null;
  correlationId: string | null;
  /** True when the event happened after the moment asked about (not in `state`). */
  afterMoment: boolean;
  fields: Record<string, unknown>;
}

export interface AuditReport {
  kind: string;
  id: string;
  stream: string;
  /** The moment the state is for (ISO), or null for "now". */
  at: string | null;
  exists: boolean;
  eventsApplied: number;
  timeline: AuditEntry[];
  state: unknown;
  /** Who the actors (and a cart's owner) are, by user id; an actor with no account is not in it. */
  people?: Record<string, { name: string; email: string }>;
}

export interface PricedLine {
  lineId: string;
  productId: string;
  productTitle: string;
  image: string;
  price: number;
  quantity: number;
  subTotal: number;
}

/** `POST /api/orders/checkout`: what the browser needs to open the provider's checkout. */
export interface CheckoutSession {
  /** `cod`: no payment to take; the order was placed (`order`) with payment due. */
  provider: 'test' | 'razorpay' | 'cod' | 'gift-card';
  keyId: string;
  /** The provider's order id the payment is bound to. */
  orderId: string;
  /** Paise left to pay (after a gift card's part). */
  amount: number;
  currency: string;
  /** The gift card that paid `applied` rupees of `total`, and its balance now. */
  giftCard?: { code: string; applied: number; balance: number };
  gift?: GiftDetails;
  /** Whole rupees, as the server computed it: the lines' subtotals less `discount`. */
  total: number;
  /** Whole rupees: the sum of the lines' subtotals. */
  subtotal?: number;
  /** The first-order discount the server took off, if any. */
  discount?: { kind: string; label: string; amount: number } | null;
  /** Every discount the server took, by name, in the order it took them. */
  discounts?: { label: string; amount: number }[];
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string; method?: 'upi' | 'netbanking' | 'card' };
  /** Razorpay Standard Checkout's `config` option (UPI Collect hidden). */
  config?: unknown;
  paymentMethod?: PaymentMethod;
  /** Whole rupees of the cash-on-delivery fee in `total`. */
  codFee?: number;
  order?: Order;
  products: PricedLine[];
  testCards?: { success: string; declined: string };
  testBanks?: readonly { code: string; name: string }[];
}
