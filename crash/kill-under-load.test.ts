import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { newId, type CartLineDoc, type OrderDoc, type ProductDoc } from '@shop/contracts';
import { TokenService, createLogger, loadConfig, type EventStore, type RecordedEvent } from '@shop/platform';
import { embeddedLayout, verifyProjection } from '@shop/projections';
import { allProjections, composeShop, openDocumentStore, openEventStore } from '@shop/server';
import { api } from '../test-support/shop.ts';
import { spawnShopProcess } from '../test-support/shop-process.ts';
import { tempDir } from '../test-support/temp-dir.ts';

/**
 * The promise behind every 2xx: a shop process killed with SIGKILL in the middle of concurrent
 * cart adds and checkouts, then started again on the same data, has every command it
 * acknowledged, no order without its payment, stock that is the fold of its stream, read models
 * equal to a rebuild from the log, and every checkout cut off part-way either placed or given back.
 */

const CLIENTS = { cart: 4, checkout: 4 };
/** Enough acknowledged work to make the kill land in the middle of things, on a slow machine too. */
const BEFORE_KILL = { acknowledged: 150, orders: 6, maxMs: 20_000 };
/** One checkout product sells out early (refused checkouts, refunds); the other keeps checkouts running to the kill. */
const SCARCE_STOCK = [3, 10_000];
const BILLING = {
  fullName: 'Crash Shopper',
  country: 'India',
  streetAddressLine1: '1 MG Road',
  streetAddressLine2: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560038',
  phoneNumber: '9876543210',
  email: 'crash@example.in',
};

interface Shopper {
  userId: string;
  token: string;
}

/** What the clients were told before the kill (2xx replies only). */
interface Acknowledged {
  /** Cart lines added by the cart clients; nothing else touches these carts. */
  cartLines: { shopper: Shopper; lineId: string }[];
  /** Lines added by checkout clients: afterwards in the cart, or in an order of that shopper. */
  checkoutLines: { shopper: Shopper; lineId: string }[];
  paymentsOpened: string[];
  paymentsConfirmed: { providerOrderId: string; paymentId: string }[];
  orders: { shopper: Shopper; orderId: string; paymentId: string }[];
  /** Checkouts refused (out of stock): their payment must be given back. */
  refused: { providerOrderId: string; paymentId: string }[];
}

/** The real server (`server/src/main.ts`) in a process of its own on a free port of 127.0.0.1. */
function startShopProcess(dataDir: string, jwtSecret: string): Promise<{ url: string; child: ChildProcess }> {
  return spawnShopProcess({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret, SEED_CATALOG: 'false', UI_DIST: `${dataDir}/no-ui`, NODE_ENV: 'test' }, 90_000);
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

/** A catalog of our own: products with plenty of stock for the cart clients, a few scarce ones for checkouts. */
async function prepare(dataDir: string, jwtSecret: string) {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_CATALOG: 'false', JWT_SECRET: jwtSecret, UI_DIST: `${dataDir}/no-ui` });
  const shop = await composeShop(config, createLogger('silent'));
  try {
    const { categoryId } = await shop.catalog.createCategory({ name: 'Crash', color: '#000000', images: [] });
    const { subcategoryId } = await shop.catalog.addSubcategory({ categoryId, name: 'Crash goods' });
    const product = async (name: string, countInStock: number) => {
      const details = { name, brand: 'Crash', description: 'For the crash test.', images: ['/images/crash.svg'], price: 250, oldPrice: 300, discount: 10 };
      const rest = { rating: 4, isFeatured: false, catId: categoryId, subCatId: subcategoryId, productRam: [], size: [], productWeight: [], location: [{ value: 'All', label: 'All' }] };
      return (await shop.catalog.saveProduct({ details: { ...details, ...rest, countInStock } })).productId;
    };
    const plenty = [await product('Crash Lamp A', 1_000_000), await product('Crash Lamp B', 1_000_000), await product('Crash Lamp C', 1_000_000)];
    const scarce = [await product('Crash Vase A', SCARCE_STOCK[0]!), await product('Crash Vase B', SCARCE_STOCK[1]!)];
    await shop.runner.catchUp();
    return { plenty, scarce, initialStock: new Map([...plenty.map((id) => [id, 1_000_000] as const), ...scarce.map((id, i) => [id, SCARCE_STOCK[i]!] as const)]) };
  } finally {
    await shop.close();
  }
}

