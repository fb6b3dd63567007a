import { describe, expect, it } from 'vitest';
import { given } from '../../shared/given-when-then.ts';
import { newId, orderIdForPayment, type Billing } from '@shop/contracts';
import { DomainError } from '../../shared/decider.ts';
import { FIRST_ORDER_DISCOUNT_TAKEN, firstOrderDiscountStream, type DiscountEvent } from '../discount/decider.ts';
import { paymentStream, type PaymentCommand, type PaymentEvent } from '../payment/decider.ts';
import { checkoutStream, type CheckoutCommand, type CheckoutEvent } from './decider.ts';
import { StockUnavailable, stockStream, type StockCommand, type StockEvent } from '../stock/decider.ts';

const productId = newId();
const reserve = (reservationId: string, quantity: number, initialStock = 5): StockCommand => ({
  type: 'ReserveStock',
  productId,
  productTitle: 'Diya',
  reservationId,
  quantity,
  initialStock,
});
const release = (reservationId: string): StockCommand => ({ type: 'ReleaseStock', productId, reservationId, reason: 'failed' });
const stock = (events: StockEvent[], command: StockCommand) => given(stockStream, events).when(command);

describe('stock decider', () => {
  it('starts from the catalog stock and reserves down to zero, never below', () => {
    const first = stock([], reserve('p1', 3));
    expect(first).toEqual([{ type: 'StockReserved', data: { productId, reservationId: 'p1', quantity: 3, remaining: 2 } }]);
    const second = stock(first, reserve('p2', 2, 999)); // the catalog figure counts only before the first movement
    expect(second[0]!.data.remaining).toBe(0);
    expect(() => stock([...first, ...second], reserve('p3', 1))).toThrow(new StockUnavailable('Sorry, Diya is out of stock'));
    expect(() => stock(first, reserve('p3', 3))).toThrow('Sorry, only 2 of Diya left in stock');
  });

  it('reserves once per reservation id, and a released reservation is never taken again', () => {
    const reserved = stock([], reserve('p1', 2));
    expect(stock(reserved, reserve('p1', 2))).toEqual([]);
    const released = stock(reserved, release('p1'));
    expect(released).toEqual([{ type: 'StockReleased', data: { productId, reservationId: 'p1', quantity: 2, remaining: 5, reason: 'failed' } }]);
    expect(stock([...reserved, ...released], release('p1'))).toEqual([]);
    expect(() => stock([...reserved, ...released], reserve('p1', 2))).toThrow(StockUnavailable);
  });

  it('releasing what was never reserved changes nothing', () => {
    expect(stock([], release('nope'))).toEqual([]);
  });

  it('keeps each variant its own count: one variant sells out while another of the same product still sells', () => {
    const variant = (sku: string, reservationId: string, quantity: number, initialStock: number): StockCommand => ({
      type: 'ReserveStock', productId, sku, productTitle: 'Diya', reservationId, quantity, initialStock,
    });
    const small = stock([], variant('DIYA-S', 'p1', 2, 2));
    expect(small).toEqual([{ type: 'StockReserved', data: { productId, sku: 'DIYA-S', reservationId: 'p1', quantity: 2, remaining: 0 } }]);
    // The same checkout takes another variant of the product: a reservation of its own, counted from that variant's opening stock.
    const large = stock(small, variant('DIYA-L', 'p1', 3, 4));
    expect(large).toEqual([{ type: 'StockReserved', data: { productId, sku: 'DIYA-L', reservationId: 'p1', quantity: 3, remaining: 1 } }]);
    expect(() => stock([...small, ...large], variant('DIYA-S', 'p2', 1, 99))).toThrow('Sorry, Diya is out of stock');
    expect(() => stock([...small, ...large], variant('DIYA-L', 'p2', 2, 99))).toThrow('Sorry, only 1 of Diya left in stock');
    // Giving back the checkout's small one restocks that variant only.
    const back = stock([...small, ...large], { type: 'ReleaseStock', productId, sku: 'DIYA-S', reservationId: 'p1', reason: 'cancelled' });
    expect(back).toEqual([{ type: 'StockReleased', data: { productId, sku: 'DIYA-S', reservationId: 'p1', quantity: 2, remaining: 2, reason: 'cancelled' } }]);
    const receipt = stock([...small, ...large, ...back], { type: 'ReceiveStock', productId, sku: 'DIYA-L', receiptId: 'r1', quantity: 5, initialStock: 99 });
    expect(receipt[0]!.data.remaining).toBe(6);
  });

  it('a receipt adds to what is left (the catalog figure before stock first moves), once per receipt', () => {
    const receive = (receiptId: string, quantity: number, initialStock = 5): StockCommand => ({ type: 'ReceiveStock', productId, receiptId, quantity, initialStock });
    const first = stock([], receive('r1', 4));
    expect(first).toEqual([{ type: 'StockReceived', data: { productId, receiptId: 'r1', quantity: 4, remaining: 9 } }]);
    const reserved = stock(first, reserve('p1', 9, 999));
    expect(reserved[0]!.data.remaining).toBe(0);
    const again = stock([...first, ...reserved], receive('r2', 2, 999));
    expect(again[0]!.data.remaining).toBe(2);
    expect(stock([...first, ...reserved, ...again], receive('r2', 2))).toEqual([]);
    // A reservation still releases correctly after a receipt.
    expect(stock([...first, ...reserved, ...again], release('p1'))[0]!.data.remaining).toBe(11);
  });
});

