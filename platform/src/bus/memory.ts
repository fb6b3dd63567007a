import { partitionOf } from './partition.ts';
import {
  TopicMismatchError,
  type BatchHold,
  type BusMessage,
  type BusSubscription,
  type ConsumeOptions,
  type DeliveredBatch,
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
  /** Partitions dealt to this member by the last rebalance. */
  assigned: number[];
  /** The group generation this member's assignment belongs to; a commit from another one is refused. */
  generation: number;
  /** Still in the group (false once it left, crashed or was dropped for a missed heartbeat). */
  joined: boolean;
  /** Partitions held by a `BatchHold` until it settles. */
  paused: Set<number>;
  /** Wakes the member's loop (new messages, a resumed partition, a rebalance, stop). */
  wake: () => void;
  /** Per-partition mode: running partition loops of this member, by partition. */
  loops: Map<number, { stop: () => void; done: Promise<void> }>;
  /** kafkajs mode: the member's fetch loop and the round it is handling (undefined when idle). */
  loop?: Promise<void>;
  round?: Promise<void>;
  /** kafkajs mode: when the member last told the group it is alive. */
  lastHeartbeat: number;
  /** kafkajs mode: rounds in a row with a batch whose handler threw. */
  failedRounds: number;
}

interface Group {
  topic: string;
  /** Next offset to deliver, per partition (the committed offset). */
  committed: number[];
  members: Member[];
  generation: number;
  /** Serialises rebalances of this group. */
  rebalancing: Promise<void>;
  /** kafkajs mode: true while a rebalance runs; members start no round meanwhile. */
  rebalancingNow: boolean;
}

export interface InMemoryBusOptions {
  /** Most messages per batch. */
  maxBatch?: number;
  /** Pause before a batch whose handler threw comes again. */
  retryMs?: number;
  /**
   * `per-partition` (default): every partition of a member runs on its own, which is simple and
   * fast. `kafkajs`: behaves like kafkajs 2.x where it matters for correctness:
   * - a member fetches in rounds (one batch per assigned, unpaused partition) and fetches the next
   *   round only after every batch of the round settled;
   * - a member handling a round without calling `heartbeat()` for `sessionTimeoutMs` is dropped
   *   from the group: its partitions go to the others, its `isActive()` turns false, and whatever
   *   its handlers acknowledge afterwards is refused (the broker rejects a stale member's commit);
   *   it rejoins once its round settled;
   * - a rebalance tells every member (`onRevoked`), waits for their rounds at most
   *   `sessionTimeoutMs` (a member still busy is dropped), then deals the partitions out again;
   * - `crash(groupId)` makes a member fail for good: it leaves the group and `onCrash` is called;
   * - a handler that throws makes the round fail, and after `restartAfterFailures` failed rounds
   *   in a row the consumer crashes and restarts (kafkajs's `restartOnFailure`): it leaves the
   *   group, its partitions are dealt to the others, and it joins again after `restartMs`.
   */
  mode?: 'per-partition' | 'kafkajs';
  sessionTimeoutMs?: number;
  /** kafkajs mode: failed rounds in a row before the member crashes and rejoins (kafkajs's 5 retries). */
  restartAfterFailures?: number;
  /** kafkajs mode: how long a crashed member stays out of the group before it joins again. */
  restartMs?: number;
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
  private readonly watchdogs = new Set<NodeJS.Timeout>();

