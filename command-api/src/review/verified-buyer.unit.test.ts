import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@shop/contracts';
import type { OrderState } from '../ordering/order/decider.ts';
import { boughtAndReceived } from './verified-buyer.ts';

const diya = 'diya';
const lamp = 'lamp';
/** An order of these products, now at `status` (only the fields the rule reads). */
const order = (status: OrderStatus, ...productIds: string[]) =>
  ({ status, placed: { products: productIds.map((productId) => ({ productId })) } }) as unknown as Pick<OrderState, 'placed' | 'status'>;

describe('verified buyer rule', () => {
  it('holds once an order holding the product was delivered', () => {
    expect(boughtAndReceived(diya, [order('delivered', lamp, diya)])).toBe(true);
    expect(boughtAndReceived(diya, [order('pending', diya), order('delivered', diya)])).toBe(true);
  });

  it('does not hold for orders not yet received, cancelled ones, other products, or no orders', () => {
    for (const status of ['pending', 'confirmed', 'shipped', 'cancelled'] as const) expect(boughtAndReceived(diya, [order(status, diya)])).toBe(false);
    expect(boughtAndReceived(diya, [order('delivered', lamp)])).toBe(false);
    expect(boughtAndReceived(diya, [])).toBe(false);
    expect(boughtAndReceived(diya, [{ status: null, placed: null }])).toBe(false);
  });
});
