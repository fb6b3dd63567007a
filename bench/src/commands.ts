/**
 * npm run bench:commands — the write side under load, read-your-writes included. Builds a
 * seeded shop in a temporary data directory (plus a few products with plenty of stock), starts
 * the real server on 127.0.0.1 in its own process, mints tokens for many shoppers, and drives
 * 32 connections with autocannon:
 *   1. /healthz of the same app (the baseline),
 *   2. cart commands: each connection repeats add → change quantity → remove for a shopper,
 *   3. checkouts: add → open payment → pay with the test card → confirm into an order.
 * Every command reply waits for the read models the UI reads next, so the latencies are what
 * a shopper sees.
 *
 * It runs once per event-log sync mode (BENCH_SYNC, default `full,normal`) and per number of API
 * processes (1, then WORKERS, default the machine's cores), each on its own copy of the prepared
 * data in a freshly started server, and ends with them side by side: what syncing every commit
 * (the default) costs against NORMAL, and what N processes serve against one. BENCH_PROMOTIONS
 * sets how many promotions run (default 4; 0 to compare what pricing through them costs).
 */
import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon, { type Request } from 'autocannon';
import { newId, type PromotionEventMap } from '@shop/contracts';
import { promotionStream } from '@shop/command-api';
import { TokenService, createLogger, loadConfig } from '@shop/platform';
import { composeShop, seedCatalogIfNew } from '@shop/server';
import { tempDir } from '../../test-support/temp-dir.ts';
import { hostSteal, processCounts, startServer } from './load.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 256);
const TARGET = { commandsPerSec: 3000, p99: 15 };
/**
 * How many of the four festival-week promotions run (BENCH_PROMOTIONS, 0 to 4, default 4): 0
 * against 4 is what pricing through the promotions costs a command.
 */
const PROMOTIONS = Number(process.env.BENCH_PROMOTIONS ?? 4);

interface Figures {
  /** Share of the machine's CPU time the host gave to other guests during the run (null: unknown). */
  steal: number | null;
  /** Server CPU (user + system, all threads) per request, in ms: what the server spent, whoever else ran. */
  cpuMsPerReq: number | null;
  /** The part of it on the server's main thread (the event loop every request waits for), in ms. */
  loopCpuMsPerReq: number | null;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  total: number;
}

/** Seeds the catalog and lists bench products with stock enough for every checkout. */
export async function prepare(dataDir: string, jwtSecret: string): Promise<string[]> {
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_CATALOG: 'false', JWT_SECRET: jwtSecret, UI_DIST: `${dataDir}/no-ui` });
  const shop = await composeShop(config, createLogger('warn'));
  try {
    await seedCatalogIfNew(shop);
    const { categoryId } = await shop.catalog.createCategory({ name: 'Bench', color: '#000000', images: [] });
    const { subcategoryId } = await shop.catalog.addSubcategory({ categoryId, name: 'Bench goods' });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const { productId } = await shop.catalog.saveProduct({
        details: {
          name: `Bench Lamp ${i}`,
          brand: 'Bench',
          description: 'A product for the benchmark.',
          images: ['/images/bench.svg'],
          price: 100 + i,
          oldPrice: 200,
          discount: 10,
          countInStock: 10_000_000,
          rating: 4,
          isFeatured: false,
          catId: categoryId,
          subCatId: subcategoryId,
          productRam: [],
          size: [],
          productWeight: [],
          location: [{ value: 'All', label: 'All' }],
        },
      });
      ids.push(productId);
    }
    // Several promotions running, as in a festival week, so every checkout is priced through them
    // all: a category sale, buy 2 get 1, free delivery over an amount, an automatic flat discount
    // (and the first-order discount every new bench shopper has).
    const running: Omit<PromotionEventMap['PromotionCreated'], 'promotionId'>[] = [
      { name: 'Bench sale', type: 'percent', value: 20, categoryIds: [categoryId], startsAt: new Date(Date.now() - 60_000).toISOString(), endsAt: new Date(Date.now() + 86_400_000).toISOString() },
      { name: 'Bench buy 2 get 1', type: 'buyXgetY', value: 2, getQuantity: 1, categoryIds: [categoryId] },
      { name: 'Bench free delivery', type: 'freeDelivery', value: 300 },
      { name: 'Bench fifty off', type: 'flat', value: 50, minCart: 400 },
    ];
    if (!Number.isInteger(PROMOTIONS) || PROMOTIONS < 0 || PROMOTIONS > running.length) throw new Error(`BENCH_PROMOTIONS is 0 to ${running.length} (got ${process.env.BENCH_PROMOTIONS})`);
    for (const terms of running.slice(0, PROMOTIONS)) {
      const promotionId = newId();
      await shop.streams.handle(promotionStream.at(promotionId), { type: 'CreatePromotion', terms: { promotionId, ...terms } });
    }
    await shop.runner.catchUp();
    return ids;
  } finally {
    await shop.close();
  }
}

