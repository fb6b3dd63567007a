import { describe, expect, it, vi } from 'vitest';
import type { ConsumerConfig, Kafka } from 'kafkajs';
import { KafkaBus, PRODUCER_RETRY } from './kafka.ts';
import { partitionOf } from './partition.ts';
import type { BatchHold } from './port.ts';
import { MessageTooLargeError, TOPIC_MAX_MESSAGE_BYTES, messageBytes, splitForSend } from './split.ts';

/**
 * The Kafka adapter against a fake kafkajs client that records what the adapter asks of it (the
 * shapes are kafkajs 2.2's own types): what reaches the broker, and what the adapter does with
 * the `eachBatch` payload. The real broker runs in kafka.test.ts wherever a container engine is.
 */
function fakeKafka() {
  const topics = new Map<string, number>();
  /** Partitions (`topic:partition`) the broker has not elected a leader for yet. */
  const leaderless = new Set<string>();
  /** Metadata requests that fail as a broker that does not know a topic yet answers, one per request. */
  const unknownTopicAnswers = { left: 0 };
  const record = {
    producerConfig: undefined as Parameters<Kafka['producer']>[0],
    sends: [] as { topic: string; messages: { key?: string; value: string; partition?: number }[] }[],
    createTopics: [] as unknown[],
    /** Producers made, and errors the next sends throw (one per send, in order). */
    producers: 0,
    sendFailures: [] as Error[],
    run: undefined as { eachBatchAutoResolve?: boolean; eachBatch: (payload: unknown) => Promise<void> } | undefined,
    /** Consumers kafkajs restarted after a crash, whether a crash happens when the consumer disconnects, and a way to crash it now. */
    restarts: 0,
    crashOnDisconnect: false,
    crashConsumer: undefined as ((error: Error & { retriable?: boolean }) => Promise<void>) | undefined,
  };
  const kafka = {
    producer: (config?: Parameters<Kafka['producer']>[0]) => {
      record.producerConfig = config;
      record.producers += 1;
      return {
        connect: async () => {},
        disconnect: async () => {},
        send: async (request: (typeof record.sends)[number]) => {
          const failure = record.sendFailures.shift();
          if (failure) throw failure;
          record.sends.push(request);
          return [];
        },
      };
    },
    admin: () => ({
      connect: async () => {},
      disconnect: async () => {},
      listTopics: async () => [...topics.keys()],
      fetchTopicMetadata: async ({ topics: names }: { topics: string[] }) => {
        if (unknownTopicAnswers.left > 0) {
          unknownTopicAnswers.left -= 1;
          throw Object.assign(new Error('This server does not host this topic-partition'), { type: 'UNKNOWN_TOPIC_OR_PARTITION' });
        }
        return {
        topics: names.map((name) => ({
          name,
          partitions: Array.from({ length: topics.get(name) ?? 0 }, (_, partitionId) => ({ partitionId, leader: leaderless.has(`${name}:${partitionId}`) ? -1 : 0 })),
        })),
        };
      },
      createTopics: async (request: { topics: { topic: string; numPartitions: number }[] }) => {
        record.createTopics.push(request);
        for (const { topic, numPartitions } of request.topics) topics.set(topic, numPartitions);
        return true;
      },
    }),
    consumer: (config: ConsumerConfig) => {
      const listeners = new Map<string, (event: { payload: unknown }) => void>();
      const emit = (name: string, payload: unknown) => listeners.get(name)?.({ payload });
      const join = () => emit('consumer.group_join', { memberAssignment: { events: [0, 1] } });
      /** kafkajs's crash handler (consumer/index.js): disconnect, ask `restartOnFailure`, report, rejoin after a pause. */
      const crash = async (error: Error & { retriable?: boolean }) => {
        const restart = error.retriable === true && (!config.retry?.restartOnFailure || (await config.retry.restartOnFailure(error)));
        emit('consumer.crash', { error, restart });
        if (restart) {
          record.restarts += 1;
          setTimeout(join, 1);
        }
      };
      record.crashConsumer = crash;
      return {
        events: { GROUP_JOIN: 'consumer.group_join', CRASH: 'consumer.crash', REBALANCING: 'consumer.rebalancing' },
        on: (name: string, listener: (event: { payload: unknown }) => void) => {
          listeners.set(name, listener);
          return () => listeners.delete(name);
        },
        connect: async () => {},
        subscribe: async () => {},
        // A request in flight when the connections close fails: kafkajs crashes the consumer.
        disconnect: async () => {
          if (record.crashOnDisconnect) await crash(Object.assign(new Error('Closed connection'), { name: 'KafkaJSConnectionClosedError', retriable: true }));
        },
        run: async (runConfig: NonNullable<typeof record.run>) => {
          record.run = runConfig;
          join();
        },
      };
    },
  };
  return { kafka: kafka as unknown as Pick<Kafka, 'producer' | 'consumer' | 'admin'>, record, topics, leaderless, unknownTopicAnswers };
}

