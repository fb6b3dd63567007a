import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartLineDoc, OrderDoc, ProductDoc } from '@shop/contracts';
import { addToCart, api, billing, checkoutAndPay, listProduct, shopper, startTestShop, type TestShop } from '../../../../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop({ seed: true });
});
afterAll(() => t?.close());

const stockOf = async (productId: string) => (await api<ProductDoc>(t.url, `/api/products/${productId}`)).body.countInStock;
const confirm = (token: string, body: Record<string, unknown>) =>
  api<OrderDoc & { error?: boolean; msg?: string }>(t.url, '/api/orders/create', { method: 'POST', token, body });

describe('checkout with the test provider', () => {
  it('pays for the cart, lists the order, empties the cart and takes the stock', async () => {
    const { token, userId } = shopper(t);
    const diya = await listProduct(t, { price: 499, countInStock: 6 });
    const lamp = await listProduct(t, { name: 'Clay Lamp', price: 120, countInStock: 3 });
    await addToCart(t, token, diya, 2);
    await addToCart(t, token, lamp, 1);

    const { checkout, paid } = await checkoutAndPay(t, token);
    // The shopper's first order: Rs 20 off the lines' 1,118.
    expect(checkout).toMatchObject({ amount: 109800, total: 1098, subtotal: 1118, currency: 'INR', description: 'for testing purpose' });
    expect(checkout.keyId).toBeTruthy();

    const created = await confirm(token, { ...paid, amount: 1098, userid: userId });
    expect(created.status).toBe(201);
    const order = created.body;
    expect(order).toMatchObject({ paymentId: paid.payment_id, amount: 1098, userid: userId, status: 'pending', name: billing.fullName });
    expect(order).toMatchObject({ phoneNumber: billing.phoneNumber, pincode: billing.zipCode, email: billing.email, address: '12 MG Road, Indiranagar' });
    expect(order.products.map((p) => [p.productId, p.quantity, p.price, p.subTotal])).toEqual([
      [diya, 2, 499, 998],
      [lamp, 1, 120, 120],
    ]);
    expect(order.amount).toBe(order.products.reduce((sum, p) => sum + p.subTotal, 0) - order.discount!.amount);

    // Everything the shopper reads next is already up to date.
    expect((await api(t.url, '/api/cart', { token })).body).toEqual([]);
    expect((await api(t.url, '/api/cart/count', { token })).body).toEqual({ count: 0, total: 0 });
    const orders = await api<OrderDoc[]>(t.url, `/api/orders?userid=${userId}`, { token });
    expect(orders.body.map((o) => o.id)).toEqual([order.id]);
    const one = await api<OrderDoc>(t.url, `/api/orders/${order.id}`, { token });
    expect(one.body.products[0]).toMatchObject({ productId: diya, productTitle: 'Brass Diya Set', quantity: 2, price: 499, subTotal: 998 });
    expect(new Date(one.body.date).toISOString()).toBe(one.body.date);
    expect([await stockOf(diya), await stockOf(lamp)]).toEqual([4, 2]);
  });

  it('records how the shopper chose to pay (card when not said) and refuses a method it does not know', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t));
    const checkout = (body: Record<string, unknown>) =>
      api<{ orderId: string; paymentMethod: string; msg: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body });
    const methodRecorded = async (providerOrderId: string) => {
      const [opened] = await t.shop.events.readStream(`payment-${providerOrderId}`);
      return (opened?.data as { paymentMethod?: string }).paymentMethod;
    };

    const unsaid = await checkout(billing);
    expect([unsaid.status, unsaid.body.paymentMethod]).toEqual([201, 'card']);
    expect(await methodRecorded(unsaid.body.orderId)).toBe('card');
    const upi = await checkout({ ...billing, paymentMethod: 'upi' });
    expect([upi.status, upi.body.paymentMethod]).toEqual([201, 'upi']);
    expect(await methodRecorded(upi.body.orderId)).toBe('upi');
    for (const paymentMethod of ['bitcoin', 'CARD', 7, { card: true }]) {
      const refused = await checkout({ ...billing, paymentMethod });
      expect([refused.status, refused.body]).toEqual([400, { error: true, msg: 'Please choose a payment method: upi, netbanking, card or cod' }]);
    }
  });

  it('validates the billing form in order, with the spec\'s messages', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t));
    const order = ['fullName', 'country', 'streetAddressLine1', 'streetAddressLine2', 'city', 'state', 'zipCode', 'phoneNumber', 'email'] as const;
    const messages = ['Please fill full name', 'Please fill country', 'Please fill Street address', 'Please fill Street address', 'Please fill city', 'Please fill state', 'Please fill zipCode', 'Please fill phone Number', 'Please fill email'];
    for (const [i, field] of order.entries()) {
      const body = { ...billing, [field]: ' ' };
      for (const later of order.slice(i + 1)) delete (body as Record<string, unknown>)[later];
      const reply = await api<{ msg: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body });
      expect([reply.status, reply.body.msg]).toEqual([400, messages[i]]);
    }
    const empty = shopper(t);
    const noCart = await api<{ msg: string }>(t.url, '/api/orders/checkout', { method: 'POST', token: empty.token, body: billing });
    expect([noCart.status, noCart.body.msg]).toEqual([400, 'Your cart is empty']);
  });

  it('orders what was paid for: lines added after opening the payment stay in the cart', async () => {
    const { token } = shopper(t);
    const first = await listProduct(t, { price: 200 });
    const later = await listProduct(t, { price: 300 });
    await addToCart(t, token, first);
    const { paid } = await checkoutAndPay(t, token);
    await addToCart(t, token, later);
    const created = await confirm(token, paid);
    expect(created.status).toBe(201);
    expect(created.body.amount).toBe(200 - 20 + t.shop.delivery.fee); // a first order, under the free-delivery threshold
    const cart = await api<CartLineDoc[]>(t.url, '/api/cart', { token });
    expect(cart.body.map((l) => l.productId)).toEqual([later]);
  });

  it('a declined test card gets no confirmation', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t));
    const checkout = await api<{ orderId: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: billing });
    const declined = await api<{ msg: string }>(t.url, '/api/payments/test/pay', {
      method: 'POST',
      token,
      body: { providerOrderId: checkout.body.orderId, card: '4000 0000 0000 0002' },
    });
    expect([declined.status, declined.body.msg]).toEqual([402, 'Your card was declined']);
  });
});

