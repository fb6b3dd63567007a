/**
 * npm run bench:mixed — catalog reads while the shop sells. One seeded shop, served by one API
 * process and then by WORKERS (default: the machine's cores; each on its own copy of the data),
 * three steps of BENCH_DURATION seconds each:
 *   1. catalog reads alone (listings and product pages, 24 connections): the reference figure;
 *   2. the same reads while cart commands and checkouts run at a fixed, low rate;
 *   3. the same reads with ten times those writes.
 * Reads run flat out; writes run at a fixed rate (autocannon's overallRate), so a slow read path
 * cannot lower the write load it is measured under. Checkouts buy the products the reads show, so
 * every order changes the stock of a product some cached replies hold. The figure that matters is
 * read throughput as a share of step 1, with the read p99, while 100+ orders/s are placed.
 */
import { randomBytes } from 'node:crypto';
import { cpSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request } from 'autocannon';
import type { CategoryDoc } from '@shop/contracts';
import { newId } from '@shop/contracts';
import { TokenService } from '@shop/platform';
import { tempDir } from '../../test-support/temp-dir.ts';
import { cartSequence, checkoutSequence, prepare } from './commands.ts';
import { hostSteal, processCounts, startServer } from './load.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const READ_CONNECTIONS = Number(process.env.BENCH_READ_CONNECTIONS ?? 24);
/** Step 2's write load; step 3 runs ten times this. */
const CART_COMMANDS_PER_SEC = Number(process.env.BENCH_CART_RATE ?? 40);
const ORDERS_PER_SEC = Number(process.env.BENCH_ORDER_RATE ?? 12);
const TARGET = { readRatio: 0.6, readP99: 10, ordersPerSec: 100 };
/** Requests per checkout: add to cart, open the payment, pay, confirm into an order. */
const CHECKOUT_REQUESTS = 4;

interface StepFigures {
  name: string;
  readsPerSec: number;
  readP50: number;
  readP99: number;
  readErrors: number;
  commandsPerSec: number;
  commandP99: number | null;
  checkoutP99: number | null;
  ordersPerSec: number;
  writeErrors: number;
  steal: number | null;
  /** The server process's CPU time during the step, per read and write request it answered. */
  cpuMsPerRequest: number | null;
  requests: { reads: number; writes: number; cpuMs: number | null };
}

/** Catalog GETs a shopper makes: each category's and subcategory's first page, and product pages. */
async function readPaths(url: string, boughtProducts: string[]): Promise<string[]> {
  const categories = (await (await fetch(`${url}/api/category`)).json()) as { categoryList: CategoryDoc[] };
  const paths: string[] = ['/api/category', '/api/products/featured'];
  for (const category of categories.categoryList) {
    paths.push(`/api/products/catId?catId=${category.id}&page=1&perPage=20`);
    for (const sub of category.children) paths.push(`/api/products/subCatId?subCatId=${sub.id}&page=1&perPage=20`);
  }
  const listing = (await (await fetch(`${url}/api/products?page=1&perPage=100`)).json()) as { products: { id: string }[] };
  for (const product of listing.products) paths.push(`/api/products/${product.id}`);
  // The products being bought, as listings and product pages, so their stock changes meet reads.
  for (const id of boughtProducts) paths.push(`/api/products/${id}`);
  paths.push('/api/products/catName?catName=Bench&page=1&perPage=20');
  return paths;
}

function reads(url: string, paths: string[], duration: number) {
  let next = 0;
  return autocannon({
    url,
    connections: READ_CONNECTIONS,
    duration,
    requests: [
      {
        setupRequest: (request) => {
          request.path = paths[next++ % paths.length] ?? '/';
          return request;
        },
      },
    ],
  });
}

function writes(url: string, requests: Request[], requestsPerSec: number, connections: number, duration: number) {
  return autocannon({ url: `${url}/healthz`, connections, duration, overallRate: requestsPerSec, requests });
}

