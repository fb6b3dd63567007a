/**
 * The back office names people: the audit's actors and an order's shopper and history steps come
 * with the name and e-mail of their accounts, so the operator does not read raw ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalog } from '@shop/command-api';
import type { AdminOrderReply, OrderDoc, PeopleById } from '@shop/contracts';
import type { AuditReport } from '@shop/projections';
import { smallCatalog } from '../../../test-support/catalog-fixture.ts';
import { checkoutAndPay } from '../../../test-support/shop-fixtures.ts';
import { signUpVerified, startAccountShop, uniqueEmail, type AccountShop } from '../../../test-support/account-kit.ts';

const catalog = smallCatalog();
let shop: AccountShop;
let shopper: Awaited<ReturnType<typeof signUpVerified>>;
let admin: Awaited<ReturnType<typeof signUpVerified>>;
let order: OrderDoc;

beforeAll(async () => {
  shop = await startAccountShop();
  await shop.t.shop.awaitProjections(await importCatalog(shop.t.shop.catalog, catalog), ['catalog']);
  shopper = await signUpVerified(shop, uniqueEmail('shopper'));
  admin = await signUpVerified(shop, uniqueEmail('admin'));
  await shop.t.shop.awaitProjections((await shop.t.shop.accounts.roles.grant(admin.email, 'people suite')).position, ['accounts']);
  await shop.call('/api/user/' + admin.userId, { method: 'PUT', token: admin.token, body: { name: 'Kavya Menon', phone: '9876500000', images: [] } });
  await shop.call('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId: catalog.ids.shirt, quantity: 1 } });
  const { paid } = await checkoutAndPay(shop.t, shopper.token);
  order = (await shop.call<OrderDoc>('/api/orders/create', { method: 'POST', token: shopper.token, body: paid })).body;
  expect((await shop.call(`/api/orders/${order.id}/status`, { method: 'PUT', token: admin.token, body: { status: 'confirmed' } })).status).toBe(200);
  await shop.t.shop.awaitProjections(await shop.t.shop.events.headPosition(), ['backOffice', 'accounts']);
});
afterAll(async () => {
  await shop?.close();
});

describe('the back office names admins and shoppers', () => {
  it('an order: its shopper and the admin who moved it, by name and e-mail', async () => {
    const { status, body } = await shop.call<AdminOrderReply>(`/api/admin/orders/${order.id}`, { token: admin.token });
    expect(status).toBe(200);
    expect(body.history.map((step) => step.by)).toEqual([shopper.userId, admin.userId]);
    expect(body.people).toEqual({
      [shopper.userId]: { name: 'Asha Rao', email: shopper.email },
      [admin.userId]: { name: 'Kavya Menon', email: admin.email },
    });
  });

  it('an audit: the actors of its events, and a cart\'s owner', async () => {
    const audited = await shop.call<AuditReport & { people: PeopleById }>(`/api/admin/audit/order/${order.id}`, { token: admin.token });
    expect(audited.status).toBe(200);
    expect(new Set(audited.body.timeline.map((e) => e.actor))).toEqual(new Set([shopper.userId, admin.userId]));
    expect(audited.body.people).toEqual({
      [shopper.userId]: { name: 'Asha Rao', email: shopper.email },
      [admin.userId]: { name: 'Kavya Menon', email: admin.email },
    });
    const cart = await shop.call<AuditReport & { people: PeopleById }>(`/api/admin/audit/cart/${shopper.userId}`, { token: admin.token });
    expect(cart.body.people).toEqual({ [shopper.userId]: { name: 'Asha Rao', email: shopper.email } });
  });
});
