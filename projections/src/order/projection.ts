import { ORDERS, orderDocFrom, orderEventSchemas, type OrderDoc } from '@shop/contracts';
import type { Projection } from '../projection.ts';

/** Orders per user, newest first (`GET /api/orders`, `/api/orders/:id`). */
export const orderProjection: Projection = {
  name: 'orders',
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
      const changed: OrderDoc = { ...order, status: data.to, ...(data.trackingNumber ? { trackingNumber: data.trackingNumber } : {}) };
      view.put(ORDERS.orders, changed);
    }
  },
};