/** The three steps on a server of `processes` API processes, started on its own copy of the prepared data. */
async function measure(processes: number, dataDir: string, jwtSecret: string, products: string[]): Promise<StepFigures[]> {
  const signer = new TokenService(jwtSecret);
  const shoppers = () =>
    Array.from({ length: 512 }, () => {
      const userId = newId();
      return signer.sign({ userId, email: `${userId}@bench.example`, isAdmin: false });
    });
  const server = await startServer({ DATA_DIR: dataDir, JWT_SECRET: jwtSecret, WRITE_BUDGET_SCALE: '1000', WORKERS: String(processes) });
  try {
    const paths = await readPaths(server.url, products);
    console.log(`\nWORKERS=${processes}: ${paths.length} catalog URLs read in turn by ${READ_CONNECTIONS} connections; ${DURATION} s per step`);
    await reads(server.url, paths, 3); // warm-up: JIT, reply cache, first-screen copies

    const step = async (name: string, factor: number): Promise<StepFigures> => {
      const placed = { orders: 0 };
      const steal = hostSteal();
      const cpuBefore = server.cpuMs();
      const [read, cart, checkout] = await Promise.all([
        reads(server.url, paths, DURATION),
        factor > 0 ? writes(server.url, cartSequence(shoppers(), products), CART_COMMANDS_PER_SEC * factor, 8, DURATION) : undefined,
        factor > 0
          ? writes(server.url, checkoutSequence(shoppers(), products, placed), ORDERS_PER_SEC * CHECKOUT_REQUESTS * factor, 16, DURATION)
          : undefined,
      ]);
      const cpuAfter = server.cpuMs();
      const cpuMs = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
      const writeRequests = (cart?.requests.total ?? 0) + (checkout?.requests.total ?? 0);
      const requests = { reads: read.requests.total, writes: writeRequests, cpuMs };
      return {
        name,
        cpuMsPerRequest: cpuMs === null ? null : cpuMs / (read.requests.total + writeRequests),
        requests,
        readsPerSec: read.requests.average,
        readP50: read.latency.p50,
        readP99: read.latency.p99,
        readErrors: read.errors + read.non2xx,
        commandsPerSec: cart?.requests.average ?? 0,
        commandP99: cart?.latency.p99 ?? null,
        checkoutP99: checkout?.latency.p99 ?? null,
        ordersPerSec: placed.orders / DURATION,
        writeErrors: (cart ? cart.errors + cart.non2xx : 0) + (checkout ? checkout.errors + checkout.non2xx : 0),
        steal: steal(),
      };
    };

    const steps = [await step('reads alone', 0), await step(`+ writes x1`, 1), await step(`+ writes x10`, 10)];
    printSteps(processes, steps);
    return steps;
  } finally {
    await server.stop();
  }
}

const pad = (s: string | number, n: number) => String(s).padEnd(n);
const ms = (v: number | null) => (v === null ? '-' : v);