const billing: Billing = {
  fullName: 'A',
  country: 'India',
  streetAddressLine1: '1',
  streetAddressLine2: '2',
  city: 'C',
  state: 'S',
  zipCode: '5',
  phoneNumber: '9',
  email: 'a@b.in',
};
const line = { lineId: newId(), productId, productTitle: 'Diya', image: '', price: 100, quantity: 2, subTotal: 200 };
const opened: PaymentEvent = {
  type: 'PaymentOpened',
  data: { providerOrderId: 'order_1', provider: 'test', userId: 'u1', amount: 200, amountPaise: 20000, currency: 'INR', receipt: 'r1', lines: [line], billing, paymentMethod: 'card', deliveryFee: 0 },
};
const payment = (events: PaymentEvent[], command: PaymentCommand) => given(paymentStream, events).when(command);

describe('payment decider', () => {
  it('opens once', () => {
    const { type: _t, ...data } = opened;
    expect(payment([], { type: 'OpenPayment', ...data.data })).toEqual([opened]);
    expect(() => payment([opened], { type: 'OpenPayment', ...opened.data })).toThrow(DomainError);
  });

  it('is confirmed by one payment; the same again is a no-op, another one is refused', () => {
    const confirmed = payment([opened], { type: 'ConfirmPayment', providerOrderId: 'order_1', paymentId: 'pay_1' });
    expect(confirmed).toEqual([{ type: 'PaymentConfirmed', data: { providerOrderId: 'order_1', paymentId: 'pay_1' } }]);
    expect(payment([opened, ...confirmed], { type: 'ConfirmPayment', providerOrderId: 'order_1', paymentId: 'pay_1' })).toEqual([]);
    expect(() => payment([opened, ...confirmed], { type: 'ConfirmPayment', providerOrderId: 'order_1', paymentId: 'pay_2' })).toThrow(DomainError);
    expect(() => payment([], { type: 'ConfirmPayment', providerOrderId: 'order_1', paymentId: 'pay_1' })).toThrow('Payment not found');
  });

  it('is marked for refund once, for the amount it was opened with', () => {
    const refund = { type: 'RequestRefund', providerOrderId: 'order_1', paymentId: 'pay_1', reason: 'out of stock' } as const;
    const marked = payment([opened], refund);
    expect(marked).toEqual([{ type: 'PaymentRefundRequested', data: { providerOrderId: 'order_1', paymentId: 'pay_1', amount: 200, reason: 'out of stock' } }]);
    expect(payment([opened, ...marked], refund)).toEqual([]);
  });

  it('records the refund the provider took once, and only one that was asked for', () => {
    const asked = payment([opened], { type: 'RequestRefund', providerOrderId: 'order_1', paymentId: 'pay_1', reason: 'order cancelled' });
    const record = { type: 'RecordRefund', refundId: 'rfnd_1', at: '2026-11-22T10:00:00.000Z' } as const;
    const refunded = payment([opened, ...asked], record);
    expect(refunded).toEqual([
      { type: 'PaymentRefunded', data: { providerOrderId: 'order_1', paymentId: 'pay_1', refundId: 'rfnd_1', amount: 200, refundedAt: '2026-11-22T10:00:00.000Z' } },
    ]);
    expect(payment([opened, ...asked, ...refunded], { ...record, refundId: 'rfnd_2' })).toEqual([]);
    expect(() => payment([opened], record)).toThrow('No refund was asked for this payment');
  });

  it('refunds the delivery fee with the goods: the whole amount paid', () => {
    const withFee = { ...opened, data: { ...opened.data, amount: 240, amountPaise: 24000, deliveryFee: 40 } };
    const asked = payment([withFee], { type: 'RequestRefund', providerOrderId: 'order_1', paymentId: 'pay_1', reason: 'order cancelled' });
    expect(asked).toEqual([{ type: 'PaymentRefundRequested', data: expect.objectContaining({ amount: 240 }) }]);
  });
});

