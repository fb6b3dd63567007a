import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type BusMessage, type MessageBus } from '@shop/platform';
import { InMemoryBus, SqliteDocumentStore, SqliteEventStore } from '@shop/platform/adapters';
import { tempDir } from '../../../test-support/temp-dir.ts';
import { decodeRecord, type BusRecord } from './codec.ts';
import { Relay } from './relay.ts';

const TOPIC = 'shop.events';
const PARTITIONS = 3;

/** The in-memory bus refusing the first `failures` publishes, as a broker that is briefly away would. */
class FlakyBus extends InMemoryBus {
  publishes = 0;
  constructor(private failures: number) {
    super();
  }
  override async publish(topic: string, messages: BusMessage[]): Promise<void> {
    this.publishes += 1;
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('broker not available');
    }
    await super.publish(topic, messages);
  }
}

describe('relay', () => {
  let dir: ReturnType<typeof tempDir>;
  let events: SqliteEventStore;
  let docs: SqliteDocumentStore;
  let controller: AbortController;
  let running: Promise<void> | undefined;

  beforeEach(() => {
    dir = tempDir('shop-relay-');
    events = new SqliteEventStore(join(dir.path, 'events.db'));
    docs = new SqliteDocumentStore(join(dir.path, 'docs.db'));
    controller = new AbortController();
  });

  afterEach(async () => {
    controller.abort();
    await running;
    await events.close();
    await docs.close();
    dir.remove();
  });

  function start(bus: MessageBus): Relay {
    const relay = new Relay(events, docs, bus, { topic: TOPIC, partitions: PARTITIONS, lingerMs: 2, maxBackoffMs: 20 });
    running = relay.run(controller.signal);
    return relay;
  }

  async function append(stream: string, ...types: string[]): Promise<bigint> {
    const current = await events.readStream(stream);
    const result = await events.append(
      stream,
      types.map((type) => ({ id: randomUUID(), type, data: { stream } })),
      current.length ? BigInt(current.length - 1) : 'no_stream',
    );
    return result.position;
  }

  function records(bus: InMemoryBus, partition: number): BusRecord[] {
    return bus.messages(TOPIC, partition).map((m) => decodeRecord(m.value));
  }

  it('publishes each event keyed by its stream, in stream order, on the stream’s partition, then a watermark everywhere', async () => {
    const bus = new InMemoryBus();
    const streams = ['cart-a', 'cart-b', 'product-c', 'order-d', 'account-e'];
    let last = 0n;
    for (let round = 0; round < 3; round++) for (const stream of streams) last = await append(stream, `E${round}`);
    start(bus);
    await until(async () => (await docs.getCheckpoint('relay')) === last);

    for (const stream of streams) {
      const partition = bus.partitionOf(stream, PARTITIONS);
      const mine = bus.messages(TOPIC, partition).filter((m) => m.key === stream);
      expect(mine.map((m) => (decodeRecord(m.value) as Extract<BusRecord, { kind: 'event' }>).event.type)).toEqual(['E0', 'E1', 'E2']);
      for (let other = 0; other < PARTITIONS; other++) {
        if (other !== partition) expect(bus.messages(TOPIC, other).some((m) => m.key === stream)).toBe(false);
      }
    }
    for (let partition = 0; partition < PARTITIONS; partition++) {
      const all = records(bus, partition);
      // Positions only grow within a partition, and the last word is a watermark at the head.
      const positions = all.map((r) => (r.kind === 'event' ? r.event.position : r.kind === 'tick' ? r.position : 0n));
      expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(all[all.length - 1]).toEqual({ kind: 'tick', position: last });
    }
  });

  it('follows live appends and resumes after its checkpoint on restart without republishing', async () => {
    const bus = new InMemoryBus();
    await append('cart-a', 'Before');
    start(bus);
    const live = await append('cart-b', 'Live');
    await until(async () => (await docs.getCheckpoint('relay')) === live);

    controller.abort();
    await running;
    controller = new AbortController();
    const later = await append('cart-a', 'AfterRestart');
    start(bus);
    await until(async () => (await docs.getCheckpoint('relay')) === later);

    const events = [0, 1, 2].flatMap((p) => records(bus, p)).filter((r) => r.kind === 'event');
    expect(events.map((r) => (r.kind === 'event' ? r.event.type : '')).sort()).toEqual(['AfterRestart', 'Before', 'Live']);
  });

  it('keeps its checkpoint until the bus acknowledges, retrying the same batch', async () => {
    const bus = new FlakyBus(3);
    const position = await append('order-x', 'Placed', 'Paid');
    start(bus);
    await until(async () => (await docs.getCheckpoint('relay')) === position);
    expect(bus.publishes).toBeGreaterThanOrEqual(4);
    const partition = bus.partitionOf('order-x', PARTITIONS);
    expect(
      records(bus, partition)
        .filter((r) => r.kind === 'event')
        .map((r) => (r.kind === 'event' ? r.event.type : '')),
    ).toEqual(['Placed', 'Paid']);
  });

  it('stops at once on SIGTERM while Kafka is away and a publish hangs, keeping its checkpoint', async () => {
    // A broker that takes every request and never answers (an idempotent producer retrying forever).
    class HangingBus extends InMemoryBus {
      publishes = 0;
      override publish(): Promise<void> {
        this.publishes += 1;
        return new Promise(() => {});
      }
    }
    const bus = new HangingBus();
    await append('order-y', 'Placed');
    start(bus);
    await until(async () => bus.publishes > 0);
    const stopped = performance.now();
    controller.abort();
    await running;
    expect(performance.now() - stopped).toBeLessThan(1000);
    expect(await docs.getCheckpoint('relay')).toBeNull();
  });

  it('warns with its backoff on every failed attempt while the bus is away, and says so in `publishing`', async () => {
    const bus = new FlakyBus(4);
    const warnings: Record<string, unknown>[] = [];
    const logger = { warn: (fields: Record<string, unknown>) => warnings.push(fields), error: () => {}, info: () => {}, debug: () => {} };
    const relay = new Relay(events, docs, bus, { topic: TOPIC, partitions: PARTITIONS, lingerMs: 2, maxBackoffMs: 20, logger: logger as never });
    const position = await append('order-z', 'Placed');
    running = relay.run(controller.signal);
    await until(async () => warnings.length >= 2);
    expect(relay.publishing).toBe(false);
    await until(async () => (await docs.getCheckpoint('relay')) === position);
    expect(relay.publishing).toBe(true);
    expect(warnings.slice(0, 4).map((w) => w.attempt)).toEqual([1, 2, 3, 4]);
    for (const warning of warnings) expect(warning.backoffMs).toBeGreaterThan(0);
  });
});

async function until(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
