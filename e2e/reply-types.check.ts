/**
 * The storefront declares the reply shapes it reads (ui/src/api/types.ts) instead of importing
 * the server's, so the browser bundle depends on the HTTP contract only. This file keeps the two
 * from drifting apart: it only type-checks (`npm run typecheck`), and fails when what the server
 * serves no longer satisfies what the storefront expects (a field renamed, dropped or retyped).
 */
import type {
  BannerDoc,
  CartLineDoc,
  CategoryDoc,
  CountryDoc,
  MyListDoc,
  OrderDoc,
  ProductDoc,
  ProductPage as ServedProductPage,
  ReviewDoc,
  SignedInUser,
  UserDoc,
} from '@shop/contracts';
import type { CheckoutReply } from '@shop/command-api';
import type { AuditReport as ServedAuditReport } from '@shop/projections';
import type {
  AuditReport,
  Banner,
  CartItem,
  Category,
  CheckoutSession,
  Country,
  MyListEntry,
  Order,
  Product,
  ProductPage,
  Review,
  User,
} from '../ui/src/api/types.ts';

/** Compiles only when every value the server serves as `Served` is a valid `Read`. */
type Serves<Served extends Read, Read> = [Served, Read];

export type ReplyContract = [
  Serves<ProductDoc, Product>,
  Serves<ServedProductPage, ProductPage>,
  Serves<CategoryDoc, Category>,
  Serves<BannerDoc, Banner>,
  Serves<CountryDoc, Country>,
  Serves<CartLineDoc, CartItem>,
  Serves<MyListDoc, MyListEntry>,
  Serves<ReviewDoc, Review>,
  Serves<OrderDoc, Order>,
  Serves<UserDoc, User>,
  Serves<SignedInUser, User>,
  Serves<ServedAuditReport, AuditReport>,
  Serves<CheckoutReply, CheckoutSession>,
];
