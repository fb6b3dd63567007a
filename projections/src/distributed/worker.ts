import type { BatchHold, BusSubscription, DeliveredBatch, DeliveredMessage, DocumentStore, EventStore, Logger, MessageBus, RecordedEvent } from '@shop/platform';
import { applyBatch } from '../apply-batch.ts';
import type { Projection } from '../projection.ts';
import { ProjectionRunner } from '../runner.ts';
import { rebuildLease } from '../rebuild/rebuild.ts';
import { decodeRecord, tickAsEvent, UndecodableRecordError, type BusRecord } from './codec.ts';
import { heldCheckpoint, isPartitioned, partitionCheckpoint, pauseCheckpoint } from './partitioning.ts';
import { WakeableEvents } from './wakeable-events.ts';

export interface WorkerOptions {
  topic: string;
  partitions: number;
  groupId?: string;
  projections: Projection[];
  logger?: Logger;
  /** How often the ordered (global) projections re-read the log when no batch wakes them. */
  idleMs?: number;
  /** How often a held partition looks whether the rebuild is over. */
  pollMs?: number;
  /** Longest a partition is held for a rebuild before it goes on regardless (and says so). */
  holdTimeoutMs?: number;
  /** Events per read when a partition is caught up from the log (see `backfill`). */
  backfillPageSize?: number;
  /** The consumer failed for good (after the bus's own retries): the process should exit and be restarted. */
  onCrash?: (error: unknown) => void;
  /** How long a partition may stay stuck on a failing batch before `healthy()` says no. */
  unhealthyAfterMs?: number;
  /**
   * A failing batch is tried again on its partition alone (held, with backoff doubling from
   * `retryBaseMs` to `retryMaxMs`; the worker's other partitions go on), one event at a time
   * after the second failure, and an event that still fails after `deadLetterAfter` tries while
   * the read store answers is sent to the dead-letter topic with its error.
   */
  retryBaseMs?: number;
  retryMaxMs?: number;
  deadLetterAfter?: number;
  /** Where records no projector can decode go (default `<topic>.dead-letter`). */
  deadLetterTopic?: string;
  /** Called for each record sent to the dead-letter topic (metrics, alerting). */
  onDeadLetter?: (letter: DeadLetter) => void;
}

/** A record set aside (it cannot be decoded, or its projection keeps failing on it), with where it came from. */
export interface DeadLetter {
  topic: string;
  partition: number;
  offset: string;
  key: string;
  error: string;
}

/**
 * A projector worker: one member of the projector consumer group.
 *
 * Partitioned projections (see partitioning.ts) are applied batch by batch as the bus delivers
 * each partition, with one checkpoint per projection per partition; `applyBatch` skips what is
 * at or before it, so a redelivered batch or a partition that moved to another worker changes
 * nothing. Watermarks move those checkpoints on partitions that got no events of their own.
 *
 * The other projections need the whole log in order. They run here only while this worker owns
 * partition 0 (so exactly one worker of the group runs them), each in its own runner following
 * the event store from its single checkpoint, woken by every batch the bus delivers; they stop
 * as soon as a rebalance starts or the consumer crashes.
 *
 * Ownership can move while a worker still writes (a long pause, a missed session): every
 * checkpoint it commits is compare-and-set on the position it read, so a late commit of an old
 * owner is refused whole instead of overwriting the new owner's work.
 *
 * A rebuild asks for a projection to be held by sending a pause record to every partition (see
 * rebuild/bus-writers.ts): a partitioned projection's partition is held where the record sits,
 * after everything before it was committed (the handler returns a `BatchHold` and the bus
 * pauses the partition, so the worker's other partitions go on); an ordered projection's runner
 * is stopped. Each partition acknowledges in the store, and goes on once the rebuild has swapped.
 */
export class ProjectorWorker {
  private readonly partitioned: Projection[];
  private readonly ordered: Projection[];
  private readonly events: WakeableEvents;
  private readonly runners = new Map<string, ProjectionRunner>();
  private subscription: BusSubscription | undefined;
  private ownsOrdered = false;
  private stopped = false;
  private serial: Promise<void> = Promise.resolve();
  private crashed = false;
  private deadLetterTopic: Promise<void> | undefined;
  /** Partitions stuck on a failing batch: from which offset, how many tries, since when. */
  private readonly stuck = new Map<number, { from: string; tries: number; since: number }>();
  /** Moves on whenever this worker's partitions may have moved (holds tied to the old assignment end). */
  private generation = 0;
  /** Pauses (`name@epoch`) this worker stopped honouring after holding them too long. */
  private readonly givenUp = new Set<string>();
  /** Partition checkpoints this worker has checked against the log since its partitions were last assigned. */
  private readonly caughtUp = new Set<string>();

