/**
 * Hostile clients between the checkout and the order: what the checkout checked (the address, and
 * with it the delivery fee and promised day; the prices and the promotions that made them) is
 * what the order is placed with, whatever the confirmation says, and a gift card's buyer is not
 * shown what its recipient bought with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDoc } from '@shop/contracts';
import { addToCart, api, billing, checkoutAndPay, listProduct, shopper, startTestShop, type TestShop } from '../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop({ seed: true });
});
afterAll(() => t?.close());

const confirm = (token: string, body: Record<string, unknown>) => api<OrderDoc & { error?: boolean; msg?: string }>(t.url, '/api/orders/create', { method: 'POST', token, body });

describe('POST /api/orders/create with an address the checkout did not check', () => {
  it('places the order at the address the checkout validated, with its fee and promised day', async () => {
    const { token, userId } = shopper(t);
    await addToCart(t, token, await listProduct(t, { price: 300, countInStock: 5 }));
    const { checkout, paid } = await checkoutAndPay(t, token);
    const quoted = checkout as typeof checkout & { deliveryFee: number; deliverBy: string };
    // A pincode India Post does not list, in another state: the checkout would have refused it.
    const elsewhere = { ...billing, fullName: 'Someone Else', streetAddressLine1: '1 Other Street', city: 'Leh', state: 'Ladakh', zipCode: '194999' };
    const refusedAtCheckout = await api<{ msg: string }>(t.url, '/api/orders/checkout', { method: 'POST', token, body: elsewhere });
    expect(refusedAtCheckout.status).toBe(400);

    const placed = await confirm(token, { ...paid, ...elsewhere, pincode: elsewhere.zipCode, address: '1 Other Street', userid: userId });
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ name: billing.fullName, pincode: billing.zipCode, state: billing.state, city: billing.city, address: '12 MG Road, Indiranagar' });
    expect(placed.body.billing).toEqual(billing);
    expect(placed.body).toMatchObject({ deliveryFee: quoted.deliveryFee, deliverBy: quoted.deliverBy, amount: checkout.total });
    const listed = await api<OrderDoc>(t.url, `/api/orders/${placed.body.id}`, { token });
    expect(listed.body).toMatchObject({ pincode: billing.zipCode, billing });
  });
});
