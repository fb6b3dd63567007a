import { partitionOf } from './partition.ts';
import {
  TopicMismatchError,
  type BusMessage,
  type BusSubscription,
  type ConsumeOptions,
  type DeliveredMessage,
  type MessageBus,
} from './port.ts';

interface Partition {
  messages: DeliveredMessage[];
  /** Woken on every append to this partition. */
  waiters: Set<() => void>;
}

interface Member {
  options: ConsumeOptions;
  /** Running partition loops of this member, by partition. */
  loops: Map<number, { stop: () => void; done: Promise<void> }>;
}

interface Group {
  topic: string;
  /** Next offset to deliver, per partition (the committed offset). */
  committed: number[];
  members: Member[];
  /** Serialises rebalances of this group. */
  rebalancing: Promise<void>;
}

/**
 * The embedded bus: Kafka's model (partitions, per-key order, consumer groups with committed
 * offsets, at-least-once redelivery) inside one process. It lets the relay and the projector
 * workers run, and be tested, without a broker; the same contract suite runs against Kafka.
 *
 * Rebalances are "stop the world" like Kafka's eager protocol: every member finishes the batch
 * it is handling, then partitions are dealt out again (range assignment in join order).
 */
export class InMemoryBus implements MessageBus {
  private readonly topics = new Map<string, Partition[]>();
  private readonly groups = new Map<string, Group>();
  private closed = false;

  constructor(private readonly options: { maxBatch?: number; retryMs?: number } = {}) {}

  async ensureTopic(topic: string, partitions: number): Promise<void> {
    const existing = this.topics.get(topic);
    if (existing) {
      if (existing.length !== partitions) throw new TopicMismatchError(topic, partitions, existing.length);
      return;
    }
    if (!Number.isInteger(partitions) || partitions < 1) throw new Error(`Invalid partition count: ${partitions}`);
    this.topics.set(
      topic,
      Array.from({ length: partitions }, () => ({ messages: [], waiters: new Set() })),
    );
  }

  partitionOf(key: string, partitions: number): number {
    return partitionOf(key, partitions);
  }

  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    const partitions = this.partitions(topic);
    // Validate the whole batch first: a bad message must not leave half a batch published.
    const routed = messages.map((message) => {
      const partition = message.partition ?? partitionOf(message.key, partitions.length);
      if (!Number.isInteger(partition) || partition < 0 || partition >= partitions.length) {
        throw new Error(`Topic ${topic} has no partition ${partition}`);
      }
      return { message, partition };
    });
    const touched = new Set<Partition>();
    for (const { message, partition } of routed) {
      const target = partitions[partition]!;
      target.messages.push({
        partition,
        offset: String(target.messages.length),
        key: message.key,
        value: message.value,
        headers: { ...message.headers },
      });
      touched.add(target);
    }
    for (const partition of touched) for (const wake of [...partition.waiters]) wake();
  }

  async consume(options: ConsumeOptions): Promise<BusSubscription> {
    if (this.closed) throw new Error('The bus is closed');
    const partitions = this.partitions(options.topic);
    const key = `${options.topic}\u0000${options.groupId}`;
    let group = this.groups.get(key);
    if (!group) {
      const start = (p: Partition) => (options.fromBeginning === false ? p.messages.length : 0);
      group = { topic: options.topic, committed: partitions.map(start), members: [], rebalancing: Promise.resolve() };
      this.groups.set(key, group);
    }
    const member: Member = { options, loops: new Map() };
    const joined = group;
    await this.rebalance(joined, () => joined.members.push(member));
    let stopped: Promise<void> | undefined;
    return {
      stop: () =>
        (stopped ??= this.rebalance(joined, () => {
          joined.members = joined.members.filter((m) => m !== member);
        })),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const group of this.groups.values()) {
      await this.rebalance(group, () => {
        group.members = [];
      });
    }
  }

  /** How many messages a partition holds (tests use it to see what was published). */
  messages(topic: string, partition: number): DeliveredMessage[] {
    return [...(this.partitions(topic)[partition]?.messages ?? [])];
  }

  private partitions(topic: string): Partition[] {
    const partitions = this.topics.get(topic);
    if (!partitions) throw new Error(`Unknown topic ${topic} (call ensureTopic first)`);
    return partitions;
  }

  /** Stops every member's loops (each finishes its batch), applies `change`, deals partitions out again. */
  private rebalance(group: Group, change: () => void): Promise<void> {
    const run = group.rebalancing.then(async () => {
      const running = group.members.flatMap((m) => [...m.loops.values()]);
      for (const loop of running) loop.stop();
      await Promise.all(running.map((loop) => loop.done));
      for (const member of group.members) member.loops.clear();
      change();
      const count = group.committed.length;
      const members = group.members;
      members.forEach((member, index) => {
        // Range assignment: member i gets partitions i, i + n, i + 2n, ...
        const mine: number[] = [];
        for (let p = index; p < count; p += members.length) mine.push(p);
        for (const partition of mine) member.loops.set(partition, this.follow(group, member, partition));
        member.options.onAssigned?.(mine);
      });
    });
    group.rebalancing = run.catch(() => undefined);
    return run;
  }

  /** One member's loop over one partition: deliver from the committed offset, commit on success. */
  private follow(group: Group, member: Member, partition: number): { stop: () => void; done: Promise<void> } {
    const source = this.partitions(group.topic)[partition]!;
    const { maxBatch = 500, retryMs = 50 } = this.options;
    let active = true;
    let wake: (() => void) | undefined;
    const stop = () => {
      active = false;
      wake?.();
    };
    const idle = (ms?: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          if (timer) clearTimeout(timer);
          source.waiters.delete(done);
          wake = undefined;
          resolve();
        };
        const timer = ms === undefined ? undefined : setTimeout(done, ms);
        wake = done;
        if (ms === undefined) source.waiters.add(done);
      });
    const done = (async () => {
      while (active) {
        const from = group.committed[partition]!;
        const messages = source.messages.slice(from, from + maxBatch);
        if (messages.length === 0) {
          await idle();
          continue;
        }
        try {
          await member.options.handle({
            topic: group.topic,
            partition,
            messages,
            heartbeat: async () => {},
            isActive: () => active,
          });
          group.committed[partition] = from + messages.length;
        } catch {
          // At least once: the same messages come again after a short pause.
          if (active) await idle(retryMs);
        }
      }
    })();
    return { stop, done };
  }
}
