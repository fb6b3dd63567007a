import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import {
  BACK_OFFICE,
  CART,
  CATALOG,
  CUSTOMERS,
  ID_PATTERN,
  REVIEWS,
  cartLineReply,
  lineStock,
  type AdminAuditLookup,
  type AdminCustomerList,
  type AdminCustomerReply,
  type AdminCustomerRow,
  type AdminOrderDoc,
  type CustomerDoc,
  type ProductDoc,
  type ReviewDoc,
  type StoredCartLine,
} from '@shop/contracts';
import { HttpError, validate, type DocumentStore, type PublicUrls } from '@shop/platform';
import { adminListQuery } from '../shared/admin-query.ts';

export interface CustomerRouteDeps {
  docs: DocumentStore;
  publicUrls: PublicUrls;
}

const badRequest = (msg: string) => new HttpError(400, { error: true, msg });

const customerQuery = adminListQuery(100);
const lookupQuery = z.object({ email: z.string().trim().min(3, 'email is required').max(254, 'email must be at most 254 characters') });

const NEWEST_FIRST: [string, 1 | -1][] = [['dateCreated', -1], ['_id', -1]];
/** A customer page shows this many of their newest orders and reviews. */
const SHOWN = 100;

const row = ({ id, name, email, phone, isAdmin, isVerify, orders, dateCreated }: CustomerDoc): AdminCustomerRow => ({
  id,
  name,
  email,
  phone,
  isAdmin,
  isVerify,
  orders,
  dateCreated,
});

function customerId(ctx: { params: Record<string, string | undefined> }): string {
  const id = ctx.params.id ?? '';
  if (!ID_PATTERN.test(id)) throw badRequest('Invalid customer id');
  return id;
}

/**
 * The back office's customers:
 * - `GET /admin/customers?q=&page=&perPage=`: accounts newest first; `q` finds the words of a
 *   name or e-mail through the store's text index (case-insensitive; word prefixes on SQLite,
 *   whole words on MongoDB), never a pattern built from the input;
 * - `GET /admin/customers/:id`: one customer with their orders (newest first), cart and reviews;
 * - `GET /admin/audit/lookup?email=`: the account behind an e-mail, for the auditor page: its user
 *   id (which is also its cart's id) and its orders.
 */
export function customerRoutes(router: Router, deps: CustomerRouteDeps, guard: Middleware): void {
  router.get('/admin/customers', guard, async (ctx) => {
    const { q, page, perPage } = validate(customerQuery, ctx.query, badRequest);
    const window = { sort: NEWEST_FIRST, skip: (page - 1) * perPage, limit: perPage };
    const text = q === undefined ? {} : { text: q };
    const [customers, total] = await Promise.all([
      deps.docs.find<CustomerDoc>(CUSTOMERS.customers, {}, { ...window, ...text }),
      deps.docs.count(CUSTOMERS.customers, {}, text),
    ]);
    const reply: AdminCustomerList = { customers: customers.map(row), totalPages: Math.ceil(total / perPage), page };
    ctx.body = reply;
  });

  router.get('/admin/customers/:id', guard, async (ctx) => {
    const id = customerId(ctx);
    const customer = await deps.docs.get<CustomerDoc>(CUSTOMERS.customers, id);
    if (!customer) throw new HttpError(404, { error: true, msg: 'Customer not found' });
    const [orders, lines, reviews] = await Promise.all([
      ordersOf(deps.docs, id),
      deps.docs.find<StoredCartLine>(CART.lines, { userId: id }, { sort: [['dateCreated', 1], ['_id', 1]] }),
      deps.docs.find<ReviewDoc>(REVIEWS.reviews, { customerId: id }, { sort: NEWEST_FIRST, limit: SHOWN }),
    ]);
    const productIds = [...new Set(lines.map((line) => line.productId))];
    const products = productIds.length ? await deps.docs.find<ProductDoc>(CATALOG.products, { _id: { $in: productIds } }) : [];
    const byId = new Map(products.map((p) => [p.id, p]));
    const reply: AdminCustomerReply = {
      customer: row(customer),
      orders: orders.map((order) => deps.publicUrls.withLineImages(order)),
      cart: lines.map((line) => deps.publicUrls.withImage(cartLineReply(line, lineStock(byId.get(line.productId), line)))),
      reviews,
    };
    ctx.body = reply;
  });

  router.get('/admin/audit/lookup', guard, async (ctx) => {
    const { email } = validate(lookupQuery, ctx.query, badRequest);
    // E-mails are kept normalised (lower case), so an exact match on the indexed field finds it.
    const [customer] = await deps.docs.find<CustomerDoc>(CUSTOMERS.customers, { email: email.toLowerCase() }, { limit: 1 });
    if (!customer) throw new HttpError(404, { error: true, msg: `No account has the e-mail ${email.toLowerCase()}` });
    const orders = await ordersOf(deps.docs, customer.id);
    const reply: AdminAuditLookup = {
      userId: customer.id,
      email: customer.email,
      name: customer.name,
      orders: orders.map(({ id, date, status, amount }) => ({ id, date, status, amount })),
    };
    ctx.body = reply;
  });
}

function ordersOf(docs: DocumentStore, userId: string): Promise<AdminOrderDoc[]> {
  return docs.find<AdminOrderDoc>(BACK_OFFICE.orders, { userid: userId }, { sort: [['date', -1], ['_id', -1]], limit: SHOWN });
}
