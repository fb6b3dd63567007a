import { type StockEventMap, stockStreams, stockEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../../shared/decider.ts';
import { streamType } from '../../shared/stream-type.ts';

type Ev<K extends keyof StockEventMap> = DomainEvent<K, StockEventMap[K]>;
export type StockEvent = Ev<'StockReserved'> | Ev<'StockReleased'> | Ev<'StockReceived'>;

/**
 * One product's stock. `available` is null until the first movement: the stock then starts
 * from the catalog's countInStock, which the command brings along.
 */
export interface StockState {
  available: number | null;
  /** Reservation id → what it holds; released ones stay, so they are never taken again. */
  reservations: ReadonlyMap<string, { quantity: number; released: boolean }>;
  /** Receipts already counted. */
  receipts: ReadonlySet<string>;
}

export type StockCommand =
  | { type: 'ReserveStock'; productId: string; productTitle: string; reservationId: string; quantity: number; initialStock: number }
  | { type: 'ReleaseStock'; productId: string; reservationId: string; reason: string }
  | { type: 'ReceiveStock'; productId: string; receiptId: string; quantity: number; initialStock: number };

/** Not enough stock, or a reservation already given back: the checkout must compensate. */
export class StockUnavailable extends DomainError {
  constructor(message: string) {
    super('conflict', message);
    this.name = 'StockUnavailable';
  }
}

export const stockDecider: Decider<StockState, StockCommand, StockEvent> = {
  initialState: { available: null, reservations: new Map(), receipts: new Set() },
  evolve(state, event) {
    if (event.type === 'StockReceived') {
      return { ...state, available: event.data.remaining, receipts: new Set(state.receipts).add(event.data.receiptId) };
    }
    const reservations = new Map(state.reservations);
    const { reservationId, quantity, remaining } = event.data;
    reservations.set(reservationId, { quantity, released: event.type === 'StockReleased' });
    return { ...state, available: remaining, reservations };
  },
  decide(command, state) {
    if (command.type === 'ReceiveStock') {
      if (state.receipts.has(command.receiptId)) return []; // a retried append: counted once
      const available = state.available ?? command.initialStock;
      const data = { productId: command.productId, receiptId: command.receiptId, quantity: command.quantity, remaining: available + command.quantity };
      return [{ type: 'StockReceived', data }];
    }
    const held = state.reservations.get(command.reservationId);
    switch (command.type) {
      case 'ReserveStock': {
        if (held && !held.released) return []; // this checkout already holds it: a retried step
        if (held) throw new StockUnavailable('This checkout was cancelled; please check out again');
        const available = state.available ?? command.initialStock;
        if (command.quantity > available) {
          throw new StockUnavailable(
            available === 0
              ? `Sorry, ${command.productTitle} is out of stock`
              : `Sorry, only ${available} of ${command.productTitle} left in stock`,
          );
        }
        const data = {
          productId: command.productId,
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
          reservationId: command.reservationId,
          quantity: held.quantity,
          remaining: (state.available ?? 0) + held.quantity,
          reason: command.reason,
        };
        return [{ type: 'StockReleased', data }];
      }
    }
  },
};

/** A product's stock (`stock-<productId>`). */
export const stockStream = streamType({ kind: 'stock', decider: stockDecider, streamId: stockStreams.product, schemas: stockEventSchemas });
