import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import {
  BACK_OFFICE,
  DASHBOARD_TOTALS_ID,
  ID_PATTERN,
  daysBefore,
  orderStatus,
  shopDay,
  type AdminDashboardReply,
  type AdminOrderDoc,
  type AdminOrderKeyDoc,
  type AdminOrderReply,
  type DashboardSlotDoc,
  type DashboardSales,
  type DashboardTotalsDoc,
  type OrderStatus,
  type StockLevelDoc,
} from '@shop/contracts';
import { HttpError, validate, type DocumentStore, type Filter, type PublicUrls } from '@shop/platform';
import { adminListQuery, blank } from '../shared/admin-query.ts';
import { peopleNamed } from './people.ts';

export interface BackOfficeDeps {
  docs: DocumentStore;
  publicUrls: PublicUrls;
  config: { SHOP_TIME_ZONE: string; LOW_STOCK_THRESHOLD: number };
  /** Today, for the dashboard's day totals (tests pin it). */
  now?: () => Date;
}

const orderQuery = adminListQuery(200).extend({
  status: z.preprocess(blank, orderStatus.optional()),
});

const LOW_STOCK_SHOWN = 20;
const WEEK_DAYS = 7;
const DAY_MS = 86_400_000;
/** Reaches past any zone's offset (at most 14 hours) on both sides of the week's UTC days. */
const SLOT_MARGIN_MS = DAY_MS;

/** A "low on stock" row: the product's figures and, for a product with variants, each variant's, lowest first (the one to restock). */
function lowStockRow({ id, name, countInStock, lowestInStock, variants }: StockLevelDoc): AdminDashboardReply['lowStock']['products'][number] {
  const row = { id, name, countInStock, lowestInStock };
  if (!variants?.length) return row;
  const byCount = [...variants].sort((a, b) => a.countInStock - b.countInStock);
  return { ...row, variants: byCount.map(({ sku, options, countInStock: left }) => ({ sku, options, countInStock: left })) };
}

/**
 * The back office's reads:
 * - `GET /admin/orders?status=&q=&page=&perPage=`: every shopper's orders, newest first, with
 *   their status history; `q` is an order id, payment id (ours or the provider's) or e-mail;
 * - `GET /admin/orders/:id`: one of them with `people` (who its shopper and history's actors
 *   are), 404 for an unknown id;
 * - `GET /admin/dashboard`: orders and net sales today and over 7 days, with gross sales, what
 *   cancels and returns took back and gift cards sold apart (days of the shop's time
 *   zone), orders per status, products whose least-stocked variant (or own count) is at or below
 *   the low-stock threshold (lowest first, with each variant's count) and
 *   refunds owed, from the back-office projection's totals.
 */
