import { CART_MESSAGES, cartQuantityFits, type CartEventMap, type CartLineSnapshot, cartStreams, cartEventSchemas } from '@shop/contracts';
import { DomainError, type Decider, type DomainEvent } from '../shared/decider.ts';
import { streamType } from '../shared/stream-type.ts';

type Ev<K extends keyof CartEventMap> = DomainEvent<K, CartEventMap[K]>;
export type CartEvent = Ev<'CartItemAdded'> | Ev<'CartItemQuantityChanged'> | Ev<'CartItemRemoved'> | Ev<'CartCheckedOut'>;

export interface CartLine extends CartLineSnapshot {
  quantity: number;
  /** When the line was added; absent for lines whose add event did not record it. */
  dateCreated?: string;
}

/** Lines by line id; the cart holds each product at most once per choice of options (RAM, size, weight). */
export interface CartState {
  lines: ReadonlyMap<string, CartLine>;
}

/** `stock` is the catalog's countInStock when the command was made (quantity may not exceed it). */
export type CartCommand =
  | { type: 'AddItem'; userId: string; line: CartLineSnapshot & { dateCreated?: string }; quantity: number; stock: number }
  | { type: 'ChangeQuantity'; userId: string; lineId: string; quantity: number; stock: number }
  | { type: 'RemoveItem'; userId: string; lineId: string }
  | { type: 'CheckOut'; userId: string; orderId: string; lineIds: string[] };


function checkQuantity(quantity: number, stock: number): void {
  if (!Number.isInteger(quantity) || quantity < 1) throw new DomainError('invalid', 'Quantity must be at least 1');
  if (!cartQuantityFits(quantity, stock)) throw new DomainError('invalid', CART_MESSAGES.overStock);
}

/** Same product with the same options: adding it again raises this line instead of making another. */
const sameChoice = (a: CartLineSnapshot, b: CartLineSnapshot) =>
  a.productId === b.productId && a.productRam === b.productRam && a.size === b.size && a.productWeight === b.productWeight;

function withLines(state: CartState, change: (lines: Map<string, CartLine>) => void): CartState {
  const lines = new Map(state.lines);
  change(lines);
  return { lines };
}

export const cartDecider: Decider<CartState, CartCommand, CartEvent> = {
  initialState: { lines: new Map() },
  evolve(state, event) {
    switch (event.type) {
      case 'CartItemAdded': {
        const { userId: _user, ...line } = event.data;
        return withLines(state, (lines) => lines.set(line.lineId, line));
      }
      case 'CartItemQuantityChanged': {
        const line = state.lines.get(event.data.lineId);
        if (!line) return state;
        return withLines(state, (lines) => lines.set(line.lineId, { ...line, quantity: event.data.quantity }));
      }
      case 'CartItemRemoved':
        return withLines(state, (lines) => lines.delete(event.data.lineId));
      case 'CartCheckedOut':
        return withLines(state, (lines) => event.data.lineIds.forEach((id) => lines.delete(id)));
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'AddItem': {
        const { line, quantity, userId } = command;
        const existing = [...state.lines.values()].find((l) => sameChoice(l, line));
        if (existing) {
          // Already in the cart with these options: the line grows, never past the stock.
          if (!Number.isInteger(quantity) || quantity < 1) throw new DomainError('invalid', 'Quantity must be at least 1');
          checkQuantity(existing.quantity + quantity, command.stock);
          const data = { userId, lineId: existing.lineId, productId: existing.productId, quantity: existing.quantity + quantity };
          return [{ type: 'CartItemQuantityChanged', data }];
        }
        checkQuantity(quantity, command.stock);
        return [{ type: 'CartItemAdded', data: { ...line, userId, quantity } }];
      }
      case 'ChangeQuantity': {
        const line = state.lines.get(command.lineId);
        if (!line) throw new DomainError('not-found', CART_MESSAGES.notFound);
        checkQuantity(command.quantity, command.stock);
        if (line.quantity === command.quantity) return [];
        const data = { userId: command.userId, lineId: line.lineId, productId: line.productId, quantity: command.quantity };
        return [{ type: 'CartItemQuantityChanged', data }];
      }
      case 'RemoveItem': {
        const line = state.lines.get(command.lineId);
        if (!line) throw new DomainError('not-found', CART_MESSAGES.notFound);
        return [{ type: 'CartItemRemoved', data: { userId: command.userId, lineId: line.lineId, productId: line.productId } }];
      }
      case 'CheckOut': {
        // Only the lines that were paid for leave; anything added since stays in the cart.
        const lineIds = command.lineIds.filter((id) => state.lines.has(id));
        if (lineIds.length === 0) return [];
        return [{ type: 'CartCheckedOut', data: { userId: command.userId, orderId: command.orderId, lineIds } }];
      }
    }
  },
};

/** A shopper's cart (`cart-<userId>`). */
export const cartStream = streamType({ kind: 'cart', decider: cartDecider, streamId: cartStreams.cart, schemas: cartEventSchemas });