describe('checkout: India\'s addresses and the delivery fee', () => {
  const open = (token: string, body: Record<string, unknown>) =>
    api<{ orderId: string; total: number; subtotal: number; deliveryFee: number; deliverBy: string; error?: boolean; msg?: string }>(t.url, '/api/orders/checkout', {
      method: 'POST',
      token,
      body,
    });
  const payAndPlace = async (token: string, userId: string, providerOrderId: string) => {
    const paid = await api<{ order_id: string; payment_id: string; signature: string }>(t.url, '/api/payments/test/pay', {
      method: 'POST',
      token,
      body: { providerOrderId, card: '4111 1111 1111 1111' },
    });
    return confirm(token, { ...paid.body, userid: userId });
  };

  it('refuses a state off the list, a pincode that is not six digits, one India Post does not list and one in another state, opening no payment', async () => {
    const { token } = shopper(t);
    await addToCart(t, token, await listProduct(t));
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ state: 'Karnatka' }, 'Please choose a state or union territory from the list'],
      [{ state: 'x'.repeat(81) }, 'Please fill state'],
      [{ zipCode: '56003' }, 'Please enter a valid 6-digit Pincode'],
      [{ zipCode: '056003' }, 'Please enter a valid 6-digit Pincode'],
      [{ zipCode: '560 038' }, 'Please enter a valid 6-digit Pincode'],
      [{ zipCode: '999999' }, "We could not find Pincode 999999 in India Post's directory: please check it"],
      [{ zipCode: '600001' }, 'Pincode 600001 is in Tamil Nadu: please check the Pincode or the state'],
    ];
    for (const [change, msg] of refusals) {
      const reply = await open(token, { ...billing, ...change });
      expect([reply.status, reply.body]).toEqual([400, { error: true, msg }]);
    }
    // The list's spelling is what the order keeps, whatever the case it was sent in.
    const accepted = await open(token, { ...billing, state: ' karnataka ' });
    expect(accepted.status).toBe(201);
  });

  it('charges the delivery fee under Rs 299 and not from Rs 299 up; the order stores it and the promised day, and a refund gives it back', async () => {
    const fee = t.shop.delivery.fee;
    expect(fee).toBeGreaterThan(0);
    const totals: Array<[number, number, number]> = [];
    for (const price of [298, 299, 300]) {
      const { token } = shopper(t);
      await addToCart(t, token, await listProduct(t, { price }));
      const reply = await open(token, billing);
      expect(reply.status).toBe(201);
      // Rs 20 off is the first-order discount every new shopper gets; the fee is decided before it.
      totals.push([reply.body.subtotal, reply.body.deliveryFee, reply.body.total]);
    }
    expect(totals).toEqual([
      [298, fee, 298 - 20 + fee],
      [299, 0, 279],
      [300, 0, 280],
    ]);

    const { token, userId } = shopper(t);
    await addToCart(t, token, await listProduct(t, { price: 150 }));
    const opened = await open(token, billing);
    expect(opened.body.deliverBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const placed = await payAndPlace(token, userId, opened.body.orderId);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ amount: 150 - 20 + fee, deliveryFee: fee, deliverBy: opened.body.deliverBy });
    const read = await api<OrderDoc>(t.url, `/api/orders/${placed.body.id}`, { token });
    expect(read.body).toMatchObject({ amount: 150 - 20 + fee, deliveryFee: fee, deliverBy: opened.body.deliverBy });

    const admin = shopper(t, { isAdmin: true });
    const cancelled = await api(t.url, `/api/orders/${placed.body.id}/status`, { method: 'PUT', token: admin.token, body: { status: 'cancelled' } });
    expect(cancelled.status).toBe(200);
    const refund = (await t.shop.events.readStream(`payment-${opened.body.orderId}`)).find((e) => e.type === 'PaymentRefundRequested');
    expect(refund?.data).toMatchObject({ amount: 150 - 20 + fee });
  });
});