const started: CheckoutEvent = {
  type: 'CheckoutStarted',
  data: { paymentId: 'pay_1', providerOrderId: 'order_1', provider: 'test', orderId: orderIdForPayment('pay_1'), userId: 'u1', amount: 200, lines: [line], billing, deliveryFee: 0 },
};
const checkout = (events: CheckoutEvent[], command: CheckoutCommand) => given(checkoutStream, events).when(command);

describe('checkout process decider', () => {
  it('starts once; a second confirmation joins the first', () => {
    expect(checkout([], { type: 'StartCheckout', ...started.data })).toEqual([started]);
    expect(checkout([started], { type: 'StartCheckout', ...started.data })).toEqual([]);
  });

  it('ends once, completed or failed', () => {
    const completed = checkout([started], { type: 'CompleteCheckout', paymentId: 'pay_1' });
    expect(completed).toEqual([{ type: 'CheckoutCompleted', data: { paymentId: 'pay_1', orderId: started.data.orderId } }]);
    expect(checkout([started, ...completed], { type: 'FailCheckout', paymentId: 'pay_1', reason: 'late' })).toEqual([]);
    const failed = checkout([started], { type: 'FailCheckout', paymentId: 'pay_1', reason: 'out of stock' });
    expect(given(checkoutStream, [started, ...failed]).state.outcome).toEqual({ status: 'failed', reason: 'out of stock' });
    expect(() => checkout([], { type: 'CompleteCheckout', paymentId: 'pay_1' })).toThrow(DomainError);
  });

  it('derives one order id per payment id', () => {
    expect(orderIdForPayment('pay_1')).toBe(orderIdForPayment('pay_1'));
    expect(orderIdForPayment('pay_1')).not.toBe(orderIdForPayment('pay_2'));
    expect(orderIdForPayment('pay_1')).toMatch(/^[a-f0-9]{24}$/);
  });
});

describe('first-order discount claim decider', () => {
  const claim = (paymentId: string) =>
    ({ type: 'ClaimFirstOrderDiscount', userId: 'u1', paymentId, orderId: orderIdForPayment(paymentId), amount: 20 }) as const;
  const decide = (events: DiscountEvent[], paymentId: string) => given(firstOrderDiscountStream, events).when(claim(paymentId));

  it('gives the discount to the first order that claims it, again to the same one, never to another', () => {
    const first = decide([], 'pay_a');
    expect(first).toEqual([{ type: 'FirstOrderDiscountClaimed', data: { userId: 'u1', paymentId: 'pay_a', orderId: orderIdForPayment('pay_a'), amount: 20 } }]);
    expect(decide(first, 'pay_a')).toEqual([]);
    expect(() => decide(first, 'pay_b')).toThrow(new DomainError('conflict', FIRST_ORDER_DISCOUNT_TAKEN));
  });
});
