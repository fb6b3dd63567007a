import { orderIdForPayment, type OrderEventMap } from '@shop/contracts';

/** An order as placed, for the order deciders' given/when/then tests: two Rs 100 diyas paid by card, to Bengaluru. */
export function placedOrderData(overrides: Partial<OrderEventMap['OrderPlaced']> = {}): OrderEventMap['OrderPlaced'] {
  const orderId = overrides.orderId ?? orderIdForPayment('pay_1');
  return {
    orderId,
    paymentId: 'pay_1',
    providerOrderId: 'order_1',
    userid: 'u1',
    name: 'Asha',
    phoneNumber: '9',
    address: '1, 2',
    pincode: '560038',
    email: 'a@b.in',
    country: 'India',
    city: 'Bengaluru',
    state: 'Karnataka',
    paymentMethod: 'card',
    codFee: 0,
    amount: 200,
    products: [{ lineId: orderId, productId: orderId, productTitle: 'Diya', image: '', price: 100, quantity: 2, subTotal: 200 }],
    date: '2026-01-01T00:00:00.000Z',
    deliveryFee: 0,
    ...overrides,
  };
}
