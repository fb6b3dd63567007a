/**
 * Every release is tested on the data of the releases before it. fixtures/releases holds one log
 * per past release, written through that release's API (scripts/release-fixture.ts) and exported
 * with log:export. Each is imported with this checkout's log:import into a fresh data folder,
 * the shop is started on it as it starts in production, and then every read model must equal a
 * rebuild from the log and the API must serve the shopper's history and the back office's lists.
 * What is expected is read from the fixture's own events, so a new fixture needs no new test.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderStatement, type AdminCustomerList, type AdminOrderList, type AdminProductList, type OrderDoc, type ProductPage } from '@shop/contracts';
import { verifyProjection } from '@shop/projections';
import { api, startTestShop } from '../../test-support/shop.ts';
import { ROOT, serverEntry } from '../../test-support/shop-process.ts';
import { tempDir } from '../../test-support/temp-dir.ts';

const FIXTURES = join(ROOT, 'fixtures/releases');
const fixtures = readdirSync(FIXTURES).filter((name) => name.endsWith('.jsonl')).sort();

interface Line {
  stream: string;
  type: string;
  version: number;
  data: Record<string, unknown>;
}

/** What a fixture's log says the shop holds. */
function expectations(lines: Line[]) {
  const of = (type: string) => lines.filter((line) => line.type === type).map((line) => line.data);
  const placed = of('OrderPlaced');
  const ordersBy = new Map<string, string[]>();
  for (const order of placed) ordersBy.set(order.userid as string, [...(ordersBy.get(order.userid as string) ?? []), order.orderId as string]);
  const [shopperId, shopperOrders] = [...ordersBy.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  const status = new Map<string, string>(placed.map((order) => [order.orderId as string, 'pending']));
  for (const change of of('OrderStatusChanged')) status.set(change.orderId as string, change.to as string);
  return {
    productIds: new Set(lines.filter((line) => line.type === 'ProductListed').map((line) => line.stream.replace(/^product-/, ''))),
    emails: of('AccountRegistered').map((account) => account.email as string),
    adminId: of('AdminRoleGranted')[0]?.userId as string | undefined,
    shopperId,
    shopperOrders: shopperOrders ?? [],
    status,
    oldPayments: lines.filter((line) => line.type === 'PaymentOpened' && line.version === 1).length,
  };
}

describe.each(fixtures)('the shop started on the log of release %s', (fixture) => {
  it('imports it, serves it, and every read model equals a rebuild', { timeout: 120_000 }, async () => {
    const file = join(FIXTURES, fixture);
    const expected = expectations(readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as Line));
    expect(expected.shopperId, 'the fixture has a shopper with orders').toBeDefined();
    expect(expected.adminId, 'the fixture has an admin').toBeDefined();

    const dir = tempDir('shop-release-');
    // A fixture is a log without its shop's secrets: sessions of that shop end (log-import-needs.ts).
    const imported = spawnSync(process.execPath, [...serverEntry('log-file'), 'import', file, '--new-server-secret'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dir.path, EVENT_STORE: 'sqlite' },
      encoding: 'utf8',
    });
    expect(imported.stderr).toBe('');
    expect(imported.status).toBe(0);
    const t = await startTestShop({ dataDir: dir.path });
    try {
      // Every read model as the running shop built it equals one rebuilt from the log.
      for (const projection of t.shop.projections) {
        const report = await verifyProjection(projection, { events: t.shop.events, store: t.shop.docs, layout: t.shop.checkpoints });
        expect(report.differences, projection.name).toEqual([]);
        expect(report.livePosition, projection.name).toBe(await t.shop.events.headPosition());
      }

      // Payments of the releases before payment methods read as card payments (the upcaster).
      const payments = (await t.shop.events.readAll({ limit: 10_000 })).filter((event) => event.type === 'PaymentOpened');
      expect(payments.length).toBeGreaterThanOrEqual(expected.oldPayments);
      for (const payment of payments) expect((payment.data as { paymentMethod?: string }).paymentMethod).toMatch(/^(upi|netbanking|card|cod)$/);
      if (expected.oldPayments > 0) expect(payments.filter((p) => (p.data as { paymentMethod: string }).paymentMethod === 'card').length).toBeGreaterThanOrEqual(expected.oldPayments);

      const admin = t.shop.tokens.sign({ userId: expected.adminId!, email: 'admin@example.in', isAdmin: true });
      const shopper = t.shop.tokens.sign({ userId: expected.shopperId!, email: 'shopper@example.in', isAdmin: false });

      const storefront = await api<ProductPage>(t.url, '/api/products?page=1&perPage=100');
      expect(new Set(storefront.body.products.map((p) => p.id))).toEqual(expected.productIds);
      const backOffice = await api<AdminProductList>(t.url, '/api/admin/products?page=1&perPage=100', { token: admin });
      expect(new Set(backOffice.body.products.map((p) => p.id))).toEqual(expected.productIds);

      const orders = await api<OrderDoc[]>(t.url, `/api/orders?userid=${expected.shopperId}`, { token: shopper });
      expect(orders.status).toBe(200);
      expect(new Map(orders.body.map((o) => [o.id, o.status]))).toEqual(new Map(expected.shopperOrders.map((id) => [id, expected.status.get(id)])));
      const adminOrders = await api<AdminOrderList>(t.url, '/api/admin/orders?page=1&perPage=100', { token: admin });
      expect(new Map(adminOrders.body.orders.map((o) => [o.id, o.status]))).toEqual(expected.status);
      // Every order of the release renders the figures it was placed with: the statement's rows
      // explain its amount to the rupee (no "Other charges"), and the shopper's page and the back
      // office print the same statement.
      for (const order of adminOrders.body.orders) {
        const statement = orderStatement(order);
        expect(statement.unexplained, `order ${order.id}`).toBe(0);
        expect(statement.total).toBe(order.amount);
      }
      for (const order of orders.body) expect(orderStatement(order)).toEqual(orderStatement(adminOrders.body.orders.find((o) => o.id === order.id)!));

      const customers = await api<AdminCustomerList>(t.url, '/api/admin/customers?page=1&perPage=100', { token: admin });
      expect(customers.body.customers.map((c) => c.email).sort()).toEqual([...expected.emails].sort());
    } finally {
      await t.close();
      dir.remove();
    }
  });
});