export function backOfficeRoutes(router: Router, deps: BackOfficeDeps, guard: Middleware): void {
  router.get('/admin/orders', guard, async (ctx) => {
    const { status, q, page, perPage } = validate(orderQuery, ctx.query, (msg) => new HttpError(400, { error: true, msg }));
    const sort: [string, 1 | -1][] = [['date', -1], ['_id', -1]];
    const window = { skip: (page - 1) * perPage, limit: perPage };
    const byStatus: Filter = status ? { status } : {};
    let orders: AdminOrderDoc[];
    let total: number;
    if (q) {
      // Ids match as typed; e-mails are kept in lower case.
      const filter: Filter = { key: { $in: [...new Set([q, q.toLowerCase()])] }, ...byStatus };
      const [keys, count] = await Promise.all([
        deps.docs.find<AdminOrderKeyDoc>(BACK_OFFICE.orderKeys, filter, { sort, ...window }),
        deps.docs.count(BACK_OFFICE.orderKeys, filter),
      ]);
      const found = await Promise.all(keys.map((key) => deps.docs.get<AdminOrderDoc>(BACK_OFFICE.orders, key.orderId)));
      orders = found.filter((order): order is AdminOrderDoc => order !== null);
      total = count;
    } else {
      [orders, total] = await Promise.all([
        deps.docs.find<AdminOrderDoc>(BACK_OFFICE.orders, byStatus, { sort, ...window }),
        deps.docs.count(BACK_OFFICE.orders, byStatus),
      ]);
    }
    ctx.body = {
      orders: orders.map((order) => deps.publicUrls.withLineImages(order)),
      totalPages: Math.ceil(total / perPage),
      page,
    };
  });

  router.get('/admin/orders/:id', guard, async (ctx) => {
    const id = ctx.params.id ?? '';
    if (!ID_PATTERN.test(id)) throw new HttpError(400, { error: true, msg: 'Invalid order id' });
    const order = await deps.docs.get<AdminOrderDoc>(BACK_OFFICE.orders, id);
    if (!order) throw new HttpError(404, { error: true, msg: 'Order not found' });
    const people = await peopleNamed(deps.docs, [order.userid, ...order.history.map((step) => step.by)]);
    const reply: AdminOrderReply = { ...deps.publicUrls.withLineImages(order), people };
    ctx.body = reply;
  });

  router.get('/admin/dashboard', guard, async (ctx) => {
    const { SHOP_TIME_ZONE: timeZone, LOW_STOCK_THRESHOLD: threshold } = deps.config;
    const now = (deps.now?.() ?? new Date()).getTime();
    const today = shopDay(new Date(now), timeZone);
    const week = new Set(Array.from({ length: WEEK_DAYS }, (_, back) => daysBefore(today, back)));
    const window = { $gte: new Date(now - WEEK_DAYS * DAY_MS - SLOT_MARGIN_MS).toISOString(), $lt: new Date(now + SLOT_MARGIN_MS).toISOString() };
    const [slots, totals, lowStock] = await Promise.all([
      deps.docs.find<DashboardSlotDoc>(BACK_OFFICE.dashboard, { slot: window }),
      deps.docs.get<DashboardTotalsDoc>(BACK_OFFICE.dashboard, DASHBOARD_TOTALS_ID),
      deps.docs.find<StockLevelDoc>(BACK_OFFICE.stock, { lowestInStock: { $lte: threshold }, unpublished: { $ne: true } }, {
        sort: [['lowestInStock', 1], ['_id', 1]],
        limit: LOW_STOCK_SHOWN,
      }),
    ]);
    const sales = (docs: DashboardSlotDoc[]): DashboardSales =>
      docs.reduce(
        (acc, doc) => ({
          orders: acc.orders + doc.orders,
          revenue: acc.revenue + doc.revenue,
          gross: acc.gross + (doc.gross ?? doc.revenue),
          reversed: acc.reversed + (doc.reversed ?? 0),
          giftCardsSold: acc.giftCardsSold + (doc.giftCardsSold ?? 0),
        }),
        { orders: 0, revenue: 0, gross: 0, reversed: 0, giftCardsSold: 0 },
      );
    const dayOf = (slot: DashboardSlotDoc) => shopDay(slot.slot, timeZone);
    const statuses = Object.fromEntries(orderStatus.options.map((s) => [s, totals?.statuses[s] ?? 0])) as Record<OrderStatus, number>;
    const todaySales = sales(slots.filter((slot) => dayOf(slot) === today));
    const weekSales = sales(slots.filter((slot) => week.has(dayOf(slot))));
    const reply: AdminDashboardReply = {
      timeZone,
      today: { orders: todaySales.orders, revenue: todaySales.revenue },
      last7Days: { orders: weekSales.orders, revenue: weekSales.revenue },
      sales: { today: todaySales, last7Days: weekSales },
      ordersByStatus: statuses,
      lowStock: { threshold, products: lowStock.map(lowStockRow) },
      refundsOwed: totals?.refundsOwed ?? { count: 0, amount: 0 },
    };
    ctx.body = reply;
  });
}