function figures(result: autocannon.Result, cpuMs: number | null, loopCpuMs: number | null, steal: number | null): Figures {
  return {
    steal,
    cpuMsPerReq: cpuMs === null ? null : cpuMs / Math.max(1, result.requests.total),
    loopCpuMsPerReq: loopCpuMs === null ? null : loopCpuMs / Math.max(1, result.requests.total),
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    total: result.requests.total,
  };
}

/**
 * Shoppers are taken in turn, so a shopper's next sequence starts long after the last one ended.
 * Each run has shoppers of its own: a sequence cut off at the end of a run leaves a line in that
 * cart, and a later run meeting it would be told "already added".
 */
let next = 0;

const json = (token: string) => ({ 'content-type': 'application/json', authorization: `Bearer ${token}` });

/** A JSON request built when its turn comes, from what earlier replies of the sequence left in `context`. */
function step(
  method: Request['method'],
  build: (context: Record<string, unknown>) => { path: string; token: string; body?: unknown },
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void,
): Request {
  return {
    method,
    setupRequest: (request, context) => {
      const { path, token, body } = build(context as Record<string, unknown>);
      return { ...request, method, path, headers: json(token), body: body === undefined ? undefined : JSON.stringify(body) };
    },
    ...(onResponse ? { onResponse: (status: number, body: string, context: Record<string, unknown>) => onResponse(status, body, context) } : {}),
  } as Request;
}

export function cartSequence(tokens: string[], products: string[]): Request[] {
  return [
    step(
      'POST',
      (context) => {
        const n = next++;
        context.token = tokens[n % tokens.length];
        return { path: '/api/cart/add', token: context.token as string, body: { productId: products[n % products.length], quantity: 1 } };
      },
      (status, body, context) => {
        if (status === 201) context.lineId = (JSON.parse(body) as { id: string }).id;
      },
    ),
    step('PUT', (context) => ({ path: `/api/cart/${String(context.lineId)}`, token: context.token as string, body: { quantity: 2 } })),
    step('DELETE', (context) => ({ path: `/api/cart/${String(context.lineId)}`, token: context.token as string })),
  ];
}

const BILLING = {
  fullName: 'Bench Shopper',
  country: 'India',
  streetAddressLine1: '1 MG Road',
  streetAddressLine2: 'Indiranagar',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560038',
  phoneNumber: '9876543210',
  email: 'bench@example.in',
};

export function checkoutSequence(tokens: string[], products: string[], placed: { orders: number }): Request[] {
  return [
    step('POST', (context) => {
      const n = next++;
      context.token = tokens[n % tokens.length];
      return { path: '/api/cart/add', token: context.token as string, body: { productId: products[n % products.length], quantity: 1 } };
    }),
    step(
      'POST',
      (context) => ({ path: '/api/orders/checkout', token: context.token as string, body: BILLING }),
      (status, body, context) => {
        if (status === 201) context.providerOrderId = (JSON.parse(body) as { orderId: string }).orderId;
      },
    ),
    step(
      'POST',
      (context) => ({ path: '/api/payments/test/pay', token: context.token as string, body: { providerOrderId: context.providerOrderId, card: '4111 1111 1111 1111' } }),
      (status, body, context) => {
        if (status === 200) context.paid = JSON.parse(body) as unknown;
      },
    ),
    step(
      'POST',
      (context) => ({ path: '/api/orders/create', token: context.token as string, body: context.paid ?? {} }),
      (status) => {
        if (status === 201) placed.orders++;
      },
    ),
  ];
}

interface ModeResult {
  mode: string;
  /** API processes serving (WORKERS). */
  processes: number;
  baseline: Figures;
  cart: Figures;
  checkout: Figures;
  orders: number;
}

/**
 * One server run on its own copy of the prepared data: warm-up, /healthz, cart commands, checkouts.
 * EVENT_LOG_SYNC picks how the event log commits (`full` is the shop's default).
 */
