/**
 * The names of the read models: the document collections each projection writes, and the
 * projections (checkpoint groups) a command reply waits for. The write side, the read side and the
 * projections all name them from here; the collections' indexes stay with their projections.
 */

/**
 * The change counter (`DocumentStore.changeVersion`) a product's stock moving raises instead of
 * the products collection's: a checkout changes no listing's members or order, so caches of
 * listings need not see it, while whatever shows or checks stock must ask for this one too.
 */
export const CATALOG_STOCK_COUNTER = 'catalogStock';

/** Collections of the `catalog` projection. */
export const CATALOG = {
  products: 'products',
  categories: 'categories',
  banners: 'banners',
  stockChanges: 'stockChanges',
  /** Products an admin unpublished, kept whole (stock and rating still follow) until published again. */
  unpublishedProducts: 'unpublishedProducts',
  /** One small entry per product, published or not, that the back office's product list filters and pages. */
  adminProducts: 'adminProducts',
  /** The storefront's category order (one document, `CATEGORY_ORDER_ID`); writes raise the categories' counter. */
  categoryOrder: 'categoryOrder',
} as const;
export const CATEGORY_ORDER_ID = 'order';

/**
 * Change counters of the catalog (`DocumentStore.changeVersion`). A product's stock moving (every
 * checkout) changes no listing's members or order, only that product's documents, so it raises
 * `stock` instead of the products' counter, and `stockChanges` says which products moved: reply
 * caches then retire only the replies that hold them (see read-api's catalog cache).
 */
export const CATALOG_COUNTERS = {
  /** Everything but stock: listings' members and order, product details, categories, banners. */
  catalog: [CATALOG.products, CATALOG.categories, CATALOG.banners],
  stock: CATALOG_STOCK_COUNTER,
} as const;

/** Collections of the `accounts` projection. */
export const ACCOUNT_COLLECTIONS = { users: 'users', imageUploads: 'imageUploads', sessionCutoffs: 'sessionCutoffs' } as const;

/** Collections of the shopper group's members (see `shopperProjection`). */
export const CART = { lines: 'cart' } as const;
export const MY_LIST = { entries: 'myList' } as const;
export const REVIEWS = { reviews: 'productReviews' } as const;
export const ORDERS = { orders: 'orders' } as const;
export const CHECKOUTS = { processes: 'checkoutProcesses' } as const;
export const REFUNDS = { refunds: 'refunds' } as const;

/**
 * Collections of the `backOffice` projection: orders as the back office lists and finds them, and
 * the dashboard's running totals (`slot:<ISO instant>` per 15-minute UTC slot, and `totals`) and stock levels.
 */
export const BACK_OFFICE = { orders: 'adminOrders', orderKeys: 'adminOrderKeys', dashboard: 'adminDashboard', stock: 'adminStock' } as const;
export const DASHBOARD_TOTALS_ID = 'totals';
export const dashboardSlotId = (slot: string) => `slot:${slot}`;

/**
 * Collections of the back office's `customers` projection (run in the `backOffice` group): one
 * row per account with what the customers list shows and searches (name and e-mail words).
 */
export const CUSTOMERS = { customers: 'adminCustomers' } as const;

/**
 * Collections of the `personal-data` projection (run in the `backOffice` group): the index a
 * person's data export reads instead of the whole log. `streams`: per user, the streams other
 * than their own that hold events about them, and which revisions; `orderOwners`: per order, the
 * users its later events are about.
 */
export const PERSONAL_DATA = { streams: 'personalDataStreams', orderOwners: 'personalDataOrderOwners' } as const;

/**
 * Collections of the `search` projection: one small entry per product with the words shoppers
 * search by, and the category names those entries copy.
 */
export const SEARCH = { entries: 'searchEntries', categories: 'searchCategories' } as const;

/**
 * The projection (checkpoint group) that keeps each read model: what a command's reply waits for
 * so the next read shows the change. The cart, My List, reviews, orders and checkout processes run
 * as one `shopper` projection.
 */
export const READ_MODELS = {
  catalog: 'catalog',
  cart: 'shopper',
  myList: 'shopper',
  reviews: 'shopper',
  orders: 'shopper',
  checkouts: 'shopper',
  giftCards: 'shopper',
  backOffice: 'backOffice',
  customers: 'backOffice',
  /** Promotions, their uses and discounts given (what carts are priced with). */
  promotions: 'backOffice',
  /** The index of each person's events that their data export reads. */
  personalData: 'backOffice',
  /** The search read model: a new or edited product is found by the next search. */
  search: 'search',
} as const;

/** The shopper group's projection name (`READ_MODELS.cart` and its siblings). */
export const SHOPPER_PROJECTION = READ_MODELS.cart;

/**
 * Collections of the gift cards projection (a member of the shopper group): one document per card
 * (back office list, My Account), and one per checkout's debit while it waits for its payment
 * (the sweep that gives unpaid debits back reads them).
 */
export const GIFT_CARDS = { cards: 'giftCards', holds: 'giftCardHolds' } as const;
