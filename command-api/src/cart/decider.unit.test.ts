import { describe, expect, it } from 'vitest';
import { given } from '../shared/given-when-then.ts';
import { CART_MESSAGES, newId, type CartLineSnapshot } from '@shop/contracts';
import { cartStream, type CartCommand, type CartEvent } from './decider.ts';
import { cartRefusal } from './routes.ts';

const userId = 'u1';
const snapshot = (overrides: Partial<CartLineSnapshot> = {}): CartLineSnapshot => ({
  lineId: newId(),
  productId: newId(),
  productTitle: 'Brass Diya Set',
  image: '/d.svg',
  rating: 4,
  price: 499,
  productRam: null,
  size: null,
  productWeight: null,
  ...overrides,
});

/** given events, when command, then events (or the refusal, as the cart's routes reply it). */
function when(events: CartEvent[], command: CartCommand): CartEvent[] {
  return given(cartStream, events).when(command);
}
function refusal(events: CartEvent[], command: CartCommand) {
  return cartRefusal(given(cartStream, events).refusal(command));
}

const line = snapshot();
const added: CartEvent = { type: 'CartItemAdded', data: { ...line, userId, quantity: 1 } };

describe('cart decider', () => {
  it('adds a product with its quantity', () => {
    expect(when([], { type: 'AddItem', userId, line, quantity: 2, stock: 5 })).toEqual([
      { type: 'CartItemAdded', data: { ...line, userId, quantity: 2 } },
    ]);
  });

  it('adding the same product with the same options again raises that line, never past the stock', () => {
    const again = snapshot({ productId: line.productId });
    expect(when([added], { type: 'AddItem', userId, line: again, quantity: 2, stock: 5 })).toEqual([
      { type: 'CartItemQuantityChanged', data: { userId, lineId: line.lineId, productId: line.productId, quantity: 3 } },
    ]);
    const error = refusal([added], { type: 'AddItem', userId, line: again, quantity: 5, stock: 5 });
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ status: false, msg: CART_MESSAGES.overStock });
    expect(refusal([added], { type: 'AddItem', userId, line: again, quantity: 0, stock: 5 }).status).toBe(400);
  });

  it('the same product with other options is a line of its own', () => {
    const small = snapshot({ size: 'S' });
    const addedSmall: CartEvent = { type: 'CartItemAdded', data: { ...small, userId, quantity: 1 } };
    const large = snapshot({ productId: small.productId, size: 'L' });
    expect(when([addedSmall], { type: 'AddItem', userId, line: large, quantity: 1, stock: 5 })).toEqual([
      { type: 'CartItemAdded', data: { ...large, userId, quantity: 1 } },
    ]);
    const smallAgain = snapshot({ productId: small.productId, size: 'S' });
    expect(when([addedSmall], { type: 'AddItem', userId, line: smallAgain, quantity: 1, stock: 5 })[0]!.type).toBe('CartItemQuantityChanged');
  });

  it('refuses more than the stock, on add and on change', () => {
    expect(refusal([], { type: 'AddItem', userId, line, quantity: 6, stock: 5 }).body.msg).toBe(CART_MESSAGES.overStock);
    const error = refusal([added], { type: 'ChangeQuantity', userId, lineId: line.lineId, quantity: 6, stock: 5 });
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ status: false, msg: CART_MESSAGES.overStock });
  });

  it('changes a quantity, and changing it to the same value records nothing', () => {
    expect(when([added], { type: 'ChangeQuantity', userId, lineId: line.lineId, quantity: 3, stock: 5 })).toEqual([
      { type: 'CartItemQuantityChanged', data: { userId, lineId: line.lineId, productId: line.productId, quantity: 3 } },
    ]);
    expect(when([added], { type: 'ChangeQuantity', userId, lineId: line.lineId, quantity: 1, stock: 5 })).toEqual([]);
  });

  it('refuses a quantity below 1', () => {
    expect(refusal([added], { type: 'ChangeQuantity', userId, lineId: line.lineId, quantity: 0, stock: 5 }).status).toBe(400);
  });

  it('removes a line; an unknown or removed line is 404', () => {
    expect(when([added], { type: 'RemoveItem', userId, lineId: line.lineId })).toEqual([
      { type: 'CartItemRemoved', data: { userId, lineId: line.lineId, productId: line.productId } },
    ]);
    const removed: CartEvent = { type: 'CartItemRemoved', data: { userId, lineId: line.lineId, productId: line.productId } };
    expect(refusal([added, removed], { type: 'RemoveItem', userId, lineId: line.lineId }).status).toBe(404);
  });

  it('checks out only the paid lines still in the cart, once', () => {
    const other = snapshot();
    const addedOther: CartEvent = { type: 'CartItemAdded', data: { ...other, userId, quantity: 1 } };
    const orderId = newId();
    const events = when([added, addedOther], { type: 'CheckOut', userId, orderId, lineIds: [line.lineId, newId()] });
    expect(events).toEqual([{ type: 'CartCheckedOut', data: { userId, orderId, lineIds: [line.lineId] } }]);
    const state = given(cartStream, [added, addedOther, ...events]).state;
    expect([...state.lines.keys()]).toEqual([other.lineId]);
    expect(when([added, addedOther, ...events], { type: 'CheckOut', userId, orderId, lineIds: [line.lineId] })).toEqual([]);
  });
});
