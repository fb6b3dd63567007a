import { ORDERS, orderDocFrom, orderDocWith, orderEventSchemas, type OrderDoc } from '@shop/contracts';
import type { Projection } from '../projection.ts';

/**
 * Orders per user, newest first (`GET /api/orders`, `/api/orders/:id`), each with the statuses
 * it went through and when, so the shopper's timeline needs no read of the log.
 * Version 2: `history`, `city` and `state` kept. Version 3: `deliveryFee` and `deliverBy`.
 * Version 4: payment method and state (cash on delivery confirmed, collected), `returned`.
 * Version 5: an order's promotions (sale, coupon, free delivery) by name.
 * Version 6: the part a gift card paid, and a gift order's message, wrap and recipient.
 */
export const orderProjection: Projection = {
  name: 'orders',
  version: 6,
  collections: [{ name: ORDERS.orders, indexes: [['userid', 'date']] }],
  handles: new Set(Object.keys(orderEventSchemas)),
  async apply(event, view) {
    if (event.type === 'OrderPlaced') {
      const placed = orderDocFrom(orderEventSchemas.OrderPlaced.parse(event.data), 'pending');
      view.put(ORDERS.orders, { ...placed, history: [{ status: 'pending', at: event.metadata.timestamp }] });
    } else if (event.type === 'OrderStatusChanged') {
      const data = orderEventSchemas.OrderStatusChanged.parse(event.data);
      const order = await view.get<OrderDoc>(ORDERS.orders, data.orderId);
      // A redelivered change adds no second step (the decider never records a move to the same status).
      if (!order || order.status === data.to) return;
      view.put(ORDERS.orders, {
        ...orderDocWith(order, { status: data.to, ...(data.trackingNumber ? { trackingNumber: data.trackingNumber } : {}) }),
        history: [...(order.history ?? []), { status: data.to, at: event.metadata.timestamp }],
      });
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
