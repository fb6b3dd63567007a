import { afterAll, describe, expect, it } from 'vitest';
import { orderIdForPayment, paymentStreams, type CartLineDoc, type OrderDoc, type ProductDoc } from '@shop/contracts';
import { tempDir } from '../../../../test-support/temp-dir.ts';
import { fold } from '../../shared/decider.ts';
import { asDomainEvent } from '../../shared/stream-commands.ts';
import { addToCart, api, checkoutAndPay, listProduct, shopper, startTestShop, type TestShop } from '../../../../test-support/shop-fixtures.ts';
import { paymentDecider, paymentStream, type PaymentEvent } from '../payment/decider.ts';
import { checkoutStream } from './decider.ts';
import { stockStream } from '../stock/decider.ts';

const dir = tempDir('shop-recovery-');
afterAll(() => dir.remove());

/** Writes what a checkout had written when the server stopped: payment confirmed, process started, maybe some stock. */
async function crashPartWay(t: TestShop, paid: { order_id: string; payment_id: string }, reserveFirstLine: boolean) {
  const events = await t.shop.events.readStream(paymentStreams.payment(paid.order_id));
  const opened = fold(paymentDecider, events.map(asDomainEvent<PaymentEvent>)).opened!;
  const { streams } = t.shop;
  const ids = { providerOrderId: paid.order_id, paymentId: paid.payment_id };
  await streams.handle(paymentStream.at(paid.order_id), { type: 'ConfirmPayment', ...ids });
  const start = { type: 'StartCheckout', ...ids, provider: 'test', orderId: orderIdForPayment(paid.payment_id), userId: opened.userId, amount: opened.amount, lines: opened.lines, billing: opened.billing, discount: opened.discount, deliveryFee: opened.deliveryFee } as const;
  await streams.handle(checkoutStream.at(paid.payment_id), start);
  if (reserveFirstLine) {
    const line = opened.lines[0]!;
    const reserve = { type: 'ReserveStock', productId: line.productId, productTitle: line.productTitle, reservationId: paid.payment_id, quantity: line.quantity, initialStock: 10 } as const;
    await streams.handle(stockStream.at(line.productId), reserve);
  }
}

describe('checkout recovery at startup', () => {
  it('completes a checkout stopped part-way, and compensates one that can no longer be filled', async () => {
    const first = await startTestShop({ env: { DATA_DIR: dir.path } });
    const alice = shopper(first);
    const bob = shopper(first);
    const carol = shopper(first);
    const vase = await listProduct(first, { name: 'Vase', countInStock: 10, price: 700 });
    const lastOne = await listProduct(first, { name: 'Last One', countInStock: 1, price: 900 });

    // Alice: stopped after reserving her first line (the vase).
    await addToCart(first, alice.token, vase, 2);
    await addToCart(first, alice.token, lastOne, 1);
    // Bob wants the last one too; he is stopped before reserving anything...
    await addToCart(first, bob.token, lastOne, 1);
    const alicePaid = (await checkoutAndPay(first, alice.token)).paid;
    const bobPaid = (await checkoutAndPay(first, bob.token)).paid;
    await crashPartWay(first, alicePaid, true);
    await crashPartWay(first, bobPaid, false);
    // ...and Carol, a normal checkout, gets nothing in the way.
    await addToCart(first, carol.token, vase, 1);
    const carolPaid = (await checkoutAndPay(first, carol.token)).paid;
    expect((await api(first.url, '/api/orders/create', { method: 'POST', token: carol.token, body: carolPaid })).status).toBe(201);
    await first.close();

    // The restart runs the recovery before it serves anyone.
    const second = await startTestShop({ env: { DATA_DIR: dir.path } });
    try {
      const ordersOf = async (token: string) => (await api<OrderDoc[]>(second.url, '/api/orders', { token })).body;
      const cartOf = async (token: string) => (await api<CartLineDoc[]>(second.url, '/api/cart', { token })).body;
      const stockOf = async (id: string) => (await api<ProductDoc>(second.url, `/api/products/${id}`)).body.countInStock;

      const [aliceOrder] = await ordersOf(alice.token);
      const bobOrders = await ordersOf(bob.token);
      // Alice's process reserved the last one first (her payment started earlier), so she has it.
      expect(aliceOrder).toMatchObject({ id: orderIdForPayment(alicePaid.payment_id), amount: 2300 - 20, status: 'pending' }); // a first order
      expect(await cartOf(alice.token)).toEqual([]);
      expect(bobOrders).toEqual([]);
      expect((await cartOf(bob.token)).map((l) => l.productId)).toEqual([lastOne]);
      // His money goes back: the refund owed is made by the refund desk.
      const bobPayment = async () => (await second.shop.events.readStream(paymentStreams.payment(bobPaid.order_id))).map((e) => e.type);
      expect(await bobPayment()).toContain('PaymentRefundRequested');
      await second.shop.runner.catchUp();
      await second.shop.refunds.sweep();
      expect((await bobPayment()).slice(-2)).toEqual(['PaymentRefundRequested', 'PaymentRefunded']);
      expect((await second.shop.events.readStream(checkoutStream.streamId(bobPaid.payment_id))).at(-1)?.type).toBe('CheckoutFailed');
      expect(await stockOf(vase)).toBe(7);
      expect(await stockOf(lastOne)).toBe(0);
      const reservations = (await second.shop.events.readStream(stockStream.streamId(vase))).filter((e) => e.type === 'StockReserved');
      expect(reservations).toHaveLength(2); // Alice's was not taken twice
    } finally {
      await second.close();
    }
  });
});