  constructor(private readonly options: InMemoryBusOptions = {}) {}

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
      group = {
        topic: options.topic,
        committed: partitions.map(start),
        members: [],
        generation: 0,
        rebalancing: Promise.resolve(),
        rebalancingNow: false,
      };
      this.groups.set(key, group);
      if (this.kafkajs) this.watch(group);
    }
    const member: Member = {
      options,
      assigned: [],
      generation: -1,
      joined: true,
      paused: new Set(),
      wake: () => {},
      loops: new Map(),
      lastHeartbeat: Date.now(),
      failedRounds: 0,
    };
    const joined = group;
    await this.rebalance(joined, () => joined.members.push(member));
    if (this.kafkajs) member.loop = this.rounds(joined, member);
    let stopped: Promise<void> | undefined;
    return {
      stop: () =>
        (stopped ??= (async () => {
          member.joined = false;
          member.wake();
          await this.rebalance(joined, () => {
            joined.members = joined.members.filter((m) => m !== member);
          });
          await member.loop;
        })()),
    };
  }

  /** kafkajs mode: the oldest member of the group fails for good (leaves the group, `onCrash`). */
  async crash(groupId: string, error: unknown = new Error('consumer crashed')): Promise<void> {
    const group = [...this.groups.entries()].find(([key]) => key.endsWith(`\u0000${groupId}`))?.[1];
    const member = group?.members[0];
    if (!group || !member) throw new Error(`Group ${groupId} has no member`);
    member.joined = false;
    member.options.onRevoked?.();
    member.wake();
    await this.rebalance(group, () => {
      group.members = group.members.filter((m) => m !== member);
    });
    member.options.onCrash?.(error);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.watchdogs) clearInterval(timer);
    for (const group of this.groups.values()) {
      const members = group.members;
      for (const member of members) {
        member.joined = false;
        member.wake();
      }
      await this.rebalance(group, () => {
        group.members = [];
      });
      await Promise.all(members.map((member) => member.loop));
    }
  }

  /** How many messages a partition holds (tests use it to see what was published). */
  messages(topic: string, partition: number): DeliveredMessage[] {
    return [...(this.partitions(topic)[partition]?.messages ?? [])];
  }

  private get kafkajs(): boolean {
    return this.options.mode === 'kafkajs';
  }

  private partitions(topic: string): Partition[] {
    const partitions = this.topics.get(topic);
    if (!partitions) throw new Error(`Unknown topic ${topic} (call ensureTopic first)`);
    return partitions;
  }

  /**
   * Stops every member's work (each finishes its batch; in kafkajs mode one that takes longer than
   * the session is dropped), applies `change`, deals partitions out again.
   */
  private rebalance(group: Group, change: () => void): Promise<void> {
    const run = group.rebalancing.then(async () => {
      group.rebalancingNow = true;
      try {
        if (this.kafkajs) {
          for (const member of group.members) member.options.onRevoked?.();
          const timeout = this.options.sessionTimeoutMs ?? 30_000;
          await Promise.all(
            group.members.map(async (member) => {
              if (member.round && (await settlesWithin(member.round, timeout)) === false) this.drop(group, member);
            }),
          );
        } else {
          const running = group.members.flatMap((m) => [...m.loops.values()]);
          for (const loop of running) loop.stop();
          await Promise.all(running.map((loop) => loop.done));
          for (const member of group.members) member.loops.clear();
        }
        change();
        group.generation += 1;
        const count = group.committed.length;
        const members = group.members;
        members.forEach((member, index) => {
          // Range assignment: member i gets partitions i, i + n, i + 2n, ...
          const mine: number[] = [];
          for (let p = index; p < count; p += members.length) mine.push(p);
          member.assigned = mine;
          member.generation = group.generation;
          if (!this.kafkajs) for (const partition of mine) member.loops.set(partition, this.follow(group, member, partition));
          member.options.onAssigned?.(mine);
          member.wake();
        });
      } finally {
        group.rebalancingNow = false;
      }
    });
    group.rebalancing = run.catch(() => undefined);
    return run;
  }

  /** Whether `member` still owns what it was dealt in `generation` (a stale member's commit is refused). */
  private owns(group: Group, member: Member, generation: number, partition: number): boolean {
    return member.joined && member.generation === generation && group.generation === generation && member.assigned.includes(partition);
  }

  /** Applies a handled batch to the committed offsets: all of it, or up to a hold (and pauses the partition). */
  private settle(group: Group, member: Member, partition: number, from: number, batch: DeliveredMessage[], hold: void | BatchHold): void {
    if (!hold) {
      group.committed[partition] = from + batch.length;
      return;
    }
    const index = batch.findIndex((message) => message.offset === hold.from);
    if (index < 0) throw new Error(`Hold at offset ${hold.from} is not in the batch of partition ${partition}`);
    group.committed[partition] = from + index;
    member.paused.add(partition);
    const resume = () => {
      member.paused.delete(partition);
      member.wake();
    };
    void hold.until.then(resume, resume);
  }

  /** kafkajs mode: drops a member that missed its session; it rejoins once its round settled. */
  private drop(group: Group, member: Member): void {
    if (!group.members.includes(member)) return;
    group.members = group.members.filter((m) => m !== member);
    member.generation = -1;
    member.options.onRevoked?.();
    const rejoin = async () => {
      await member.round;
      if (!member.joined || this.closed) return;
      await this.rebalance(group, () => group.members.push(member));
    };
    void rejoin();
    // The others take its partitions over (unless a rebalance is running, which deals them anyway).
    if (!group.rebalancingNow) void this.rebalance(group, () => {}).catch(() => undefined);
  }

  /** kafkajs mode: drops members that have handled a round for longer than the session without a heartbeat. */
  private watch(group: Group): void {
    const timeout = this.options.sessionTimeoutMs ?? 30_000;
    const timer = setInterval(() => {
      for (const member of group.members) {
        if (member.round && Date.now() - member.lastHeartbeat > timeout) this.drop(group, member);
      }
    }, Math.max(5, Math.floor(timeout / 5)));
    timer.unref();
    this.watchdogs.add(timer);
  }

  /** kafkajs mode: one member's fetch loop, round after round. */
  private async rounds(group: Group, member: Member): Promise<void> {
    const { maxBatch = 500, retryMs = 50 } = this.options;
    const source = this.partitions(group.topic);
    while (member.joined && !this.closed) {
      const generation = member.generation;
      const round = group.rebalancingNow
        ? []
        : member.assigned
            .filter((partition) => !member.paused.has(partition))
            .map((partition) => {
              const from = group.committed[partition]!;
              return { partition, from, messages: source[partition]!.messages.slice(from, from + maxBatch) };
            })
            .filter((fetch) => fetch.messages.length > 0);
      if (round.length === 0) {
        await new Promise<void>((resolve) => {
          const parts = member.assigned.map((partition) => source[partition]!);
          const done = () => {
            for (const part of parts) part.waiters.delete(done);
            resolve();
          };
          for (const part of parts) part.waiters.add(done);
          member.wake = done;
          // Missed wake-ups (a rebalance between the check and here) cost at most this long.
          setTimeout(done, retryMs).unref();
        });
        continue;
      }
      member.lastHeartbeat = Date.now();
      let failed = false;
      const handling = Promise.all(
        round.map(async ({ partition, from, messages }) => {
          const batch: DeliveredBatch = {
            topic: group.topic,
            partition,
            messages,
            heartbeat: async () => {
              if (member.generation === generation) member.lastHeartbeat = Date.now();
            },
            isActive: () => this.owns(group, member, generation, partition),
          };
          try {
            const hold = await member.options.handle(batch);
            // A late commit by a member that lost the partition is refused, like the broker does.
            if (this.owns(group, member, generation, partition)) this.settle(group, member, partition, from, messages, hold);
          } catch {
            failed = true;
          }
        }),
      ).then(() => undefined);
      member.round = handling;
      await handling;
      member.round = undefined;
      // kafkajs heartbeats between rounds.
      member.lastHeartbeat = Date.now();
      member.failedRounds = failed ? member.failedRounds + 1 : 0;
      if (member.failedRounds >= (this.options.restartAfterFailures ?? 5)) await this.restart(group, member);
      else if (failed) await new Promise((resolve) => setTimeout(resolve, retryMs));
    }
  }

  /**
   * kafkajs mode: a member whose rounds kept failing crashes and restarts, as kafkajs's consumer
   * does: it leaves the group (its partitions go to the others, or wait for it), and joins again
   * after a pause. A handler that throws thus stalls every partition of its member, not just its own.
   */
  private async restart(group: Group, member: Member): Promise<void> {
    member.failedRounds = 0;
    group.members = group.members.filter((m) => m !== member);
    member.generation = -1;
    member.assigned = [];
    member.options.onRevoked?.();
    await this.rebalance(group, () => {}).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, this.options.restartMs ?? (this.options.retryMs ?? 50) * 20));
    if (!member.joined || this.closed) return;
    await this.rebalance(group, () => group.members.push(member));
  }

  /** Per-partition mode: one member's loop over one partition: deliver from the committed offset, commit on success. */
  private follow(group: Group, member: Member, partition: number): { stop: () => void; done: Promise<void> } {
    const source = this.partitions(group.topic)[partition]!;
    const { maxBatch = 500, retryMs = 50 } = this.options;
    let active = true;
    let wake: (() => void) | undefined;
    const stop = () => {
      active = false;
      wake?.();
    };
    const idle = (ms?: number, until?: Promise<void>) =>
      new Promise<void>((resolve) => {
        const done = () => {
          if (timer) clearTimeout(timer);
          source.waiters.delete(done);
          wake = undefined;
          resolve();
        };
        const timer = ms === undefined ? undefined : setTimeout(done, ms);
        wake = done;
        if (until) void until.then(done, done);
        else if (ms === undefined) source.waiters.add(done);
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
          const hold = await member.options.handle({
            topic: group.topic,
            partition,
            messages,
            heartbeat: async () => {},
            isActive: () => active,
          });
          this.settle(group, member, partition, from, messages, hold);
          if (hold) {
            await idle(undefined, hold.until);
            member.paused.delete(partition);
          }
        } catch {
          // At least once: the same messages come again after a short pause.
          if (active) await idle(retryMs);
        }
      }
    })();
    return { stop, done };
  }
}

/** True when `promise` settles within `ms`, false otherwise. */
async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true, () => true), late]);
  } finally {
    clearTimeout(timer);
  }
}