/** What kafkajs throws when a send fails for good: its retries-exceeded error around the broker's protocol error. */
function kafkajsSendError(type: string): Error {
  const protocol = Object.assign(new Error(`The broker answered ${type}`), { name: 'KafkaJSProtocolError', type, retriable: false });
  return Object.assign(new Error(protocol.message, { cause: protocol }), { name: 'KafkaJSNumberOfRetriesExceeded', retriable: false });
}

describe('Kafka adapter (fake kafkajs client)', () => {
  it('makes a new idempotent producer after the broker lost the old one’s sequence state, and keeps it after other failures', async () => {
    const { kafka, record } = fakeKafka();
    const bus = new KafkaBus({ brokers: [], clientId: 'test', kafka });
    await bus.publish('events', [{ key: 'a', value: '1' }]);
    expect(record.producers).toBe(1);

    // A passing outage: the same producer sends the retried batch.
    record.sendFailures.push(Object.assign(new Error('Connection error'), { name: 'KafkaJSConnectionError', retriable: true }));
    await expect(bus.publish('events', [{ key: 'a', value: '2' }])).rejects.toThrow('Connection error');
    await bus.publish('events', [{ key: 'a', value: '2' }]);
    expect(record.producers).toBe(1);

    for (const type of ['OUT_OF_ORDER_SEQUENCE_NUMBER', 'UNKNOWN_PRODUCER_ID']) {
      const before = record.producers;
      record.sendFailures.push(kafkajsSendError(type));
      await expect(bus.publish('events', [{ key: 'a', value: '3' }])).rejects.toThrow(type);
      await bus.publish('events', [{ key: 'a', value: '3' }]);
      expect(record.producers, type).toBe(before + 1);
    }
    expect(record.sends.map((send) => send.messages[0]?.value)).toEqual(['1', '2', '3', '3']);
  });

  it('creates the topic with the max.message.bytes its sends respect, and splits a batch by bytes per partition', async () => {
    const { kafka, record } = fakeKafka();
    const bus = new KafkaBus({ brokers: [], clientId: 'test', kafka, maxBytesPerPartition: 10_000 });
    await bus.ensureTopic('events', 3);
    expect(record.createTopics).toMatchObject([
      { topics: [{ topic: 'events', numPartitions: 3, configEntries: [{ name: 'max.message.bytes', value: String(TOPIC_MAX_MESSAGE_BYTES) }] }] },
    ]);

    const big = 'x'.repeat(3_000);
    const messages = Array.from({ length: 30 }, (_, i) => ({ key: `cart-${i % 7}`, value: `${i}:${big}` }));
    messages.push(...[0, 1, 2].map((partition) => ({ key: '$relay', value: 'tick', partition })));
    await bus.publish('events', messages);

    expect(record.sends.length).toBeGreaterThan(1);
    // Nothing lost, nothing reordered.
    expect(record.sends.flatMap((send) => send.messages.map((m) => m.value))).toEqual(messages.map((m) => m.value));
    for (const send of record.sends) {
      const perPartition = new Map<number, number>();
      for (const message of send.messages) {
        const partition = message.partition ?? partitionOf(message.key!, 3);
        perPartition.set(partition, (perPartition.get(partition) ?? 0) + messageBytes({ key: message.key!, value: message.value }));
      }
      for (const bytes of perPartition.values()) expect(bytes).toBeLessThanOrEqual(10_000);
    }
  });

  it('a topic another client just created is ready only once every partition has a leader (a consumer never fetches a leaderless one)', async () => {
    const { kafka, topics, leaderless } = fakeKafka();
    topics.set('events', 2);
    leaderless.add('events:1');
    const bus = new KafkaBus({ brokers: [], clientId: 'test', kafka });
    let ready = false;
    const ensured = bus.ensureTopic('events', 2).then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(ready).toBe(false);
    leaderless.delete('events:1');
    await ensured;
    expect(ready).toBe(true);
  });

  it('creates a topic a loaded broker does not know at once: its first metadata answers (unknown topic) are waited out', async () => {
    const { kafka, record, unknownTopicAnswers } = fakeKafka();
    unknownTopicAnswers.left = 3;
    const bus = new KafkaBus({ brokers: [], clientId: 'test', kafka });
    await bus.ensureTopic('events', 4);
    expect(record.createTopics).toHaveLength(1);
    expect(unknownTopicAnswers.left).toBe(0);
    // The partition count is checked once the broker knows the topic: a mismatch is still refused.
    await expect(bus.ensureTopic('events', 6)).rejects.toThrow(/partition/);
  });

  it('bounds the idempotent producer’s retries, so an outage reaches the caller', async () => {
    const { kafka, record } = fakeKafka();
    const bus = new KafkaBus({ brokers: [], clientId: 'test', kafka });
    await bus.ensureTopic('events', 1);
    await bus.publish('events', [{ key: 'k', value: 'v' }]);
    expect(record.producerConfig).toMatchObject({ idempotent: true, retry: PRODUCER_RETRY });
    expect(PRODUCER_RETRY.retries).toBeLessThan(20);
  });

  it('a hold resolves the offsets before it and pauses the partition outside eachBatch; it resumes when released', async () => {
    const { kafka, record } = fakeKafka();
    const bus = new KafkaBus({ brokers: [], clientId: 'test', kafka });
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    let hold: BatchHold | undefined = { from: '12', until };
    await bus.consume({ topic: 'events', groupId: 'g', handle: async () => hold });
    expect(record.run?.eachBatchAutoResolve).toBe(false);

    const resolved: string[] = [];
    let paused = 0;
    let resumed = 0;
    const payload = (offsets: string[]) => ({
      batch: {
        topic: 'events',
        partition: 2,
        isEmpty: () => offsets.length === 0,
        messages: offsets.map((offset) => ({ offset, key: Buffer.from('k'), value: Buffer.from(offset), headers: {} })),
      },
      heartbeat: async () => {},
      isRunning: () => true,
      isStale: () => false,
      resolveOffset: (offset: string) => resolved.push(offset),
      pause: () => {
        paused += 1;
        return () => (resumed += 1);
      },
    });
    // eachBatch returns while the hold lasts: the member's next round is not blocked.
    await record.run!.eachBatch(payload(['10', '11', '12', '13']));
    expect(resolved).toEqual(['11']);
    expect([paused, resumed]).toEqual([1, 0]);
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(resumed).toBe(1);

    // Without a hold the whole batch is acknowledged.
    hold = undefined;
    await record.run!.eachBatch(payload(['12', '13']));
    expect(resolved).toEqual(['11', '13']);
  });
});

