import {
  BACK_OFFICE,
  DASHBOARD_TOTALS_ID,
  READ_MODELS,
  dashboardDayId,
  orderDocFrom,
  orderEventSchemas,
  orderStatus,
  paymentEventSchemas,
  type AdminOrderDoc,
  type AdminOrderKeyDoc,
  type DashboardDayDoc,
  type DashboardTotalsDoc,
  type OrderStatus,
} from '@shop/contracts';
import type { Projection, ProjectionView } from '../projection.ts';
import { STOCK_EVENT_TYPES, applyStockLevel } from './stock.ts';

/** A refund the dashboard has counted, so a repeated request or payout is counted once. */
interface RefundMark {
  _id: string;
  status: 'requested' | 'refunded';
  amount: number;
}

const refundMarkId = (providerOrderId: string) => `refund:${providerOrderId}`;

function emptyTotals(): DashboardTotalsDoc {
  const statuses = Object.fromEntries(orderStatus.options.map((status) => [status, 0])) as Record<OrderStatus, number>;
  return { _id: DASHBOARD_TOTALS_ID, id: DASHBOARD_TOTALS_ID, statuses, refundsOwed: { count: 0, amount: 0 } };
}

async function totalsOf(view: ProjectionView): Promise<DashboardTotalsDoc> {
  return (await view.get<DashboardTotalsDoc>(BACK_OFFICE.dashboard, DASHBOARD_TOTALS_ID)) ?? emptyTotals();
}

/** The ways an order is found by `q`: its id, payment ids and e-mail (lower case). */
function keysOf(order: AdminOrderDoc): string[] {
  return [...new Set([order.id, order.paymentId, order.providerOrderId, order.email.toLowerCase()])];
}

function putKeys(view: ProjectionView, order: AdminOrderDoc): void {
  keysOf(order).forEach((key, index) => {
    const doc: AdminOrderKeyDoc = { _id: `${order.id}:${index}`, id: `${order.id}:${index}`, key, orderId: order.id, status: order.status, date: order.date };
    view.put(BACK_OFFICE.orderKeys, doc);
  });
}

/**
 * The back office's read models: every order with its status history and the keys it is found
 * by, and the dashboard's running totals (orders and revenue per UTC day, orders per status,
 * refunds owed) and stock levels, kept as events arrive so the dashboard never scans orders.
 */
export const backOfficeProjection: Projection = {
  name: READ_MODELS.backOffice,
  // 2: stock levels of products with variants list each variant's stock and sum them.
  version: 2,
  collections: [
    { name: BACK_OFFICE.orders, indexes: [['date'], ['status', 'date'], ['userid', 'date']] },
    { name: BACK_OFFICE.orderKeys, indexes: [['key', 'date'], ['key', 'status', 'date'], ['orderId']] },
    { name: BACK_OFFICE.dashboard },
    { name: BACK_OFFICE.stock, indexes: [['countInStock', '_id']] },
  ],
  handles: new Set(['OrderPlaced', 'OrderStatusChanged', 'OrderMailRefused', 'PaymentRefundRequested', 'PaymentRefunded', ...STOCK_EVENT_TYPES]),
  async apply(event, view) {
    if ((STOCK_EVENT_TYPES as readonly string[]).includes(event.type)) return applyStockLevel(event, view);
    switch (event.type) {
      case 'OrderPlaced': {
        const placed = orderEventSchemas.OrderPlaced.parse(event.data);
        if (await view.get<AdminOrderDoc>(BACK_OFFICE.orders, placed.orderId)) return;
        const order: AdminOrderDoc = {
          ...orderDocFrom(placed, 'pending'),
          history: [{ from: null, to: 'pending', at: event.metadata.timestamp, by: placed.userid }],
        };
        view.put(BACK_OFFICE.orders, order);
        putKeys(view, order);
        const day = placed.date.slice(0, 10);
        const current = await view.get<DashboardDayDoc>(BACK_OFFICE.dashboard, dashboardDayId(day));
        const dayDoc: DashboardDayDoc = current ?? { _id: dashboardDayId(day), id: dashboardDayId(day), day, orders: 0, revenue: 0 };
        view.put(BACK_OFFICE.dashboard, { ...dayDoc, orders: dayDoc.orders + 1, revenue: dayDoc.revenue + placed.amount });
        const totals = await totalsOf(view);
        view.put(BACK_OFFICE.dashboard, { ...totals, statuses: { ...totals.statuses, pending: totals.statuses.pending + 1 } });
        return;
      }
      case 'OrderStatusChanged': {
        const change = orderEventSchemas.OrderStatusChanged.parse(event.data);
        const order = await view.get<AdminOrderDoc>(BACK_OFFICE.orders, change.orderId);
        if (!order || order.status === change.to) return;
        const step = { from: change.from, to: change.to, at: event.metadata.timestamp, by: change.changedBy };
        const changed: AdminOrderDoc = {
          ...order,
          status: change.to,
          ...(change.trackingNumber ? { trackingNumber: change.trackingNumber } : {}),
          history: [...order.history, change.trackingNumber ? { ...step, trackingNumber: change.trackingNumber } : step],
        };
        view.put(BACK_OFFICE.orders, changed);
        putKeys(view, changed);
        const totals = await totalsOf(view);
        const statuses = { ...totals.statuses };
        statuses[order.status] = Math.max(0, statuses[order.status] - 1);
        statuses[change.to] += 1;
        view.put(BACK_OFFICE.dashboard, { ...totals, statuses });
        return;
      }
      case 'OrderMailRefused': {
        const refused = orderEventSchemas.OrderMailRefused.parse(event.data);
        const order = await view.get<AdminOrderDoc>(BACK_OFFICE.orders, refused.orderId);
        // A redelivered event adds nothing: one refusal per mail.
        if (!order || order.refusedMails?.some((m) => m.at === refused.refusedAt && m.mail === refused.mail)) return;
        const mail = { mail: refused.mail, ...(refused.status ? { status: refused.status } : {}), reason: refused.reason, at: refused.refusedAt };
        view.put(BACK_OFFICE.orders, { ...order, refusedMails: [...(order.refusedMails ?? []), mail] });
        return;
      }
      case 'PaymentRefundRequested': {
        const { providerOrderId, amount } = paymentEventSchemas.PaymentRefundRequested.parse(event.data);
        if (await view.get<RefundMark>(BACK_OFFICE.dashboard, refundMarkId(providerOrderId))) return;
        view.put<RefundMark>(BACK_OFFICE.dashboard, { _id: refundMarkId(providerOrderId), status: 'requested', amount });
        const totals = await totalsOf(view);
        const owed = { count: totals.refundsOwed.count + 1, amount: totals.refundsOwed.amount + amount };
        view.put(BACK_OFFICE.dashboard, { ...totals, refundsOwed: owed });
        return;
      }
      case 'PaymentRefunded': {
        const { providerOrderId } = paymentEventSchemas.PaymentRefunded.parse(event.data);
        const mark = await view.get<RefundMark>(BACK_OFFICE.dashboard, refundMarkId(providerOrderId));
        if (!mark || mark.status === 'refunded') return;
        view.put<RefundMark>(BACK_OFFICE.dashboard, { ...mark, status: 'refunded' });
        const totals = await totalsOf(view);
        const owed = { count: Math.max(0, totals.refundsOwed.count - 1), amount: Math.max(0, totals.refundsOwed.amount - mark.amount) };
        view.put(BACK_OFFICE.dashboard, { ...totals, refundsOwed: owed });
        return;
      }
    }
  },
};
