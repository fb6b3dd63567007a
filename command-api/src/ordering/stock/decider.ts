import { type StockEventMap, stockStreams, stockEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';

type Ev<K extends keyof StockEventMap> = DomainEvent<K, StockEventMap[K]>;
export type StockEvent = Ev<'StockReserved'> | Ev<'StockReleased'> | Ev<'StockReceived'>;

/**
 * One product's stock: the product's one count, and one count per variant (by SKU) for a
 * product with variants. A count is absent until its first movement: it then starts from the
 * catalog's countInStock (the product's or the variant's), which the command brings along.
 */
export interface StockState {
  /** The product's count (products without variants). */
  available: number | null;
  /** SKU → the variant's count, for variants whose stock has moved. */
  variants: ReadonlyMap<string, number>;
  /** Reservation key (reservationKey) → what it holds; released ones stay, so they are never taken again. */
  reservations: ReadonlyMap<string, { quantity: number; released: boolean }>;
  /** Receipts already counted. */
  receipts: ReadonlySet<string>;
}

/** `sku` names the variant whose count moves; without it, the product's count moves. */
export type StockCommand =
  | { type: 'ReserveStock'; productId: string; sku?: string; productTitle: string; reservationId: string; quantity: number; initialStock: number }
  | { type: 'ReleaseStock'; productId: string; sku?: string; reservationId: string; reason: string }
  | { type: 'ReceiveStock'; productId: string; sku?: string; receiptId: string; quantity: number; initialStock: number };

/** One checkout holds one reservation per variant of a product (or one for a product without variants). */
export const reservationKey = (reservationId: string, sku: string | undefined) => (sku ? `${reservationId}#${sku}` : reservationId);

/** What is left of the count a command moves (null until it first moved). */
export function stockLeft(state: StockState, sku: string | undefined): number | null {
  return sku ? (state.variants.get(sku) ?? null) : state.available;
}

function withLeft(state: StockState, sku: string | undefined, remaining: number): StockState {
  return sku ? { ...state, variants: new Map(state.variants).set(sku, remaining) } : { ...state, available: remaining };
}

const skuField = (sku: string | undefined) => (sku ? { sku } : {});

/** Not enough stock, or a reservation already given back: the checkout must compensate. */
export class StockUnavailable extends DomainError {
  constructor(message: string) {
    super('conflict', message);
    this.name = 'StockUnavailable';
  }
}

export const stockDecider: Decider<StockState, StockCommand, StockEvent> = {
  initialState: { available: null, variants: new Map(), reservations: new Map(), receipts: new Set() },
  evolve(state, event) {
    const moved = withLeft(state, event.data.sku, event.data.remaining);
    if (event.type === 'StockReceived') return { ...moved, receipts: new Set(state.receipts).add(event.data.receiptId) };
    const reservations = new Map(state.reservations);
    const { reservationId, quantity, sku } = event.data;
    reservations.set(reservationKey(reservationId, sku), { quantity, released: event.type === 'StockReleased' });
    return { ...moved, reservations };
  },
  decide(command, state) {
    const left = stockLeft(state, command.sku);
    if (command.type === 'ReceiveStock') {
      if (state.receipts.has(command.receiptId)) return []; // a retried append: counted once
      const available = left ?? command.initialStock;
      const data = {
        productId: command.productId,
        ...skuField(command.sku),
        receiptId: command.receiptId,
        quantity: command.quantity,
        remaining: available + command.quantity,
      };
      return [{ type: 'StockReceived', data }];
    }
    const held = state.reservations.get(reservationKey(command.reservationId, command.sku));
    switch (command.type) {
      case 'ReserveStock': {
        if (held && !held.released) return []; // this checkout already holds it: a retried step
        if (held) throw new StockUnavailable('This checkout was cancelled; please check out again');
        const available = left ?? command.initialStock;
        if (command.quantity > available) {
          throw new StockUnavailable(
            available === 0
              ? `Sorry, ${command.productTitle} is out of stock`
              : `Sorry, only ${available} of ${command.productTitle} left in stock`,
          );
        }
        const data = {
          productId: command.productId,
          ...skuField(command.sku),
          reservationId: command.reservationId,
          quantity: command.quantity,
          remaining: available - command.quantity,
        };
        return [{ type: 'StockReserved', data }];
      }
      case 'ReleaseStock': {
        if (!held || held.released) return [];
        const data = {
          productId: command.productId,
          ...skuField(command.sku),
          reservationId: command.reservationId,
          quantity: held.quantity,
          remaining: (left ?? 0) + held.quantity,
          reason: command.reason,
        };
        return [{ type: 'StockReleased', data }];
      }
    }
  },
};

/** A product's stock (`stock-<productId>`). */
export const stockStream = streamType({ kind: 'stock', decider: stockDecider, streamId: stockStreams.product, schemas: stockEventSchemas });
