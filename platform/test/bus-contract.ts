import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TopicMismatchError, type BusSubscription, type ConsumeOptions, type DeliveredMessage, type MessageBus } from '../src/bus/port.ts';

/** What a contract run needs: a bus, and how to release it (and whatever backs it). */
export interface OpenedBus {
  bus: MessageBus;
  cleanup: () => Promise<void>;
}

/**
 * The MessageBus contract, registered once per adapter. `open` is called once for the suite; a
 * string result is a reason to skip every test. Topics and groups are named per test, so a
 * broker shared with other suites works. `timeoutMs` bounds each wait (a real broker needs
 * seconds for a group to form).
 */
export function busContract(name: string, open: () => Promise<OpenedBus | string>, timeoutMs = 10_000): void {
  describe(`MessageBus contract: ${name}`, () => {
    let opened: OpenedBus | undefined;
    let skipReason: string | undefined;
    const subscriptions: BusSubscription[] = [];

    beforeAll(async () => {
      const result = await open();
      if (typeof result === 'string') skipReason = result;
      else opened = result;
    });

    afterAll(async () => {
      await Promise.allSettled(subscriptions.map((s) => s.stop()));
      await opened?.cleanup();
    });

    function test(title: string, body: (bus: MessageBus) => Promise<void>): void {
      it(title, { timeout: timeoutMs * 4 }, async (context) => {
        if (skipReason !== undefined) context.skip(skipReason);
        if (!opened) throw new Error('bus was not opened');
        await body(opened.bus);
      });
    }

    /** Starts a member that records what it receives; `handle` may refuse a batch by throwing. */
    async function member(bus: MessageBus, topic: string, groupId: string, extra: Partial<ConsumeOptions> = {}) {
      const received: DeliveredMessage[] = [];
      let assigned: number[] = [];
      const subscription = await bus.consume({
        topic,
        groupId,
        onAssigned: (partitions) => (assigned = partitions),
        ...extra,
        handle: async (batch) => {
          await extra.handle?.(batch);
          received.push(...batch.messages);
        },
      });
      subscriptions.push(subscription);
      return { received, assigned: () => assigned, subscription };
    }

    test('creates a topic, accepts the same partition count again and refuses another', async (bus) => {
      const topic = topicName();
      await bus.ensureTopic(topic, 3);
      await bus.ensureTopic(topic, 3);
      await expect(bus.ensureTopic(topic, 4)).rejects.toBeInstanceOf(TopicMismatchError);
    });

    test('delivers every message, keyed messages in order on the partition their key maps to', async (bus) => {
      const topic = topicName();
      await bus.ensureTopic(topic, 4);
      const keys = ['cart-a', 'cart-b', 'product-c', 'order-d', 'account-e'];
      const sent = Array.from({ length: 60 }, (_, i) => ({ key: keys[i % keys.length]!, value: `m${i}` }));
      await bus.publish(topic, sent.slice(0, 30));
      await bus.publish(topic, sent.slice(30));
      const { received } = await member(bus, topic, groupName());
      await waitUntil(() => received.length >= sent.length, timeoutMs, 'all messages');

      expect(received).toHaveLength(sent.length);
      for (const key of keys) {
        const mine = received.filter((m) => m.key === key);
        expect(mine.map((m) => m.value)).toEqual(sent.filter((m) => m.key === key).map((m) => m.value));
        expect(new Set(mine.map((m) => m.partition))).toEqual(new Set([bus.partitionOf(key, 4)]));
      }
      // Offsets increase within a partition.
      for (let p = 0; p < 4; p++) {
        const offsets = received.filter((m) => m.partition === p).map((m) => BigInt(m.offset));
        expect(offsets).toEqual([...offsets].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      }
    });

    test('sends a message to an explicit partition, with its headers', async (bus) => {
      const topic = topicName();
      await bus.ensureTopic(topic, 3);
      await bus.publish(
        topic,
        [0, 1, 2].map((partition) => ({ key: 'same-key', value: `tick-${partition}`, partition, headers: { kind: 'tick' } })),
      );
      const { received } = await member(bus, topic, groupName());
      await waitUntil(() => received.length >= 3, timeoutMs, 'the three ticks');
      expect(received.map((m) => [m.partition, m.value, m.headers.kind]).sort()).toEqual([
        [0, 'tick-0', 'tick'],
        [1, 'tick-1', 'tick'],
        [2, 'tick-2', 'tick'],
      ]);
    });

    test('members of one group share the partitions and receive each message once', async (bus) => {
      const topic = topicName();
      const group = groupName();
      await bus.ensureTopic(topic, 4);
      const first = await member(bus, topic, group);
      const second = await member(bus, topic, group);
      await waitUntil(
        () => first.assigned().length > 0 && second.assigned().length > 0 && first.assigned().length + second.assigned().length === 4,
        timeoutMs,
        'both members to get partitions',
      );
      expect([...first.assigned(), ...second.assigned()].sort()).toEqual([0, 1, 2, 3]);

      const sent = Array.from({ length: 40 }, (_, i) => ({ key: `stream-${i}`, value: `v${i}` }));
      await bus.publish(topic, sent);
      await waitUntil(() => first.received.length + second.received.length >= sent.length, timeoutMs, 'all messages');
      const all = [...first.received, ...second.received].map((m) => m.value).sort();
      expect(all).toEqual(sent.map((m) => m.value).sort());
      for (const m of first.received) expect(first.assigned()).toContain(m.partition);
      for (const m of second.received) expect(second.assigned()).toContain(m.partition);
    });

    test('a batch whose handler throws is delivered again, and nothing after it is skipped', async (bus) => {
      const topic = topicName();
      await bus.ensureTopic(topic, 1);
      await bus.publish(topic, [1, 2, 3].map((i) => ({ key: 'k', value: `v${i}` })));
      let failures = 0;
      const { received } = await member(bus, topic, groupName(), {
        handle: async (batch) => {
          if (failures < 2 && batch.messages.some((m) => m.value === 'v2')) {
            failures += 1;
            throw new Error('not now');
          }
        },
      });
      await waitUntil(() => received.some((m) => m.value === 'v3'), timeoutMs, 'the batch after the failures');
      expect(failures).toBe(2);
      expect([...new Set(received.map((m) => m.value))]).toEqual(['v1', 'v2', 'v3']);
    });

    test('a hold acknowledges what came before it, lets the other partitions go on, and delivers again from it once released', async (bus) => {
      const topic = topicName();
      await bus.ensureTopic(topic, 2);
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      let held = false;
      const handled: string[] = [];
      const subscription = await bus.consume({
        topic,
        groupId: groupName(),
        // One member, both partitions: kafkajs would stall partition 1 behind a wait inside partition 0's batch.
        handle: async (batch) => {
          for (const message of batch.messages) {
            if (message.value === 'pause' && !held) {
              held = true;
              return { from: message.offset, until: gate };
            }
            handled.push(message.value);
          }
        },
      });
      subscriptions.push(subscription);
      await bus.publish(topic, ['a0', 'a1', 'pause', 'a2'].map((value) => ({ key: 'k', value, partition: 0 })));
      await waitUntil(() => held, timeoutMs, 'the hold');
      await bus.publish(topic, ['b0', 'b1'].map((value) => ({ key: 'k', value, partition: 1 })));
      await waitUntil(() => handled.includes('b1'), timeoutMs, 'the other partition while one is held');
      expect(handled).not.toContain('a2');
      release();
      await waitUntil(() => handled.includes('a2'), timeoutMs, 'the held partition after the release');
      // Nothing before the hold came twice; the held record came again.
      expect(handled.filter((v) => !v.startsWith('b'))).toEqual(['a0', 'a1', 'pause', 'a2']);
    });

    test('a group resumes after its committed offset; another group reads everything', async (bus) => {
      const topic = topicName();
      const group = groupName();
      await bus.ensureTopic(topic, 2);
      await bus.publish(topic, ['a', 'b', 'c'].map((v) => ({ key: v, value: v })));
      const before = await member(bus, topic, group);
      await waitUntil(() => before.received.length >= 3, timeoutMs, 'the first messages');
      await before.subscription.stop();

      await bus.publish(topic, ['d', 'e'].map((v) => ({ key: v, value: v })));
      const after = await member(bus, topic, group);
      const other = await member(bus, topic, groupName());
      await waitUntil(() => after.received.length >= 2 && other.received.length >= 5, timeoutMs, 'the later messages');
      expect(after.received.map((m) => m.value).sort()).toEqual(['d', 'e']);
      expect(other.received.map((m) => m.value).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    });
  });
}

function topicName(): string {
  return `contract-${randomUUID()}`;
}

function groupName(): string {
  return `group-${randomUUID()}`;
}

async function waitUntil(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