describe('checkout under concurrency', () => {
  it('20 shoppers, 5 in stock: exactly 5 orders, 15 clear failures, stock 0, failed carts kept', async () => {
    const productId = await listProduct(t, { name: 'Limited Edition Lamp', price: 999, countInStock: 5 });
    const shoppers = Array.from({ length: 20 }, () => shopper(t));
    for (const s of shoppers) expect((await addToCart(t, s.token, productId)).status).toBe(201);
    const payments = await Promise.all(shoppers.map((s) => checkoutAndPay(t, s.token)));

    const replies = await Promise.all(shoppers.map((s, i) => confirm(s.token, payments[i]!.paid)));
    const placed = replies.filter((r) => r.status === 201);
    const failed = replies.filter((r) => r.status !== 201);
    expect(placed).toHaveLength(5);
    expect(failed).toHaveLength(15);
    for (const f of failed) expect(f.body).toEqual({ error: true, msg: 'Sorry, Limited Edition Lamp is out of stock' });
    expect(await stockOf(productId)).toBe(0);

    for (const [i, s] of shoppers.entries()) {
      const orders = await api<OrderDoc[]>(t.url, '/api/orders', { token: s.token });
      const cart = await api<CartLineDoc[]>(t.url, '/api/cart', { token: s.token });
      const ok = replies[i]!.status === 201;
      expect(orders.body).toHaveLength(ok ? 1 : 0);
      expect(cart.body).toHaveLength(ok ? 0 : 1); // nothing lost from a failed shopper's cart
      if (!ok) {
        const events = await t.shop.events.readStream(`payment-${payments[i]!.paid.order_id}`);
        expect(events.map((e) => e.type)).toEqual(['PaymentOpened', 'PaymentConfirmed', 'PaymentRefundRequested']);
      }
    }
    const reservations = (await t.shop.events.readStream(`stock-${productId}`)).filter((e) => e.type === 'StockReserved');
    expect(reservations).toHaveLength(5);
  });

  it('the same payment confirmed twice at once gives one order', async () => {
    const { token } = shopper(t);
    const productId = await listProduct(t, { countInStock: 3 });
    await addToCart(t, token, productId, 2);
    const { paid } = await checkoutAndPay(t, token);
    const [a, b] = await Promise.all([confirm(token, paid), confirm(token, paid)]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.id).toBe(b.body.id);
    expect((await api<OrderDoc[]>(t.url, '/api/orders', { token })).body).toHaveLength(1);
    expect(await stockOf(productId)).toBe(1);
    const again = await confirm(token, paid);
    expect([again.status, again.body.id]).toEqual([200, a.body.id]);
  });
});