  constructor(
    events: EventStore,
    private readonly store: DocumentStore,
    private readonly bus: MessageBus,
    private readonly options: WorkerOptions,
  ) {
    this.events = new WakeableEvents(events);
    this.partitioned = options.projections.filter((p) => isPartitioned(p.name));
    this.ordered = options.projections.filter((p) => !isPartitioned(p.name));
  }

  async start(): Promise<void> {
    for (const projection of this.options.projections) {
      for (const spec of projection.collections) await this.store.defineCollection(spec);
    }
    await this.bus.ensureTopic(this.options.topic, this.options.partitions);
    this.subscription = await this.bus.consume({
      topic: this.options.topic,
      groupId: this.options.groupId ?? 'projectors',
      handle: (batch) => this.handle(batch),
      onAssigned: (partitions) => this.assigned(partitions),
      onRevoked: () => this.revoked(),
      onCrash: (error) => {
        this.crashed = true;
        this.options.logger?.error({ err: error }, 'projector: the consumer stopped for good');
        this.revoked();
        this.options.onCrash?.(error);
      },
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.subscription?.stop();
    await this.inOrder(async () => {
      this.ownsOrdered = false;
      await Promise.all([...this.runners.keys()].map((name) => this.stopRunner(name)));
    });
    await this.events.close();
  }

  /**
   * False once the consumer crashed for good, or while a partition has been stuck on a failing
   * batch for longer than `unhealthyAfterMs`: the process should then be restarted (see liveness.ts).
   */
  healthy(): boolean {
    if (this.crashed) return false;
    const limit = this.options.unhealthyAfterMs ?? 60_000;
    return [...this.stuck.values()].every((stuck) => Date.now() - stuck.since < limit);
  }

  /** Names of the ordered projections running here now (tests, health). */
  runningOrdered(): string[] {
    return [...this.runners.keys()];
  }

  /**
   * Applies a batch. A failure never throws to the bus (kafkajs would crash the consumer, leave
   * the group and rejoin, stalling every partition of this worker on each round): the partition
   * is held from the first message not applied and delivered again after a backoff, while the
   * others go on. After two failures from one offset the batch is applied one event at a time,
   * so the event that fails is found; once it has failed `deadLetterAfter` times while the read
   * store answers (a poison event, not an outage), it is set aside in the dead-letter topic.
   */
  private async handle(batch: DeliveredBatch): Promise<void | BatchHold> {
    const { deadLetterAfter = 8 } = this.options;
    const stuck = this.stuck.get(batch.partition);
    const oneByOne = stuck !== undefined && stuck.tries >= 2;
    let segment: RecordedEvent[] = [];
    /** The first message of `segment` (where a failure holds the partition from). */
    let segmentFrom: string | undefined;
    let current: DeliveredMessage | undefined;
    try {
      const records: [DeliveredMessage, BusRecord][] = [];
      for (const message of batch.messages) {
        current = message;
        const record = await this.decode(batch, message);
        if (record) records.push([message, record]);
      }
      current = undefined;
      // The bus carries events as the log stores them (personal fields sealed, old versions):
      // opened here in one go through the key store, as the embedded runner's reads open them.
      // One at a time, a failure to open one is that event's (and may send it to the dead letters).
      const opened = oneByOne ? undefined : await this.openEvents(records.map(([, record]) => record));
      for (const [message, record] of records) {
        current = message;
        if (record.kind === 'event' || record.kind === 'tick') {
          segmentFrom ??= message.offset;
          if (oneByOne) {
            try {
              segment.push(record.kind === 'event' ? (await this.events.asRead([record.event]))[0]! : tickAsEvent(record.position));
              await this.apply(batch, segment);
            } catch (error) {
              const tries = stuck.from === message.offset ? stuck.tries : 0;
              if (tries + 1 < deadLetterAfter || !(await this.storeAnswers())) throw error;
              await this.deadLetter(batch, message, `projection failed ${tries + 1} times: ${String((error as Error)?.message ?? error)}`);
            }
            [segment, segmentFrom] = [[], undefined];
          } else {
            segment.push(record.kind === 'event' ? opened!.get(record.event)! : tickAsEvent(record.position));
          }
        } else {
          await this.apply(batch, segment);
          [segment, segmentFrom] = [[], undefined];
          const held = await this.pauseFor(record.projection, record.epoch, batch);
          // Held: the bus acknowledges what came before the pause record and hands the
          // partition back from it once the rebuild is over (then the record is history).
          if (held) {
            this.stuck.delete(batch.partition);
            return { from: message.offset, until: held.until };
          }
        }
      }
      current = undefined;
      await this.apply(batch, segment);
      this.stuck.delete(batch.partition);
    } catch (error) {
      const from = segmentFrom ?? current?.offset ?? batch.messages[0]!.offset;
      return this.retryLater(batch, from, error);
    } finally {
      this.events.wake();
    }
  }

  /** Holds a partition whose batch failed at `from`, and hands it back after a backoff. */
  private retryLater(batch: DeliveredBatch, from: string, error: unknown): BatchHold {
    const { retryBaseMs = 200, retryMaxMs = 30_000 } = this.options;
    const previous = this.stuck.get(batch.partition);
    const tries = previous?.from === from ? previous.tries + 1 : 1;
    this.stuck.set(batch.partition, { from, tries, since: previous?.since ?? Date.now() });
    const backoffMs = Math.min(retryMaxMs, retryBaseMs * 2 ** Math.min(tries - 1, 20));
    this.options.logger?.error({ err: error, partition: batch.partition, offset: from, tries, backoffMs }, 'projector: batch failed; its partition is tried again after a pause');
    const generation = this.generation;
    return {
      from,
      until: (async () => {
        const until = Date.now() + backoffMs;
        // Cut short when the worker stops or its partitions move (the hold is then void).
        while (!this.stopped && this.generation === generation && Date.now() < until) await delay(Math.min(100, until - Date.now()));
      })(),
    };
  }

  /** The events among `records` as the code reads them (see ForwardingEventStore.asRead), by the record's event. */
  private async openEvents(records: BusRecord[]): Promise<Map<RecordedEvent, RecordedEvent>> {
    const stored = records.flatMap((record) => (record.kind === 'event' ? [record.event] : []));
    const read = await this.events.asRead([...stored]);
    return new Map(stored.map((event, i) => [event, read[i]!]));
  }

  /** True when the read store answers now: a failure then lies in the event, not in an outage. */
  private async storeAnswers(): Promise<boolean> {
    try {
      await this.store.getCheckpoint(partitionCheckpoint('probe', 0));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Decodes a record; one that cannot be decoded goes to the dead-letter topic, with an alert
   * (error log and `onDeadLetter`), and is skipped. Retrying it would fail the same way forever
   * and hold the partition (every later event of its streams) behind it. If the dead-letter
   * topic cannot take it, the batch fails and comes again: nothing is dropped unrecorded.
   */
  private async decode(batch: DeliveredBatch, message: DeliveredMessage): Promise<BusRecord | undefined> {
    try {
      return decodeRecord(message.value);
    } catch (error) {
      if (!(error instanceof UndecodableRecordError)) throw error;
      await this.deadLetter(batch, message, error.message);
      return undefined;
    }
  }

  /**
   * Sets a record aside in the dead-letter topic with why, and alerts (error log and
   * `onDeadLetter`). If the dead-letter topic cannot take it, this throws and the batch comes
   * again: nothing is dropped unrecorded.
   */
  private async deadLetter(batch: DeliveredBatch, message: DeliveredMessage, reason: string): Promise<void> {
    const topic = this.options.deadLetterTopic ?? `${this.options.topic}.dead-letter`;
    const letter: DeadLetter = { topic: batch.topic, partition: batch.partition, offset: message.offset, key: message.key, error: reason.slice(0, 500) };
    this.deadLetterTopic ??= this.bus.ensureTopic(topic, 1).catch((failure: unknown) => {
      this.deadLetterTopic = undefined;
      throw failure;
    });
    await this.deadLetterTopic;
    await this.bus.publish(topic, [
      {
        key: message.key,
        value: message.value,
        headers: {
          ...message.headers,
          'x-source-topic': batch.topic,
          'x-source-partition': String(batch.partition),
          'x-source-offset': message.offset,
          'x-error': letter.error,
        },
      },
    ]);
    this.options.logger?.error({ ...letter, alert: 'dead-letter', deadLetterTopic: topic }, 'projector: record sent to the dead-letter topic');
    this.options.onDeadLetter?.(letter);
  }

  /** Applies a run of events and watermarks of one partition to every partitioned projection. */
  private async apply(batch: DeliveredBatch, events: RecordedEvent[]): Promise<void> {
    const partition = batch.partition;
    const first = events[0];
    if (!first) return;
    await Promise.all(
      this.partitioned.map(async (projection) => {
        const checkpointName = partitionCheckpoint(projection.name, partition);
        // Read, not cached: a rebuild's swap may have moved it.
        let checkpoint = (await this.store.getCheckpoint(checkpointName)) ?? 0n;
        if (!this.caughtUp.has(checkpointName)) {
          checkpoint = await this.backfill(projection, batch, checkpoint, first.position);
          this.caughtUp.add(checkpointName);
        }
        await applyBatch(projection, events, checkpoint, { store: this.store, checkpointName, guarded: true });
      }),
    );
  }

  /**
   * The first batch a worker gets for a partition may not follow on from the projection's
   * checkpoint there: the projection is new (added after the group had consumed part of the
   * topic, or the topic no longer holds the oldest events), or an earlier release ran without it
   * while the group consumed on. The bus will not bring those events back, but the log has them:
   * this applies the events of this partition's streams between the checkpoint and `before`.
   * Normally the gap holds only other partitions' events of the relay's last batch, so this is
   * one short read per partition when a worker starts or its partitions move.
   */
  private async backfill(projection: Projection, batch: DeliveredBatch, from: bigint, before: bigint): Promise<bigint> {
    const { backfillPageSize: pageSize = 1000 } = this.options;
    const partition = batch.partition;
    const checkpointName = partitionCheckpoint(projection.name, partition);
    const mine = (event: RecordedEvent) =>
      event.position < before && this.bus.partitionOf(event.streamId, this.options.partitions) === partition;
    let checkpoint = from;
    let cursor = from;
    while (cursor + 1n < before) {
      // A long catch-up must not outlive the group session (the partition would move on while
      // this worker still writes it): tell the group it is alive, and stop once it lost the partition.
      await batch.heartbeat();
      if (!batch.isActive() || this.stopped) throw new Error(`partition ${partition} was lost while catching ${projection.name} up`);
      const page = await this.events.readAll({ after: cursor, limit: pageSize });
      const last = page[page.length - 1];
      if (!last) break;
      cursor = last.position;
      const missed = page.filter(mine);
      if (missed.length > 0) checkpoint = await applyBatch(projection, missed, checkpoint, { store: this.store, checkpointName, guarded: true });
      if (page.length < pageSize) break;
    }
    if (checkpoint > from) this.options.logger?.info({ projection: projection.name, partition, checkpoint: checkpoint.toString() }, 'projector: caught a projection up from the log');
    return checkpoint;
  }

  /** Handles a pause record; for a partitioned projection, says when the partition may go on (wrapped: an async function would wait for a returned promise). */
  private async pauseFor(name: string, epoch: bigint, batch: DeliveredBatch): Promise<{ until: Promise<void> } | undefined> {
    const known = this.options.projections.some((p) => p.name === name);
    // A pause whose rebuild is over (or was given up) is history: a redelivery must not hold anything.
    if (!known || this.givenUp.has(`${name}@${epoch}`) || !(await this.pausedAt(name, epoch))) return undefined;
    if (isPartitioned(name)) {
      await this.acknowledge(name, batch.partition, epoch);
      return { until: this.heldUntil(name, epoch, batch.partition) };
    }
    if (batch.partition === 0) await this.inOrder(() => this.stopRunner(name));
    await this.acknowledge(name, batch.partition, epoch);
    if (batch.partition === 0) void this.restartWhenResumed(name, epoch);
    return undefined;
  }

  /**
   * Settles once the rebuild of `name` has swapped (or gave up), this worker stops or loses its
   * partitions, or the hold lasted too long. It is awaited outside the bus handler: kafkajs
   * fetches a member's next round only after every batch of the round settled, so a wait inside
   * the handler would stall every other partition of this worker (and the rebuild, whose pause
   * records on those partitions would never be reached).
   */
  private heldUntil(name: string, epoch: bigint, partition: number): Promise<void> {
    const { pollMs = 100, holdTimeoutMs = 120_000 } = this.options;
    const until = Date.now() + holdTimeoutMs;
    const generation = this.generation;
    return (async () => {
      while (!this.stopped && this.generation === generation && (await this.pausedAt(name, epoch))) {
        if (Date.now() > until) {
          this.givenUp.add(`${name}@${epoch}`);
          this.options.logger?.error({ projection: name, partition }, 'projector: rebuild held the partition too long; going on');
          return;
        }
        await delay(pollMs);
      }
    })().catch((error: unknown) => {
      // The store is unreachable: let the partition go; its redelivered pause record asks again.
      this.options.logger?.warn({ err: error, projection: name, partition }, 'projector: could not check a rebuild; releasing the partition');
    });
  }

  private async restartWhenResumed(name: string, epoch: bigint): Promise<void> {
    const { pollMs = 100 } = this.options;
    while (!this.stopped && this.ownsOrdered && (await this.pausedAt(name, epoch))) await delay(pollMs);
    await this.inOrder(async () => {
      if (!this.stopped && this.ownsOrdered) await this.startRunner(name);
    });
  }

  private assigned(partitions: number[]): void {
    // Another worker may have moved these partitions on meanwhile: check them against the log again.
    this.caughtUp.clear();
    this.generation += 1;
    const owns = partitions.includes(0);
    void this.inOrder(async () => {
      this.ownsOrdered = owns && !this.stopped;
      if (this.ownsOrdered) for (const projection of this.ordered) await this.startRunner(projection.name);
      else await Promise.all([...this.runners.keys()].map((name) => this.stopRunner(name)));
    });
  }

  /**
   * The group is rebalancing, or dropped or crashed this member: it may no longer own partition 0,
   * so the ordered projections stop now (the next `assigned` starts them again if it still does),
   * and holds tied to the old assignment end. Their checkpoints are compare-and-set as well, so
   * even a commit already under way cannot land over a new owner's.
   */
  private revoked(): void {
    this.generation += 1;
    // What this worker was retrying may be another's now; it starts counting afresh if it comes back.
    this.stuck.clear();
    void this.inOrder(async () => {
      this.ownsOrdered = false;
      await Promise.all([...this.runners.keys()].map((name) => this.stopRunner(name)));
    });
  }

  private async startRunner(name: string): Promise<void> {
    const projection = this.ordered.find((p) => p.name === name);
    if (!projection || this.runners.has(name)) return;
    const paused = (await this.store.getCheckpoint(pauseCheckpoint(name))) ?? 0n;
    // A rebuild holds it: start once that is over. Asked through `pausedAt`, as the wait is: a
    // pause this worker no longer honours (its rebuild's lease ran out) stays in the store, and
    // reading only the checkpoint here would send the two back and forth forever, never starting
    // the runner (and, the SQLite store answering synchronously, never letting a timer run).
    if (paused !== 0n && (await this.pausedAt(name, paused))) {
      void this.restartWhenResumed(name, paused);
      return;
    }
    const runner = new ProjectionRunner(this.events, this.store, [projection], {
      idleMs: this.options.idleMs ?? 500,
      onError: (failed, error) => this.options.logger?.error({ err: error, projection: failed }, 'projector: projection failed; retrying'),
    });
    this.runners.set(name, runner);
    await runner.start();
  }

  private async stopRunner(name: string): Promise<void> {
    const runner = this.runners.get(name);
    if (!runner) return;
    this.runners.delete(name);
    await runner.stop();
  }

  /**
   * Whether the pause `epoch` of `name` still holds. It ends when the rebuild resumes, and also
   * when the rebuild's process died: its lease (see rebuildProjection) then runs out unrenewed,
   * and holding the projection on would freeze its read model until someone reran the rebuild.
   */
  private async pausedAt(name: string, epoch: bigint): Promise<boolean> {
    if (this.givenUp.has(`${name}@${epoch}`)) return false;
    if ((await this.store.getCheckpoint(pauseCheckpoint(name))) !== epoch) return false;
    const lease = await this.store.getLease(rebuildLease(name));
    if (lease && lease.expiresAt < Date.now()) {
      // Several partitions may ask at once: one warning is enough.
      if (!this.givenUp.has(`${name}@${epoch}`)) {
        this.givenUp.add(`${name}@${epoch}`);
        this.options.logger?.warn({ projection: name, rebuiltBy: lease.owner }, 'projector: the rebuild holding this projection stopped renewing its lease; going on');
      }
      return false;
    }
    return true;
  }

  private async acknowledge(name: string, partition: number, epoch: bigint): Promise<void> {
    await this.store.commit({ writes: [], checkpoints: [{ name: heldCheckpoint(name, partition), position: epoch }] });
  }

  /** Starting and stopping runners happens one step at a time, in the order asked. */
  private inOrder(step: () => Promise<void>): Promise<void> {
    const next = this.serial.then(step);
    this.serial = next.catch((error: unknown) => this.options.logger?.error({ err: error }, 'projector: starting or stopping a projection failed'));
    return next;
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