describe('Kafka adapter: a consumer kafkajs crashes (fake kafkajs client)', () => {
  const closed = () => Object.assign(new Error('Closed connection'), { name: 'KafkaJSConnectionClosedError', retriable: true });

  it('a running consumer that crashes on a passing error is restarted and rejoins the group', async () => {
    const { kafka, record } = fakeKafka();
    const assigned: number[][] = [];
    const crashes: unknown[] = [];
    await new KafkaBus({ brokers: [], clientId: 'test', kafka }).consume({ topic: 'events', groupId: 'g', handle: async () => undefined, onAssigned: (p) => assigned.push(p), onCrash: (e) => crashes.push(e) });
    await record.crashConsumer!(closed());
    await vi.waitFor(() => expect(assigned).toHaveLength(2));
    expect([record.restarts, crashes.length]).toEqual([1, 0]);
  });

  it('a consumer that crashes while it is being stopped stays stopped: no new member takes partitions for a stopped worker, no crash is reported', async () => {
    const { kafka, record } = fakeKafka();
    const assigned: number[][] = [];
    const crashes: unknown[] = [];
    const subscription = await new KafkaBus({ brokers: [], clientId: 'test', kafka }).consume({
      topic: 'events',
      groupId: 'g',
      handle: async () => undefined,
      onAssigned: (p) => assigned.push(p),
      onCrash: (e) => crashes.push(e),
    });
    record.crashOnDisconnect = true;
    await subscription.stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([record.restarts, assigned.length, crashes.length]).toEqual([0, 1, 0]);
  });
});

describe('splitForSend', () => {
  it('keeps order, caps each partition per send, and refuses a single message over the cap', () => {
    const messages = Array.from({ length: 12 }, (_, i) => ({ key: i % 2 ? 'a' : 'b', value: 'v'.repeat(100), partition: i % 2 }));
    const sends = splitForSend(messages, 350, (key) => (key === 'a' ? 1 : 0));
    expect(sends.flat()).toEqual(messages);
    for (const send of sends) {
      for (const partition of [0, 1]) {
        const bytes = send.filter((m) => m.partition === partition).reduce((sum, m) => sum + messageBytes(m), 0);
        expect(bytes).toBeLessThanOrEqual(350);
      }
    }
    expect(() => splitForSend([{ key: 'k', value: 'x'.repeat(400) }], 350)).toThrow(MessageTooLargeError);
    // Unknown partition count: one shared budget.
    expect(splitForSend(messages, 350).every((send) => send.reduce((sum, m) => sum + messageBytes(m), 0) <= 350)).toBe(true);
  });
});
