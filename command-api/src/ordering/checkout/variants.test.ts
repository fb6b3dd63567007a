import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrderDoc, CartLineDoc, OrderDoc, ProductDoc, ProductVariant } from '@shop/contracts';
import { api, checkoutAndPay, listProduct, shopper, startTestShop, type TestShop } from '../../../../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop();
});
afterAll(() => t?.close());

const laptopVariants: ProductVariant[] = [
  { sku: 'LAP-8GB', options: { productRam: '8GB' }, price: 50_000, countInStock: 1 },
  { sku: 'LAP-16GB', options: { productRam: '16GB' }, price: 59_000, oldPrice: 64_000, countInStock: 3 },
];
const listLaptop = () =>
  listProduct(t, { name: 'Zen Laptop', price: 50_000, oldPrice: 0, countInStock: 4, productRam: ['8GB', '16GB'], variants: laptopVariants });
const product = async (id: string) => (await api<ProductDoc>(t.url, `/api/products/${id}`)).body;
const stockBySku = (p: ProductDoc) => Object.fromEntries((p.variants ?? []).map((v) => [v.sku, v.countInStock]));
const add = (token: string, body: Record<string, unknown>) =>
  api<CartLineDoc & { status?: boolean; msg?: string }>(t.url, '/api/cart/add', { method: 'POST', token, body: { quantity: 1, ...body } });
const confirm = (token: string, body: Record<string, unknown>) =>
  api<OrderDoc & { error?: boolean; msg?: string }>(t.url, '/api/orders/create', { method: 'POST', token, body });

describe('variants through cart, checkout and order', () => {
  it('serves variants beside the original option lists, which stay arrays of labels', async () => {
    const laptop = await product(await listLaptop());
    expect(laptop.productRam).toEqual(['8GB', '16GB']);
    expect([laptop.size, laptop.productWeight]).toEqual([[], []]);
    expect(laptop.variants).toEqual(laptopVariants);
    expect(laptop.countInStock).toBe(4);
  });

  it("sells the chosen variant at its price and from its stock; the order names it; other variants' stock stays", async () => {
    const productId = await listLaptop();
    const { token, userId } = shopper(t);

    const unknown = await add(token, { productId, productRam: '32GB' });
    expect([unknown.status, unknown.body]).toEqual([400, { status: false, msg: 'This product has no RAM option "32GB"' }]);
    const unchosen = await add(token, { productId });
    expect([unchosen.status, unchosen.body]).toEqual([400, { status: false, msg: 'Please choose a RAM' }]);
    const pastVariantStock = await add(token, { productId, productRam: '16GB', quantity: 4 });
    expect(pastVariantStock.status).toBe(400);

    const line = await add(token, { productId, productRam: '16GB', quantity: 2 });
    expect(line.status).toBe(201);
    expect(line.body).toMatchObject({ price: 59_000, subTotal: 118_000, productRam: '16GB', countInStock: 3 });
    expect((await api<CartLineDoc[]>(t.url, '/api/cart', { token })).body[0]).toMatchObject({ price: 59_000, countInStock: 3 });

    const { paid } = await checkoutAndPay(t, token);
    const created = await confirm(token, { ...paid, userid: userId });
    expect(created.status).toBe(201);
    const expectedLine = { productId, sku: 'LAP-16GB', productRam: '16GB', price: 59_000, quantity: 2, subTotal: 118_000 };
    expect(created.body.products).toEqual([expect.objectContaining(expectedLine)]);
    expect((await api<OrderDoc>(t.url, `/api/orders/${created.body.id}`, { token })).body.products[0]).toMatchObject(expectedLine);
    const admin = shopper(t, { isAdmin: true });
    const adminOrder = await api<AdminOrderDoc>(t.url, `/api/admin/orders/${created.body.id}`, { token: admin.token });
    expect(adminOrder.body.products[0]).toMatchObject(expectedLine);

    // Stock falls for the 16 GB only; the product's count is the variants' sum.
    const after = await product(productId);
    expect(stockBySku(after)).toEqual({ 'LAP-8GB': 1, 'LAP-16GB': 1 });
    expect(after.countInStock).toBe(2);

    // A receipt names its variant; without one, a product with variants refuses it.
    const receipt = (body: Record<string, unknown>) => api(t.url, `/api/admin/products/${productId}/stock`, { method: 'POST', token: admin.token, body });
    expect((await receipt({ quantity: 5 })).status).toBe(400);
    expect((await receipt({ quantity: 5, sku: 'LAP-8GB' })).body).toEqual({ productId, sku: 'LAP-8GB', countInStock: 6 });
    expect(stockBySku(await product(productId))).toEqual({ 'LAP-8GB': 6, 'LAP-16GB': 1 });
  });

  it('never oversells a variant: 4 shoppers pay for the last 8 GB, one order is placed, the 16 GB is untouched', async () => {
    const productId = await listLaptop();
    const shoppers = Array.from({ length: 4 }, () => shopper(t));
    for (const s of shoppers) expect((await add(s.token, { productId, productRam: '8GB' })).status).toBe(201);
    const payments = await Promise.all(shoppers.map((s) => checkoutAndPay(t, s.token)));
    const replies = await Promise.all(shoppers.map((s, i) => confirm(s.token, payments[i]!.paid)));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const refused of replies.filter((r) => r.status !== 201)) expect(refused.body).toEqual({ error: true, msg: 'Sorry, Zen Laptop is out of stock' });
    expect(stockBySku(await product(productId))).toEqual({ 'LAP-8GB': 0, 'LAP-16GB': 3 });
  });
});
