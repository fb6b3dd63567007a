import { describe, expect, it } from 'vitest';
import { given } from '../../shared/given-when-then.ts';
import { orderIdForPayment, type OrderEventMap } from '@shop/contracts';
import { DomainError } from '../../shared/decider.ts';
import { placedOrderData } from '../../../../test-support/order-fixtures.ts';
import { TransitionRefused, orderStream, type OrderCommand, type OrderEvent } from './decider.ts';

const orderId = orderIdForPayment('pay_1');
const placedData: OrderEventMap['OrderPlaced'] = placedOrderData({ orderId });
const placed: OrderEvent = { type: 'OrderPlaced', data: placedData };
const when = (events: OrderEvent[], command: OrderCommand) => given(orderStream, events).when(command);
const move = (status: OrderEventMap['OrderStatusChanged']['to'], trackingNumber?: string): OrderCommand => ({
  type: 'ChangeStatus',
  orderId,
  status,
  changedBy: 'admin',
  ...(trackingNumber ? { trackingNumber } : {}),
});

describe('order decider', () => {
  it('places an order once; placing it again changes nothing', () => {
    expect(when([], { type: 'PlaceOrder', ...placedData })).toEqual([placed]);
    expect(when([placed], { type: 'PlaceOrder', ...placedData })).toEqual([]);
    expect(given(orderStream, [placed]).state.status).toBe('pending');
  });

  it('moves pending → confirmed → shipped → delivered', () => {
    const history: OrderEvent[] = [placed];
    for (const status of ['confirmed', 'shipped', 'delivered'] as const) history.push(...when(history, move(status)));
    expect(history.slice(1).map((e) => e.data)).toEqual([
      { orderId, from: 'pending', to: 'confirmed', changedBy: 'admin' },
      { orderId, from: 'confirmed', to: 'shipped', changedBy: 'admin' },
      { orderId, from: 'shipped', to: 'delivered', changedBy: 'admin' },
    ]);
  });

  it('refuses skipping ahead, going back, or leaving a final status', () => {
    expect(() => when([placed], move('delivered'))).toThrow(DomainError);
    const cancelled = when([placed], move('cancelled'));
    expect(() => when([placed, ...cancelled], move('confirmed'))).toThrow('An order that is cancelled cannot become confirmed');
    expect(when([placed, ...cancelled], move('cancelled'))).toEqual([]);
    expect(() => when([], move('confirmed'))).toThrow('Order not found');
  });

  it('a refused transition names the states the order may go to next', () => {
    const confirmed = when([placed], move('confirmed'));
    let refusal: unknown;
    try {
      when([placed, ...confirmed], move('delivered'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(TransitionRefused);
    expect(refusal).toMatchObject({ reason: 'conflict', current: 'confirmed', allowed: ['shipped', 'cancelled'] });
  });

  it('records a tracking number when shipping, and refuses one on any other move', () => {
    const confirmed = when([placed], move('confirmed'));
    const shipped = when([placed, ...confirmed], move('shipped', 'BLR123'));
    expect(shipped).toEqual([{ type: 'OrderStatusChanged', data: { orderId, from: 'confirmed', to: 'shipped', changedBy: 'admin', trackingNumber: 'BLR123' } }]);
    expect(given(orderStream, [placed, ...confirmed, ...shipped]).state.trackingNumber).toBe('BLR123');
    const delivered = when([placed, ...confirmed, ...shipped], move('delivered'));
    expect(given(orderStream, [placed, ...confirmed, ...shipped, ...delivered]).state.trackingNumber).toBe('BLR123');
    expect(() => when([placed], move('confirmed', 'BLR123'))).toThrow('A tracking number is given only when shipping');
  });
});