async function measureMode(mode: string, processes: number, dataDir: string, jwtSecret: string, products: string[], signer: TokenService): Promise<ModeResult> {
  const shoppers = () =>
    Array.from({ length: SHOPPERS }, () => {
      const userId = newId();
      return signer.sign({ userId, email: `${userId}@bench.example`, isAdmin: false });
    });
  const server = await startServer({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret, EVENT_LOG_SYNC: mode, WRITE_BUDGET_SCALE: '1000', WORKERS: String(processes) });
  try {
    const run = async (requests: Request[] | undefined, duration = DURATION) => {
      const before = server.cpuMs();
      const loopBefore = server.loopCpuMs();
      const steal = hostSteal();
      const result = await autocannon({ url: server.url + '/healthz', connections: CONNECTIONS, duration, ...(requests ? { requests } : {}) });
      const after = server.cpuMs();
      const loopAfter = server.loopCpuMs();
      const spent = (from: number | null, to: number | null) => (from === null || to === null ? null : to - from);
      return figures(result, spent(before, after), spent(loopBefore, loopAfter), steal());
    };

    await run(cartSequence(shoppers(), products), Math.min(3, DURATION)); // warm-up (JIT, caches), not counted
    const baseline = await run(undefined);
    const cart = await run(cartSequence(shoppers(), products));
    const placed = { orders: 0 };
    const checkout = await run(checkoutSequence(shoppers(), products, placed));
    return { mode, processes, baseline, cart, checkout, orders: placed.orders };
  } finally {
    await server.stop();
  }
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const cpu = (f: Figures) => (f.cpuMsPerReq === null ? 'n/a' : f.cpuMsPerReq.toFixed(2));

function printMode({ mode, processes, baseline, cart, checkout, orders }: ModeResult): void {
  console.log(`\nEVENT_LOG_SYNC=${mode}, WORKERS=${processes}: ${CONNECTIONS} connections, ${DURATION} s per run, ${SHOPPERS} shoppers, ${PROMOTIONS} promotions running\n`);
  console.log(pad('run', 30) + pad('req/s', 10) + pad('p50 ms', 9) + pad('p99 ms', 9) + pad('vs /healthz', 13) + pad('server CPU ms/req', 19) + pad('non-2xx/errors', 16) + 'host steal');
  const row = (name: string, f: Figures) =>
    console.log(pad(name, 30) + pad(Math.round(f.reqPerSec), 10) + pad(f.p50, 9) + pad(f.p99, 9) + pad((f.reqPerSec / baseline.reqPerSec).toFixed(2), 13) + pad(cpu(f), 19) + pad(f.errors, 16) + (f.steal === null ? 'n/a' : `${(f.steal * 100).toFixed(1)}%`));
  row('/healthz (baseline)', baseline);
  row('cart add/quantity/remove', cart);
  row('checkout (4 requests each)', checkout);
  console.log(`\ncart commands: ${Math.round(cart.reqPerSec)} commands/s, p50 ${cart.p50} ms, p99 ${cart.p99} ms, ratio to /healthz ${(cart.reqPerSec / baseline.reqPerSec).toFixed(2)}`);
  if (cart.cpuMsPerReq) {
    // Throughput also depends on what else the machine runs (the load generator shares it);
    // the CPU the server spent per command says what one core of it can sustain.
    console.log(`server CPU per cart command (all processes): ${cart.cpuMsPerReq.toFixed(2)} ms (/healthz ${cpu(baseline)} ms) = at most ${Math.round(1000 / cart.cpuMsPerReq)} commands/s per server core`);
  }
  if (cart.loopCpuMsPerReq !== null && checkout.loopCpuMsPerReq !== null) {
    // What reads lose to writes: the event loop's share (the event log commits on a thread of its own).
    console.log(`of which on the event loop: ${cart.loopCpuMsPerReq.toFixed(3)} ms per cart command, ${checkout.loopCpuMsPerReq.toFixed(3)} ms per checkout request`);
  }
  console.log(`checkouts: ${orders} orders placed = ${(orders / DURATION).toFixed(0)} orders/s (each: add, open payment, pay, confirm)`);
  const met = cart.reqPerSec >= TARGET.commandsPerSec && cart.p99 <= TARGET.p99 && cart.errors === 0;
  console.log(`target: >= ${TARGET.commandsPerSec} cart commands/s with p99 <= ${TARGET.p99} ms and no errors: ${met ? 'MET' : 'MISSED'}${mode === 'full' ? '' : ' (not the shop\'s default: for comparison only)'}`);
  if ((cart.steal ?? 0) > 0.02) console.log(`note: the host took ${(cart.steal! * 100).toFixed(1)}% of this machine's CPU time during the cart run; figures from a busy host run low`);
}

/** The cost of syncing every commit: the cart-command figures of each mode side by side (one process count). */
function printComparison(results: ModeResult[]): void {
  if (results.length < 2) return;
  console.log(`\nevent log sync, side by side (WORKERS=${results[0]!.processes}; cart commands; \`normal\` loses acknowledged commands on power loss)\n`);
  console.log(pad('EVENT_LOG_SYNC', 16) + pad('commands/s', 12) + pad('p50 ms', 9) + pad('p99 ms', 9) + pad('server CPU ms/cmd', 19) + pad('orders/s', 10) + 'host steal');
  for (const { mode, cart, orders } of results) {
    console.log(pad(mode, 16) + pad(Math.round(cart.reqPerSec), 12) + pad(cart.p50, 9) + pad(cart.p99, 9) + pad(cpu(cart), 19) + pad((orders / DURATION).toFixed(0), 10) + (cart.steal === null ? 'n/a' : `${(cart.steal * 100).toFixed(1)}%`));
  }
  const full = results.find((r) => r.mode === 'full');
  const normal = results.find((r) => r.mode === 'normal');
  if (full && normal && normal.cart.reqPerSec > 0) {
    console.log(`\nfull / normal: ${(full.cart.reqPerSec / normal.cart.reqPerSec).toFixed(2)}× the commands/s, p99 ${full.cart.p99} vs ${normal.cart.p99} ms`);
  }
}

/**
 * 1 process against N, side by side, per sync mode: throughput, p99, and the server's CPU per
 * request summed over every process (which says what N processes cost, whatever cores the
 * machine had left for them beside the load generator).
 */
function printProcesses(results: ModeResult[]): void {
  const counts = [...new Set(results.map((r) => r.processes))];
  if (counts.length < 2) return;
  for (const mode of [...new Set(results.map((r) => r.mode))]) {
    const rows = results.filter((r) => r.mode === mode);
    const one = rows.find((r) => r.processes === 1);
    console.log(`\nAPI processes, side by side (EVENT_LOG_SYNC=${mode}; ${availableParallelism()} cores on this machine, the load generator among them)\n`);
    console.log(pad('WORKERS', 9) + pad('cart cmd/s', 12) + pad('vs 1', 7) + pad('p50 ms', 8) + pad('p99 ms', 8) + pad('CPU ms/cmd', 12) + pad('checkout req/s', 16) + pad('p99 ms', 8) + pad('CPU ms/req', 12) + pad('orders/s', 10) + 'host steal');
    for (const r of rows) {
      console.log(
        pad(r.processes, 9) + pad(Math.round(r.cart.reqPerSec), 12) + pad(one ? (r.cart.reqPerSec / one.cart.reqPerSec).toFixed(2) : '-', 7) + pad(r.cart.p50, 8) + pad(r.cart.p99, 8) + pad(cpu(r.cart), 12) +
          pad(Math.round(r.checkout.reqPerSec), 16) + pad(r.checkout.p99, 8) + pad(cpu(r.checkout), 12) + pad((r.orders / DURATION).toFixed(0), 10) + (r.cart.steal === null ? 'n/a' : `${(r.cart.steal * 100).toFixed(1)}%`),
      );
    }
  }
}

async function main() {
  const modes = (process.env.BENCH_SYNC ?? 'full,normal').split(',').map((m) => m.trim()).filter(Boolean);
  const unknown = modes.filter((m) => m !== 'full' && m !== 'normal');
  if (modes.length === 0 || unknown.length > 0) throw new Error(`BENCH_SYNC lists full and/or normal (got ${process.env.BENCH_SYNC})`);
  const dir = tempDir('shop-bench-commands-');
  const jwtSecret = randomBytes(48).toString('base64url');
  try {
    console.log(`Preparing a seeded shop in ${dir.path}`);
    const prepared = join(dir.path, 'prepared');
    const products = await prepare(prepared, jwtSecret);
    const signer = new TokenService(jwtSecret);
    const results: ModeResult[] = [];
    for (const processes of processCounts()) {
      for (const mode of modes) {
        // Each run starts from the same prepared data, in a server of its own.
        const dataDir = join(dir.path, `${mode}-${processes}`);
        cpSync(prepared, dataDir, { recursive: true });
        const result = await measureMode(mode, processes, dataDir, jwtSecret, products, signer);
        printMode(result);
        results.push(result);
      }
      printComparison(results.filter((r) => r.processes === processes));
    }
    printProcesses(results);
  } finally {
    dir.remove();
  }
}

// Run as a script (npm run bench:commands), not when bench:mixed imports the shopper sequences.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