function printSteps(processes: number, [alone, low, high]: StepFigures[]): void {
  if (!alone || !low || !high) return;
  console.log(
    `\nWORKERS=${processes}\n` +
      pad('step', 16) + pad('reads/s', 10) + pad('vs alone', 10) + pad('read p50', 10) + pad('read p99', 10) +
      pad('cart cmd/s', 12) + pad('cmd p99', 9) + pad('checkout p99', 14) + pad('orders/s', 10) + pad('errors', 8) + 'host steal',
  );
  for (const row of [alone, low, high]) {
    console.log(
      pad(row.name, 16) + pad(Math.round(row.readsPerSec), 10) + pad((row.readsPerSec / alone.readsPerSec).toFixed(2), 10) +
        pad(row.readP50, 10) + pad(row.readP99, 10) + pad(Math.round(row.commandsPerSec), 12) + pad(ms(row.commandP99), 9) +
        pad(ms(row.checkoutP99), 14) + pad(row.ordersPerSec.toFixed(0), 10) + pad(row.readErrors + row.writeErrors, 8) +
        (row.steal === null ? 'n/a' : `${(row.steal * 100).toFixed(1)}%`),
    );
  }
  // What a write request costs the server, reads counted at their price in step 1.
  const perRead = alone.requests.cpuMs === null ? null : alone.requests.cpuMs / alone.requests.reads;
  for (const row of [alone, low, high]) {
    const cpu = row.requests.cpuMs;
    const perWrite = cpu !== null && perRead !== null && row.requests.writes > 0 ? (cpu - perRead * row.requests.reads) / row.requests.writes : null;
    console.log(
      `${pad(row.name, 16)}server CPU (all processes) ${cpu === null ? 'n/a' : `${(cpu / 1000).toFixed(2)} s`}: ` +
        `${row.cpuMsPerRequest === null ? 'n/a' : `${Math.round(row.cpuMsPerRequest * 1000)} µs`} per request` +
        (perWrite === null ? '' : `, ${Math.round(perWrite * 1000)} µs per write request (reads at step 1's ${Math.round(perRead! * 1000)} µs)`),
    );
  }
  const ratio = high.readsPerSec / alone.readsPerSec;
  const met = high.ordersPerSec >= TARGET.ordersPerSec && ratio >= TARGET.readRatio && high.readP99 <= TARGET.readP99;
  console.log(
    `target: reads keep >= ${TARGET.readRatio * 100}% of their alone throughput with p99 <= ${TARGET.readP99} ms while >= ${TARGET.ordersPerSec} orders/s are placed: ` +
      `${ratio.toFixed(2)}, p99 ${high.readP99} ms, ${high.ordersPerSec.toFixed(0)} orders/s: ${met ? 'MET' : 'MISSED'}`,
  );
}

/** 1 process against N, side by side: each step's reads, read p99, orders and CPU per request. */
function printProcesses(results: { processes: number; steps: StepFigures[] }[]): void {
  if (results.length < 2) return;
  const one = results[0]!;
  console.log(`\nAPI processes, side by side (${availableParallelism()} cores on this machine, the load generator among them)\n`);
  console.log(pad('step', 16) + pad('WORKERS', 9) + pad('reads/s', 10) + pad('vs 1', 7) + pad('vs alone', 10) + pad('read p99', 10) + pad('orders/s', 10) + pad('CPU µs/req', 12) + 'host steal');
  one.steps.forEach((_, i) => {
    for (const { processes, steps } of results) {
      const row = steps[i]!;
      console.log(
        pad(row.name, 16) + pad(processes, 9) + pad(Math.round(row.readsPerSec), 10) + pad((row.readsPerSec / one.steps[i]!.readsPerSec).toFixed(2), 7) +
          pad((row.readsPerSec / steps[0]!.readsPerSec).toFixed(2), 10) + pad(row.readP99, 10) + pad(row.ordersPerSec.toFixed(0), 10) +
          pad(row.cpuMsPerRequest === null ? 'n/a' : Math.round(row.cpuMsPerRequest * 1000), 12) + (row.steal === null ? 'n/a' : `${(row.steal * 100).toFixed(1)}%`),
      );
    }
  });
}

async function main() {
  const dir = tempDir('shop-bench-mixed-');
  const jwtSecret = randomBytes(48).toString('base64url');
  try {
    console.log(`Preparing a seeded shop in ${dir.path}`);
    const prepared = join(dir.path, 'prepared');
    const products = await prepare(prepared, jwtSecret);
    const results: { processes: number; steps: StepFigures[] }[] = [];
    for (const processes of processCounts()) {
      // Each count starts from the same prepared data, in a server of its own.
      const dataDir = join(dir.path, `workers-${processes}`);
      cpSync(prepared, dataDir, { recursive: true });
      results.push({ processes, steps: await measure(processes, dataDir, jwtSecret, products) });
    }
    printProcesses(results);
  } finally {
    dir.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
