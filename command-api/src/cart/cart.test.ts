import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES, cartStreams, newId, type CartLineDoc } from '@shop/contracts';
import { newEventId } from '@shop/platform';
import { addToCart, api, listProduct, shopper, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop({ seed: true });
});
afterAll(() => t?.close());

describe('cart over HTTP', () => {
  it('walks add → change quantity → remove, each reply already visible to the next read', async () => {
    const { token, userId } = shopper(t);
    const productId = await listProduct(t, { price: 450, countInStock: 4 });

    // The client's price and title are ignored: the server copies them from the catalog.
    const added = await api<CartLineDoc>(t.url, '/api/cart/add', {
      method: 'POST',
      token,
      body: { productId, quantity: 2, price: 1, subTotal: 2, productTitle: 'cheap', userId },
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ productId, productTitle: 'Brass Diya Set', price: 450, quantity: 2, subTotal: 900, userId, countInStock: 4 });
    expect(added.body._id).toBe(added.body.id);

    const cart = await api<CartLineDoc[]>(t.url, `/api/cart?userId=${userId}`, { token });
    expect(cart.body).toHaveLength(1);
    expect(cart.body[0]).toMatchObject({ id: added.body.id, quantity: 2, subTotal: 900, countInStock: 4, image: `${t.url}/images/test/diya.svg`, rating: 4 });
    expect(await api(t.url, '/api/cart/count', { token })).toMatchObject({ body: { count: 1, total: 900 } });

    // Adding it again raises the same line (2 + 1), up to the stock of 4 and not past it.
    const again = await addToCart(t, token, productId);
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ id: added.body.id, quantity: 3, subTotal: 1350 });
    expect((await api<CartLineDoc[]>(t.url, '/api/cart', { token })).body.map((l) => [l.id, l.quantity])).toEqual([[added.body.id, 3]]);
    const pastStock = await addToCart(t, token, productId, 2);
    expect([pastStock.status, pastStock.body]).toEqual([400, { status: false, msg: CART_MESSAGES.overStock }]);

    const changed = await api<CartLineDoc>(t.url, `/api/cart/${added.body.id}`, { method: 'PUT', token, body: { quantity: 3, productId, userId } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ quantity: 3, subTotal: 1350 });
    expect(await api(t.url, '/api/cart/count', { token })).toMatchObject({ body: { count: 1, total: 1350 } });

    const over = await api(t.url, `/api/cart/${added.body.id}`, { method: 'PUT', token, body: { quantity: 5 } });
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ status: false, msg: CART_MESSAGES.overStock });

    const removed = await api(t.url, `/api/cart/${added.body.id}`, { method: 'DELETE', token });
    expect(removed.body).toEqual({ success: true, message: CART_MESSAGES.removed });
    expect((await api(t.url, '/api/cart', { token })).body).toEqual([]);
    expect(await api(t.url, '/api/cart/count', { token })).toMatchObject({ body: { count: 0, total: 0 } });

    const unknown = await api<{ msg: string }>(t.url, `/api/cart/${added.body.id}`, { method: 'DELETE', token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(CART_MESSAGES.notFound);
  });

  it('the add and change replies show the line with the same dateCreated as the next GET', async () => {
    const { token } = shopper(t);
    const productId = await listProduct(t, { price: 200, countInStock: 9 });
    const add = () => api<CartLineDoc>(t.url, '/api/cart/add', { method: 'POST', token, body: { productId, quantity: 1 } });
    const added = await add();
    // Let the clock move on, so a reply stamped with its own request's time would differ.
    await new Promise((resolve) => setTimeout(resolve, 15));
    const raised = await add();
    await new Promise((resolve) => setTimeout(resolve, 15));
    const changed = await api<CartLineDoc>(t.url, `/api/cart/${added.body.id}`, { method: 'PUT', token, body: { quantity: 5 } });
    const cart = await api<CartLineDoc[]>(t.url, '/api/cart', { token });
    expect(cart.body).toHaveLength(1);
    expect(cart.body[0]).toEqual(changed.body);
    expect([added.body.dateCreated, raised.body.dateCreated, changed.body.dateCreated]).toEqual(Array(3).fill(cart.body[0]!.dateCreated));
  });

  it('a line added before add events recorded their date still answers with the date the next GET shows', async () => {
    const { token, userId } = shopper(t);
    const productId = await listProduct(t, { price: 120, countInStock: 6 });
    const lineId = newId();
    // The add event as it was written before it carried `dateCreated`: only its metadata has the time.
    const line = { lineId, productId, productTitle: 'Brass Diya Set', image: '/images/test/diya.svg', rating: 4, price: 120, productRam: null, size: null, productWeight: null };
    await t.shop.events.append(cartStreams.cart(userId), [{ id: newEventId(), type: 'CartItemAdded', data: { ...line, userId, quantity: 1 }, metadata: { userId, timestamp: '2025-06-01T10:00:00.000Z' } }], 'no_stream');
    const changed = await api<CartLineDoc>(t.url, `/api/cart/${lineId}`, { method: 'PUT', token, body: { quantity: 2 } });
    const cart = await api<CartLineDoc[]>(t.url, '/api/cart', { token });
    expect(changed.body).toMatchObject({ id: lineId, quantity: 2, subTotal: 240, dateCreated: '2025-06-01T10:00:00.000Z' });
    expect(cart.body).toEqual([changed.body]);
  });

  it('the same product in another size is a line of its own; the same size again raises it', async () => {
    const { token } = shopper(t);
    const productId = await listProduct(t, { price: 300, countInStock: 5, size: ['S', 'L'] });
    const add = (size: string) => api<CartLineDoc>(t.url, '/api/cart/add', { method: 'POST', token, body: { productId, quantity: 1, size } });
    const small = await add('S');
    const large = await add('L');
    expect([small.status, large.status]).toEqual([201, 201]);
    expect(large.body.id).not.toBe(small.body.id);
    const smallAgain = await add('S');
    expect(smallAgain.body).toMatchObject({ id: small.body.id, quantity: 2, size: 'S' });
    const cart = await api<CartLineDoc[]>(t.url, '/api/cart', { token });
    expect(cart.body.map((l) => [l.size, l.quantity]).sort()).toEqual([['L', 1], ['S', 2]]);
  });

  it('works with a seeded product, and refuses an unknown product or a bad quantity', async () => {
    const { token } = shopper(t);
    const seeded = await api<{ products: { id: string; countInStock: number }[] }>(t.url, '/api/products?perPage=20');
    const inStock = seeded.body.products.find((p) => p.countInStock > 0)!;
    expect((await addToCart(t, token, inStock.id)).status).toBe(201);
    expect((await addToCart(t, token, newId())).status).toBe(404);
    expect((await addToCart(t, token, inStock.id, 0)).status).toBe(400);
    expect((await api(t.url, '/api/cart/add', { method: 'POST', token, body: { productId: 'nope' } })).status).toBe(400);
  });

  it('needs a token, and never serves or changes another user\'s cart', async () => {
    const alice = shopper(t);
    const bob = shopper(t);
    const productId = await listProduct(t);
    const line = await addToCart(t, alice.token, productId);

    // Signed out (or an existing client's `Bearer null`): an empty cart, whoever is asked for.
    expect(await api(t.url, `/api/cart?userId=${alice.userId}`)).toMatchObject({ status: 200, body: [] });
    expect((await api(t.url, '/api/cart', { token: `${alice.token}x` })).status).toBe(401);
    expect((await api(t.url, '/api/cart/add', { method: 'POST', body: { productId } })).status).toBe(401);
    expect((await api(t.url, `/api/cart?userId=${alice.userId}`, { token: bob.token })).status).toBe(403);
    expect((await api(t.url, '/api/cart/add', { method: 'POST', token: bob.token, body: { productId, userId: alice.userId } })).status).toBe(403);
    expect((await api(t.url, `/api/cart/${line.body.id}`, { method: 'PUT', token: bob.token, body: { quantity: 2 } })).status).toBe(404);
    expect((await api(t.url, `/api/cart/${line.body.id}`, { method: 'DELETE', token: bob.token })).status).toBe(404);
    expect((await api(t.url, '/api/cart', { token: bob.token })).body).toEqual([]);
    expect((await api<CartLineDoc[]>(t.url, '/api/cart', { token: alice.token })).body[0]).toMatchObject({ quantity: 1 });
    expect((await api(t.url, '/api/cart/not-an-id', { method: 'DELETE', token: alice.token })).status).toBe(404);
  });

  it('keeps one consistent line under 50 parallel quantity changes', async () => {
    const { token } = shopper(t);
    const productId = await listProduct(t, { countInStock: 50, price: 10 });
    const line = await addToCart(t, token, productId);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api<CartLineDoc>(t.url, `/api/cart/${line.body.id}`, { method: 'PUT', token, body: { quantity: i + 1 } }),
      ),
    );
    expect(replies.every((r) => r.status === 200)).toBe(true);
    const cart = await api<CartLineDoc[]>(t.url, '/api/cart', { token });
    expect(cart.body).toHaveLength(1);
    const [final] = cart.body;
    expect(final!.subTotal).toBe(final!.quantity * 10);
    // The read model equals the write side's state folded from the stream.
    const events = await t.shop.events.readStream(`cart-${shopperId(token, t)}`);
    const last = events.filter((e) => e.type === 'CartItemQuantityChanged').at(-1)!;
    expect((last.data as { quantity: number }).quantity).toBe(final!.quantity);
  });
});

function shopperId(token: string, shop: TestShop): string {
  return shop.shop.tokens.verify(token)!.userId;
}
