import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MY_LIST_MESSAGES, type MyListDoc } from '@shop/contracts';
import { api, listProduct, shopper, startTestShop, type TestShop } from '../../../test-support/shop-fixtures.ts';

let t: TestShop;
beforeAll(async () => {
  t = await startTestShop();
});
afterAll(() => t?.close());

describe('My List over HTTP', () => {
  it('adds, refuses a duplicate, answers the "is it listed" query and removes', async () => {
    const { token, userId } = shopper(t);
    const productId = await listProduct(t, { price: 1299 });
    const body = { productTitle: 'forged', image: 'x', rating: 5, price: 1, productId, userId };

    const added = await api<MyListDoc>(t.url, '/api/my-list/add/', { method: 'POST', token, body });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ productId, userId, price: 1299, productTitle: 'Brass Diya Set', rating: 4 });
    expect(added.body._id).toBe(added.body.id);

    const duplicate = await api(t.url, '/api/my-list/add/', { method: 'POST', token, body });
    expect(duplicate.status).toBe(200);
    expect(duplicate.body).toEqual({ status: false, msg: MY_LIST_MESSAGES.duplicate });

    const listed = await api<MyListDoc[]>(t.url, `/api/my-list?productId=${productId}&userId=${userId}`, { token });
    expect(listed.body.map((e) => e.id)).toEqual([added.body.id]);
    const other = await listProduct(t);
    expect((await api(t.url, `/api/my-list?productId=${other}&userId=${userId}`, { token })).body).toEqual([]);
    expect((await api<MyListDoc[]>(t.url, `/api/my-list?userId=${userId}`, { token })).body).toHaveLength(1);

    const removed = await api(t.url, `/api/my-list/${added.body.id}`, { method: 'DELETE', token });
    expect(removed.body).toEqual({ success: true, message: MY_LIST_MESSAGES.removed });
    expect((await api(t.url, '/api/my-list', { token })).body).toEqual([]);
    expect((await api(t.url, `/api/my-list/${added.body.id}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('keeps lists private', async () => {
    const alice = shopper(t);
    const bob = shopper(t);
    const productId = await listProduct(t);
    const entry = await api<MyListDoc>(t.url, '/api/my-list/add', { method: 'POST', token: alice.token, body: { productId } });

    expect((await api(t.url, '/api/my-list/add', { method: 'POST', body: { productId } })).status).toBe(401);
    expect((await api(t.url, `/api/my-list?userId=${alice.userId}`, { token: bob.token })).status).toBe(403);
    expect((await api(t.url, '/api/my-list/add', { method: 'POST', token: bob.token, body: { productId, userId: alice.userId } })).status).toBe(403);
    expect((await api(t.url, `/api/my-list/${entry.body.id}`, { method: 'DELETE', token: bob.token })).status).toBe(404);
    expect((await api<MyListDoc[]>(t.url, '/api/my-list', { token: alice.token })).body).toHaveLength(1);
  });
});
