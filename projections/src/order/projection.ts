import { ORDERS, orderDocFrom, orderDocWith, orderEventSchemas, type OrderDoc } from '@shop/contracts';
import type { Projection } from '../projection.ts';

/** Orders per user, newest first (`GET /api/orders`, `/api/orders/:id`). */
export const orderProjection: Projection = {
  name: 'orders',
  // 2: payment method and payment state (cash on delivery confirmed, collected), `returned`.
  version: 2,
  collections: [{ name: ORDERS.orders, indexes: [['userid', 'date']] }],
  handles: new Set(Object.keys(orderEventSchemas)),
  async apply(event, view) {
    if (event.type === 'OrderPlaced') {
      view.put(ORDERS.orders, orderDocFrom(orderEventSchemas.OrderPlaced.parse(event.data), 'pending'));
    } else if (event.type === 'OrderStatusChanged') {
      const data = orderEventSchemas.OrderStatusChanged.parse(event.data);
      const order = await view.get<OrderDoc>(ORDERS.orders, data.orderId);
      if (!order) return;
      view.put(ORDERS.orders, orderDocWith(order, { status: data.to, ...(data.trackingNumber ? { trackingNumber: data.trackingNumber } : {}) }));
    } else if (event.type === 'CodOrderConfirmed' || event.type === 'CodCashCollected') {
      const { orderId } = event.data as { orderId: string };
      const order = await view.get<OrderDoc>(ORDERS.orders, orderId);
      if (!order) return;
      const fact = event.type === 'CodOrderConfirmed'
        ? { codConfirmedAt: orderEventSchemas.CodOrderConfirmed.parse(event.data).confirmedAt }
        : { cashCollected: true as const };
      view.put(ORDERS.orders, orderDocWith(order, fact));
    }
  },
};
