/**
 * npm run bench:export — a person's data export on a large log, before and after the
 * `personal-data` index: builds a log of `BENCH_EVENTS` events (default 1,000,000: shoppers with
 * an account, cart and My List changes, orders with status changes, and reviews in products'
 * shared review streams) once into `BENCH_DIR` (kept, so later runs skip it), rebuilds the index
 * from it, then exports one shopper `BENCH_ROUNDS` times each way, alternately, in the same
 * process: by a scan of the whole log (what the export did before) and through the index.
 * Prints each way's median time, the longest the event loop went without a turn (what
 * `/healthz` waits for), and the ratio.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { accountStreams, cartStreams, myListStreams, newId, orderStreams, reviewStreams } from '@shop/contracts';
import { newEventId, type NewEvent } from '@shop/platform';
import { SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { personalDataProjection, rebuildProjection } from '@shop/projections';
import { exportReply, personalExport } from '@shop/server/privacy/personal-export';
import { scanLogForPerson } from '../../test-support/personal-data-scan.ts';
import { watchEventLoopStalls } from './event-loop-stalls.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DIR = process.env.BENCH_DIR ?? `/tmp/shop-export-${EVENTS}`;
const PRODUCTS = 1000;
const ORDERS_EACH = 2;
/** Each shopper's appends: one per stream (account, cart, My List, each order, a review). */
const CART_CHANGES = 20;
const LIST_CHANGES = 9;
const STATUS_CHANGES = 3;
const EVENTS_EACH = 1 + CART_CHANGES + LIST_CHANGES + ORDERS_EACH * (1 + STATUS_CHANGES) + 1;
const SHOPPERS = Math.ceil(EVENTS / EVENTS_EACH);
/** Shoppers appended at once (the writer thread commits them together). */
const CONCURRENT = 50;

const at = () => new Date().toISOString();
const event = (type: string, data: Record<string, unknown>): NewEvent => ({ id: newEventId(), type, data });

/** One shopper's history, stream by stream. */
function historyOf(userId: string, productOf: (k: number) => string): [string, NewEvent[]][] {
  const streams: [string, NewEvent[]][] = [
    [accountStreams.account(userId), [event('AccountRegistered', { userId, name: 'Bench Shopper', email: `${userId}@example.in`, phone: '9876543210', passwordHash: 'x', isAdmin: false, registeredAt: at() })]],
    [cartStreams.cart(userId), Array.from({ length: CART_CHANGES }, (_, k) => event('CartItemAdded', { userId, lineId: newId(), productId: productOf(k), quantity: 1 }))],
    [myListStreams.list(userId), Array.from({ length: LIST_CHANGES }, (_, k) => event('MyListItemAdded', { userId, entryId: newId(), productId: productOf(k), productTitle: 'Brass lamp', image: '', rating: 4, price: 300 }))],
  ];
  for (let order = 0; order < ORDERS_EACH; order++) {
    const orderId = newId();
    streams.push([orderStreams.order(orderId), [event('OrderPlaced', { orderId, userid: userId, amount: 600 }), ...Array.from({ length: STATUS_CHANGES }, () => event('OrderStatusChanged', { orderId, status: 'shipped' }))]]);
  }
  streams.push([reviewStreams.product(productOf(0)), [event('ProductReviewed', { reviewId: newId(), productId: productOf(0), customerId: userId, review: 'Sturdy', customerRating: 4 })]]);
  return streams;
}

mkdirSync(DIR, { recursive: true });
const logFile = join(DIR, 'events.db');
const personFile = join(DIR, 'person');
if (!existsSync(join(DIR, 'seeded'))) {
  rmSync(logFile, { force: true });
  const seeding = new SqliteEventStore(logFile, { synchronous: 'normal' });
  const products = Array.from({ length: PRODUCTS }, () => newId());
  const started = performance.now();
  let person = '';
  for (let first = 0; first < SHOPPERS; first += CONCURRENT) {
    const batch = Array.from({ length: Math.min(CONCURRENT, SHOPPERS - first) }, (_, k) => first + k);
    await Promise.all(
      batch.map(async (shopper) => {
        const userId = newId();
        if (shopper === Math.floor(SHOPPERS / 2)) person = userId;
        for (const [stream, events] of historyOf(userId, (k) => products[(shopper * 7 + k) % PRODUCTS]!)) await seeding.append(stream, events, 'any');
      }),
    );
  }
  await seeding.close();
  writeFileSync(personFile, person);
  writeFileSync(join(DIR, 'seeded'), '');
  console.log(`seeded ${SHOPPERS} shoppers (${SHOPPERS * EVENTS_EACH} events) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const person = readFileSync(personFile, 'utf8');
const events = new SqliteEventStore(logFile);
const readModels = join(DIR, 'read-models.db');
for (const suffix of ['', '-wal', '-shm']) rmSync(readModels + suffix, { force: true });
const docs = new SqliteDocumentStore(readModels);
const indexStarted = performance.now();
const indexed = await rebuildProjection(personalDataProjection, { events, store: docs, batchSize: 2000 });
const indexSeconds = (performance.now() - indexStarted) / 1000;

/** Runs `work` and measures it: wall time and the longest gap between event-loop turns meanwhile. */
async function measured(work: () => Promise<number>): Promise<{ ms: number; stallMs: number; count: number }> {
  const stalls = watchEventLoopStalls();
  const started = performance.now();
  const count = await work();
  const ms = performance.now() - started;
  return { ms, stallMs: await stalls.stop(), count };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const scans: { ms: number; stallMs: number; count: number }[] = [];
const lookups: { ms: number; stallMs: number; count: number }[] = [];
for (let round = 0; round < ROUNDS; round++) {
  scans.push(await measured(async () => (await scanLogForPerson(events, person, new Set([accountStreams.account(person), cartStreams.cart(person), myListStreams.list(person)]))).length));
  lookups.push(
    await measured(async () => {
      const copy = await personalExport({ events, docs, newsletterStreamsOf: () => [] }, person);
      for await (const piece of exportReply(copy)) void piece; // the reply written out, as the route sends it
      return copy.events.length;
    }),
  );
}
const head = await events.headPosition();
const scan = { ms: median(scans.map((s) => s.ms)), stallMs: Math.max(...scans.map((s) => s.stallMs)) };
const lookup = { ms: median(lookups.map((s) => s.ms)), stallMs: Math.max(...lookups.map((s) => s.stallMs)) };
console.log(`${new Date().toISOString()}, load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}; log of ${head} events, ${ROUNDS} rounds each`);
console.log(`index rebuilt from the log: ${indexed.events} events in ${indexSeconds.toFixed(1)} s`);
console.log(`scan of the whole log:  ${scans[0]!.count} events of the person, median ${scan.ms.toFixed(1)} ms, longest event-loop stall ${Math.round(scan.stallMs)} ms`);
console.log(`through the index:      ${lookups[0]!.count} events of the person, median ${lookup.ms.toFixed(1)} ms, longest event-loop stall ${Math.round(lookup.stallMs)} ms`);
console.log(`scan time / index time = ${(scan.ms / lookup.ms).toFixed(0)}`);
await docs.close();
await events.close();