describe('checkout security', () => {
  it('refuses a tampered amount, a forged signature and someone else\'s payment', async () => {
    const alice = shopper(t);
    const mallory = shopper(t);
    await addToCart(t, alice.token, await listProduct(t, { price: 2500 }));
    const { paid: reply } = await checkoutAndPay(t, alice.token);
    // Only the test provider's own names (the reply also carries them as razorpay_*).
    const paid = { order_id: reply.order_id, payment_id: reply.payment_id, signature: reply.signature };

    const tampered = await confirm(alice.token, { ...paid, amount: 1 });
    expect([tampered.status, tampered.body.msg]).toEqual([400, 'Payment amount does not match the order total']);
    const forged = await confirm(alice.token, { ...paid, signature: 'ab'.repeat(32) });
    expect(forged.status).toBe(400);
    expect(forged.body.msg).toMatch(/could not be verified/);
    const razorpayNames = await confirm(alice.token, { razorpay_order_id: paid.order_id, razorpay_payment_id: paid.payment_id, razorpay_signature: '00'.repeat(32) });
    expect(razorpayNames.status).toBe(400);
    const otherPayment = await confirm(alice.token, { ...paid, payment_id: 'pay_forged12345678' });
    expect(otherPayment.status).toBe(400);
    const noSignature = await confirm(alice.token, { paymentId: paid.payment_id, amount: 2500 });
    expect(noSignature.status).toBe(400);
    expect((await confirm(mallory.token, paid)).status).toBe(404);
    expect((await confirm(mallory.token, { ...paid, userid: alice.userId })).status).toBe(403);
    expect((await api(t.url, '/api/payments/test/pay', { method: 'POST', token: mallory.token, body: { providerOrderId: paid.order_id, card: '4111111111111111' } })).status).toBe(404);
    expect((await api(t.url, '/api/orders', { token: alice.token })).body).toEqual([]);

    const created = await confirm(alice.token, paid);
    expect(created.status).toBe(201);
    expect(created.body.amount).toBe(2500 - 20); // a first order
    expect((await api(t.url, `/api/orders/${created.body.id}`, { token: mallory.token })).status).toBe(404);
    expect((await api(t.url, `/api/orders?userid=${alice.userId}`, { token: mallory.token })).status).toBe(403);
    expect((await api(t.url, '/api/orders', { token: mallory.token })).body).toEqual([]);
    // Signed out, a shopper has no orders (as no cart); a token that is not valid is refused.
    expect(await api(t.url, '/api/orders')).toMatchObject({ status: 200, body: [] });
    expect((await api(t.url, '/api/orders', { token: `${alice.token}x` })).status).toBe(401);
    expect((await api(t.url, '/api/orders/not-an-id', { token: alice.token })).status).toBe(404);
  });
});

describe('order status (admin)', () => {
  it('only an admin moves an order on, along allowed transitions; cancelling gives the stock back', async () => {
    const { token } = shopper(t);
    const admin = shopper(t, { isAdmin: true });
    const productId = await listProduct(t, { countInStock: 4 });
    await addToCart(t, token, productId, 3);
    const { paid } = await checkoutAndPay(t, token);
    const order = (await confirm(token, paid)).body;
    expect(await stockOf(productId)).toBe(1);
    const setStatus = (status: string, who = admin.token) =>
      api<OrderDoc & { msg?: string }>(t.url, `/api/orders/${order.id}/status`, { method: 'PUT', token: who, body: { status } });

    expect((await setStatus('confirmed', token)).status).toBe(403);
    expect((await setStatus('delivered')).status).toBe(409);
    expect((await setStatus('bogus')).status).toBe(400);
    expect((await setStatus('confirmed')).body.status).toBe('confirmed');
    expect((await api<OrderDoc>(t.url, `/api/orders/${order.id}`, { token })).body.status).toBe('confirmed');
    expect((await setStatus('cancelled')).body.status).toBe('cancelled');
    expect(await stockOf(productId)).toBe(4);
    expect((await setStatus('shipped')).status).toBe(409);
    expect((await api(t.url, '/api/orders/0123456789abcdef01234567/status', { method: 'PUT', token: admin.token, body: { status: 'confirmed' } })).status).toBe(404);
  });
});
