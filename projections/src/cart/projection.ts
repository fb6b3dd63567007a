import { CART, cartEventSchemas, storedCartLine, type CartEventMap, type StoredCartLine } from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import type { Projection, ProjectionView } from '../projection.ts';

type Handler<K extends keyof CartEventMap> = (data: CartEventMap[K], view: ProjectionView, event: RecordedEvent) => Promise<void> | void;

const handlers: { [K in keyof CartEventMap]: Handler<K> } = {
  CartItemAdded(data, view, event) {
    view.put(CART.lines, storedCartLine(data, data.dateCreated ?? event.metadata.timestamp));
  },
  async CartItemQuantityChanged(data, view) {
    const line = await view.get<StoredCartLine>(CART.lines, data.lineId);
    if (!line) return;
    const changed: StoredCartLine = { ...line, quantity: data.quantity, subTotal: line.price * data.quantity };
    view.put(CART.lines, changed);
  },
  CartItemRemoved(data, view) {
    view.delete(CART.lines, data.lineId);
  },
  CartCheckedOut(data, view) {
    for (const lineId of data.lineIds) view.delete(CART.lines, lineId);
  },
};

/**
 * Cart lines per user (`GET /api/cart`, the header count). countInStock is not stored: the read
 * route joins it live from the catalog, so the quantity control always stops at what is left.
 */
export const cartProjection: Projection = {
  name: 'cart',
  version: 1,
  collections: [{ name: CART.lines, indexes: [['userId', 'dateCreated']] }],
  handles: new Set(Object.keys(handlers)),
  async apply(event, view) {
    const type = event.type as keyof CartEventMap;
    const data = cartEventSchemas[type].parse(event.data);
    await (handlers[type] as Handler<typeof type>)(data as CartEventMap[typeof type], view, event);
  },
};