/** Every event of a stream, with the position-ordered log as the source. */
async function allEvents(events: EventStore): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (let after = 0n; ; ) {
    const page = await events.readAll({ after, limit: 1000 });
    if (page.length === 0) return out;
    out.push(...page);
    after = page[page.length - 1]!.position;
  }
}

describe('a shop process killed with SIGKILL under load', () => {
  const dir = tempDir('shop-crash-');
  const running: ChildProcess[] = [];
  afterAll(async () => {
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(running.map(exited));
    dir.remove();
  });

  it('keeps every acknowledged command, and its read models and stock agree with the log after a restart', async () => {
    const jwtSecret = randomBytes(48).toString('base64url');
    const signer = new TokenService(jwtSecret);
    const newShopper = (): Shopper => {
      const userId = newId();
      return { userId, token: signer.sign({ userId, email: `${userId}@crash.example`, isAdmin: false }) };
    };
    const { plenty, scarce, initialStock } = await prepare(dir.path, jwtSecret);

    const first = await startShopProcess(dir.path, jwtSecret);
    running.push(first.child);
    const ack: Acknowledged = { cartLines: [], checkoutLines: [], paymentsOpened: [], paymentsConfirmed: [], orders: [], refused: [] };
    const count = () => ack.cartLines.length + ack.checkoutLines.length + ack.paymentsOpened.length + ack.paymentsConfirmed.length + ack.orders.length;
    let killed = false;
    // A request the kill cut off rejects (connection reset or refused): it was never acknowledged.
    const call = <T>(path: string, init: Parameters<typeof api>[2]) => api<T>(first.url, path, init).catch(() => null);

    const cartClient = async () => {
      while (!killed) {
        const shopper = newShopper();
        for (const productId of plenty) {
          const reply = await call<{ id: string }>('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId, quantity: 1 } });
          if (reply?.status === 201) ack.cartLines.push({ shopper, lineId: reply.body.id });
          if (killed) return;
        }
      }
    };
    const checkoutClient = async (n: number) => {
      while (!killed) {
        const shopper = newShopper();
        const productId = scarce[n % scarce.length]!;
        const added = await call<{ id: string }>('/api/cart/add', { method: 'POST', token: shopper.token, body: { productId, quantity: 1 } });
        if (added?.status !== 201) continue; // sold out (or cut off): nothing to check out
        ack.checkoutLines.push({ shopper, lineId: added.body.id });
        const opened = await call<{ orderId: string }>('/api/orders/checkout', { method: 'POST', token: shopper.token, body: BILLING });
        if (opened?.status !== 201) continue;
        const providerOrderId = opened.body.orderId;
        ack.paymentsOpened.push(providerOrderId);
        const paid = await call<{ order_id: string; payment_id: string; signature: string }>('/api/payments/test/pay', {
          method: 'POST',
          token: shopper.token,
          body: { providerOrderId, card: '4111 1111 1111 1111' },
        });
        if (paid?.status !== 200) continue;
        ack.paymentsConfirmed.push({ providerOrderId, paymentId: paid.body.payment_id });
        const created = await call<OrderDoc>('/api/orders/create', { method: 'POST', token: shopper.token, body: paid.body });
        if (created?.status === 201) ack.orders.push({ shopper, orderId: created.body.id, paymentId: paid.body.payment_id });
        else if (created?.status === 409) ack.refused.push({ providerOrderId, paymentId: paid.body.payment_id });
      }
    };
    const clients = [
      ...Array.from({ length: CLIENTS.cart }, () => cartClient()),
      ...Array.from({ length: CLIENTS.checkout }, (_, n) => checkoutClient(n)),
    ];

    // Kill once enough was acknowledged, with every client mid-request.
    const started = Date.now();
    while ((count() < BEFORE_KILL.acknowledged || ack.orders.length < BEFORE_KILL.orders) && Date.now() - started < BEFORE_KILL.maxMs) {
      await new Promise((r) => setTimeout(r, 25));
    }
    killed = true;
    first.child.kill('SIGKILL');
    await exited(first.child);
    await Promise.all(clients);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(ack.orders.length).toBeGreaterThanOrEqual(BEFORE_KILL.orders);
    expect(ack.cartLines.length).toBeGreaterThan(0);

    // Started again on the same data: unfinished checkouts are resumed before it listens.
    const second = await startShopProcess(dir.path, jwtSecret);
    running.push(second.child);
    const get = async <T>(path: string, token?: string) => {
      const reply = await api<T>(second.url, path, token ? { token } : {});
      expect(reply.status, path).toBe(200);
      return reply.body;
    };

    // Every acknowledged cart line is in its cart.
    const cartOf = new Map<string, CartLineDoc[]>();
    const cart = async (shopper: Shopper) => {
      if (!cartOf.has(shopper.userId)) cartOf.set(shopper.userId, await get<CartLineDoc[]>('/api/cart', shopper.token));
      return cartOf.get(shopper.userId)!;
    };
    const missingLines: string[] = [];
    for (const { shopper, lineId } of ack.cartLines) if (!(await cart(shopper)).some((line) => line.id === lineId)) missingLines.push(lineId);
    expect(missingLines, 'acknowledged cart adds missing after the restart').toEqual([]);

    // Every acknowledged order is listed for its shopper, with the payment it was placed for.
    const ordersOf = new Map<string, OrderDoc[]>();
    const orders = async (shopper: Shopper) => {
      if (!ordersOf.has(shopper.userId)) ordersOf.set(shopper.userId, await get<OrderDoc[]>('/api/orders', shopper.token));
      return ordersOf.get(shopper.userId)!;
    };
    for (const { shopper, orderId, paymentId } of ack.orders) {
      expect((await orders(shopper)).map((o) => [o.id, o.paymentId]), `order ${orderId}`).toContainEqual([orderId, paymentId]);
    }
    // A checkout's acknowledged line is still in the cart, or was ordered (its checkout may have
    // been cut off before the order, and finished by the restart).
    for (const { shopper, lineId } of ack.checkoutLines) {
      const inCart = (await cart(shopper)).some((line) => line.id === lineId);
      const ordered = (await orders(shopper)).some((o) => o.products.some((p) => p.lineId === lineId));
      expect(inCart || ordered, `checkout line ${lineId}`).toBe(true);
    }
    const liveStock = new Map<string, number>();
    for (const productId of initialStock.keys()) liveStock.set(productId, (await get<ProductDoc>(`/api/products/${productId}`)).countInStock);

    // The rest is read from the log itself, with the server stopped the ordinary way.
    second.child.kill('SIGTERM');
    await exited(second.child);
    const config = loadConfig({ DATA_DIR: dir.path, LOG_LEVEL: 'silent' });
    const events = await openEventStore(config);
    const docs = await openDocumentStore(config);
    try {
      const log = await allEvents(events);
      const streams = new Map<string, RecordedEvent[]>();
      for (const event of log) streams.set(event.streamId, [...(streams.get(event.streamId) ?? []), event]);
      const ofType = (streamId: string, type: string) => (streams.get(streamId) ?? []).filter((e) => e.type === type);

      for (const providerOrderId of ack.paymentsOpened) expect(ofType(`payment-${providerOrderId}`, 'PaymentOpened'), providerOrderId).toHaveLength(1);
      // The test provider's pay reply is the provider's word, not a command of ours: the shop
      // records the payment when `/orders/create` confirms it. So a payment whose confirmation was
      // answered (an order, or a refusal) must be recorded; one cut off between the provider's
      // reply and ours may be recorded or not, but never under another payment id.
      const answered = new Set([...ack.orders.map((o) => o.paymentId), ...ack.refused.map((r) => r.paymentId)]);
      for (const { providerOrderId, paymentId } of ack.paymentsConfirmed) {
        const recorded = ofType(`payment-${providerOrderId}`, 'PaymentConfirmed').map((e) => (e.data as { paymentId: string }).paymentId);
        if (answered.has(paymentId)) expect(recorded, providerOrderId).toEqual([paymentId]);
        else expect([[], [paymentId]], providerOrderId).toContainEqual(recorded);
      }
      for (const { providerOrderId } of ack.refused) expect(ofType(`payment-${providerOrderId}`, 'PaymentRefundRequested'), providerOrderId).toHaveLength(1);

      // No order without its payment, and no order whose payment is being given back.
      const placed = log.filter((e) => e.type === 'OrderPlaced').map((e) => e.data as { orderId: string; providerOrderId: string; paymentId: string; products: { productId: string; quantity: number }[] });
      expect(placed.length).toBeGreaterThanOrEqual(ack.orders.length);
      for (const order of placed) {
        const payment = `payment-${order.providerOrderId}`;
        expect(ofType(payment, 'PaymentOpened'), payment).toHaveLength(1);
        expect(ofType(payment, 'PaymentConfirmed').map((e) => (e.data as { paymentId: string }).paymentId), payment).toEqual([order.paymentId]);
        expect(ofType(payment, 'PaymentRefundRequested'), payment).toEqual([]);
      }

      // Stock: the fold of each product's stream never goes below zero, matches each event's
      // `remaining`, and is what the read model shows; what is still held is held by orders.
      for (const [productId, initial] of initialStock) {
        let available = initial;
        const held = new Map<string, number>();
        for (const event of streams.get(`stock-${productId}`) ?? []) {
          const { reservationId, quantity, remaining } = event.data as { reservationId?: string; quantity: number; remaining: number };
          if (event.type === 'StockReceived') {
            available += quantity; // a delivery the back office received
          } else if (event.type === 'StockReleased') {
            available += quantity;
            held.delete(reservationId!);
          } else {
            available -= quantity;
            held.set(reservationId!, quantity);
          }
          expect(available, `stock of ${productId} at ${event.position}`).toBeGreaterThanOrEqual(0);
          expect(remaining, `stock of ${productId} at ${event.position}`).toBe(available);
        }
        expect(liveStock.get(productId), `stock of ${productId} in the read model`).toBe(available);
        const orderedFromIt = placed.filter((o) => o.products.some((p) => p.productId === productId)).map((o) => o.paymentId);
        expect([...held.keys()].sort(), `reservations of ${productId} still held`).toEqual(orderedFromIt.sort());
      }

      // projections:verify: every read model equals a rebuild from the log.
      for (const projection of allProjections) {
        for (const spec of projection.collections) await docs.defineCollection(spec);
        const report = await verifyProjection(projection, { events, store: docs, layout: embeddedLayout });
        expect(report.differences, `${projection.name} differs from a rebuild`).toEqual([]);
      }
    } finally {
      await events.close();
      await docs.close();
    }
    console.log(
      `[crash] killed after ${count()} acknowledged replies (${ack.cartLines.length + ack.checkoutLines.length} cart adds, ${ack.orders.length} orders, ${ack.refused.length} refused checkouts, ${ack.paymentsConfirmed.length - ack.orders.length - ack.refused.length} paid checkouts cut off before their order reply); all there after the restart`,
    );
  });
});
