import {
  BACK_OFFICE,
  DASHBOARD_TOTALS_ID,
  READ_MODELS,
  dashboardSlotId,
  dashboardSlotOf,
  giftCardLinesValue,
  orderDocFrom,
  orderDocWith,
  orderEventSchemas,
  orderStatus,
  paymentEventSchemas,
  type AdminOrderDoc,
  type AdminOrderKeyDoc,
  type DashboardSlotDoc,
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

/** What an event adds to a dashboard slot: orders placed, sales, sales taken back, gift cards sold (whole rupees). */
interface SlotChange {
  orders?: number;
  gross?: number;
  reversed?: number;
  giftCardsSold?: number;
}

/** Adds to the dashboard's 15-minute slot holding the moment `at` (ISO time); net sales follow. */
async function addToSlot(view: ProjectionView, at: string, change: SlotChange): Promise<void> {
  const slot = dashboardSlotOf(at);
  const current = await view.get<DashboardSlotDoc>(BACK_OFFICE.dashboard, dashboardSlotId(slot));
  const doc: DashboardSlotDoc = current ?? { _id: dashboardSlotId(slot), id: dashboardSlotId(slot), slot, orders: 0, revenue: 0 };
  const gross = (doc.gross ?? 0) + (change.gross ?? 0);
  const reversed = (doc.reversed ?? 0) + (change.reversed ?? 0);
  view.put(BACK_OFFICE.dashboard, { ...doc, orders: doc.orders + (change.orders ?? 0), gross, reversed, revenue: gross - reversed, giftCardsSold: (doc.giftCardsSold ?? 0) + (change.giftCardsSold ?? 0) });
}

/** Whether an order's money was counted as sales: paid online, or its cash collected. */
const salesCounted = (order: AdminOrderDoc) => order.paymentMethod !== 'cod' || order.cashCollected !== undefined;

/**
 * The back office's read models: every order with its status history and the keys it is found
 * by, and the dashboard's running totals (orders and revenue per time slot, orders per status,
 * refunds owed) and stock levels, kept as events arrive so the dashboard never scans orders.
 * Orders are counted per 15-minute UTC slot, so the dashboard can add up a day of any time zone.
 *
 * Sales count each order once, when its money is in: an order paid online when it was placed,
 * a cash-on-delivery order when its cash was collected. A cancel or a return to origin of an order
 * whose money was counted takes it back when it happens; net sales (`revenue`) are gross less
 * that. Gift cards sold are kept apart (a liability): they become sales in the orders they pay.
 * Version 2: orders keep their delivery `city` and `state`. Version 3: the dashboard's slots.
 * Version 4: the delivery fee. Version 5: payment method and state, cash collected, `returned`.
 */
export const backOfficeProjection: Projection = {
  name: READ_MODELS.backOffice,
  // 6: stock levels of products with variants list each variant's stock and sum them.
  // 7: an order's promotions by name.
  // 8: an order's gift card part and its gift (message, wrap, recipient).
  // 9: stock levels carry their least-stocked variant's count, which "low on stock" goes by.
  // 10: the dashboard's slots hold gross sales, what cancels and returns took back, and gift
  //     cards sold apart from sales; revenue is net (a cancelled order no longer counts).
  version: 10,
  collections: [
    { name: BACK_OFFICE.orders, indexes: [['date'], ['status', 'date'], ['userid', 'date'], ['paymentState', 'codConfirmBy'], ['status', 'codConfirmBy']] },
    { name: BACK_OFFICE.orderKeys, indexes: [['key', 'date'], ['key', 'status', 'date'], ['orderId']] },
    { name: BACK_OFFICE.dashboard, indexes: [['slot']] },
    { name: BACK_OFFICE.stock, indexes: [['lowestInStock', '_id']] },
  ],
  handles: new Set(['OrderPlaced', 'OrderStatusChanged', 'OrderMailRefused', 'CodOrderConfirmed', 'CodCashCollected', 'PaymentRefundRequested', 'PaymentRefunded', ...STOCK_EVENT_TYPES]),
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
        // A gift card sold is money owed in goods, not a sale; the order that spends it is one.
        const cards = giftCardLinesValue(placed.products);
        await addToSlot(view, placed.date, placed.paymentMethod === 'cod' ? { orders: 1 } : { orders: 1, gross: placed.amount - cards, giftCardsSold: cards });
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
          ...orderDocWith(order, { status: change.to, ...(change.trackingNumber ? { trackingNumber: change.trackingNumber } : {}) }),
          history: [...order.history, change.trackingNumber ? { ...step, trackingNumber: change.trackingNumber } : step],
        };
        // A cancel or a return takes back what was counted, when it happens (the credit note's day).
        if ((change.to === 'cancelled' || change.to === 'returned') && order.status !== 'cancelled' && order.status !== 'returned' && salesCounted(order)) {
          const cards = giftCardLinesValue(order.products);
          await addToSlot(view, event.metadata.timestamp, { reversed: order.amount - cards, giftCardsSold: -cards });
        }
        view.put(BACK_OFFICE.orders, changed);
        putKeys(view, changed);
        const totals = await totalsOf(view);
        const statuses = { ...totals.statuses };
        statuses[order.status] = Math.max(0, statuses[order.status] - 1);
        statuses[change.to] = (statuses[change.to] ?? 0) + 1;
        view.put(BACK_OFFICE.dashboard, { ...totals, statuses });
        return;
      }
      case 'CodOrderConfirmed': {
        const { orderId, confirmedAt } = orderEventSchemas.CodOrderConfirmed.parse(event.data);
        const order = await view.get<AdminOrderDoc>(BACK_OFFICE.orders, orderId);
        if (!order || order.codConfirmedAt) return;
        const confirmed = orderDocWith(order, { codConfirmedAt: confirmedAt });
        view.put(BACK_OFFICE.orders, confirmed);
        return;
      }
      case 'CodCashCollected': {
        const collected = orderEventSchemas.CodCashCollected.parse(event.data);
        const order = await view.get<AdminOrderDoc>(BACK_OFFICE.orders, collected.orderId);
        // Counted once: a redelivered event finds the cash already in.
        if (!order || order.cashCollected) return;
        const cashCollected = { amount: collected.amount, by: collected.collectedBy, at: collected.collectedAt };
        view.put(BACK_OFFICE.orders, { ...orderDocWith(order, { cashCollected: true }), cashCollected });
        await addToSlot(view, collected.collectedAt, { gross: collected.amount });
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
