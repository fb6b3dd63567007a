import { ORDERS, type Identified } from '@shop/contracts';
import type { DocumentStore } from '@shop/platform';
import type { StreamCommands } from '../shared/stream-commands.ts';
import { orderStream, type OrderState } from '../ordering/order/decider.ts';

/**
 * The verified-buyer rule: the reviewer bought the product and received it, i.e. one of their
 * orders holding it was delivered. An order only placed, paid or shipped does not count (the
 * parcel may never arrive, or go back), nor does a cancelled one.
 */
export function boughtAndReceived(productId: string, orders: readonly Pick<OrderState, 'placed' | 'status'>[]): boolean {
  return orders.some((order) => order.status === 'delivered' && (order.placed?.products.some((line) => line.productId === productId) ?? false));
}

/**
 * A shopper's orders are looked up in the orders read model (which orders are theirs), but what
 * each order holds and whether it was delivered is read from the order's own stream, fresh: the
 * read model may lag a delivery that has just been recorded, the stream cannot.
 */
export async function isVerifiedBuyer(deps: { docs: DocumentStore; streams: StreamCommands }, userId: string, productId: string): Promise<boolean> {
  const theirs = await deps.docs.find<Identified>(ORDERS.orders, { userid: userId }, { sort: [['date', -1]], limit: MAX_ORDERS_CHECKED });
  const orders = await Promise.all(theirs.map((order) => deps.streams.load(orderStream.at(order._id), { fresh: true })));
  return boughtAndReceived(productId, orders);
}

/** A shopper's newest orders read per review: enough for any real shopper, bounded for a hostile one. */
const MAX_ORDERS_CHECKED = 500;
