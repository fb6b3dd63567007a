import { type CartEventMap, type OrderEventMap, type OrderStatus } from '@shop/contracts';
import type { RecordedEvent } from '@shop/platform';
import type { AuditKind, AuditedStreamType } from './engine.ts';

/**
 * The cart and order audits. The stream types (decider and stream ids) are passed in by the
 * composition root (they live in command-api, which this package does not depend on); only their
 * fold is used. The state types
 * below are the parts of the deciders' states an audit presents.
 */

interface CartLineState {
  lineId: string;
  productId: string;
  productTitle: string;
  price: number;
  quantity: number;
  productRam?: string | null;
  size?: string | null;
  productWeight?: string | null;
}
export interface CartStateShape {
  lines: ReadonlyMap<string, CartLineState>;
}

export function cartAudit<S extends CartStateShape>(carts: AuditedStreamType<S>): AuditKind<S> {
  return {
    kind: carts.kind,
    streamOf: carts.streamId,
    decider: carts.decider,
    summarise(event: RecordedEvent) {
      switch (event.type) {
        case 'CartItemAdded': {
          const d = event.data as CartEventMap['CartItemAdded'];
          return { lineId: d.lineId, productId: d.productId, productTitle: d.productTitle, price: d.price, quantity: d.quantity };
        }
        case 'CartItemQuantityChanged': {
          const d = event.data as CartEventMap['CartItemQuantityChanged'];
          return { lineId: d.lineId, productId: d.productId, quantity: d.quantity };
        }
        case 'CartItemRemoved': {
          const d = event.data as CartEventMap['CartItemRemoved'];
          return { lineId: d.lineId, productId: d.productId };
        }
        case 'CartCheckedOut': {
          const d = event.data as CartEventMap['CartCheckedOut'];
          return { orderId: d.orderId, lineIds: d.lineIds };
        }
        default:
          return {};
      }
    },
    present(state) {
      const lines = [...state.lines.values()].map((line) => ({
        lineId: line.lineId,
        productId: line.productId,
        productTitle: line.productTitle,
        price: line.price,
        quantity: line.quantity,
        subTotal: line.price * line.quantity,
      }));
      return {
        lines,
        items: lines.reduce((sum, line) => sum + line.quantity, 0),
        total: lines.reduce((sum, line) => sum + line.subTotal, 0),
      };
    },
  };
}

export interface OrderStateShape {
  placed: OrderEventMap['OrderPlaced'] | null;
  status: OrderStatus | null;
}

export function orderAudit<S extends OrderStateShape>(orders: AuditedStreamType<S>): AuditKind<S> {
  return {
    kind: orders.kind,
    streamOf: orders.streamId,
    decider: orders.decider,
    summarise(event: RecordedEvent) {
      switch (event.type) {
        case 'OrderPlaced': {
          const d = event.data as OrderEventMap['OrderPlaced'];
          return { orderId: d.orderId, userid: d.userid, amount: d.amount, lines: d.products.length, paymentId: d.paymentId };
        }
        case 'OrderStatusChanged': {
          const d = event.data as OrderEventMap['OrderStatusChanged'];
          return { from: d.from, to: d.to, changedBy: d.changedBy };
        }
        case 'OrderMailRefused': {
          const d = event.data as OrderEventMap['OrderMailRefused'];
          return { mail: d.mail, reason: d.reason };
        }
        default:
          return {};
      }
    },
    present(state) {
      if (!state.placed) return { status: null, order: null };
      const { orderId, userid, amount, products, date, paymentId } = state.placed;
      return {
        status: state.status,
        order: { orderId, userid, amount, date, paymentId, products: products.map((p) => ({ productId: p.productId, productTitle: p.productTitle, quantity: p.quantity, price: p.price, subTotal: p.subTotal })) },
      };
    },
  };
}
