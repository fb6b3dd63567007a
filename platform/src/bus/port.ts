/**
 * The message bus port: a partitioned, ordered log of messages with consumer groups (Kafka's
 * model). The relay publishes the event log through it and projector workers consume it.
 *
 * Guarantees every adapter keeps (checked by the bus contract suite):
 * - Messages with the same key land in the same partition, in publish order.
 * - `publish` resolves only once every message is durably accepted; a rejected publish may have
 *   delivered some messages, so publishers must tolerate duplicates downstream.
 * - Within a consumer group each partition is handled by one member at a time, batch after batch.
 * - Delivery is at least once: a batch whose handler throws (or whose member leaves before its
 *   handler finished) is delivered again from the first message not yet acknowledged.
 * - A handler never waits inside a batch for something outside the bus: a member fetches its next
 *   round only after every batch of the round settled (kafkajs), so one waiting partition would
 *   stall all of that member's partitions. It returns a `BatchHold` instead.
 */

export interface BusMessage {
  /** Routing key: decides the partition (unless `partition` is given) and keeps per-key order. */
  key: string;
  /** UTF-8 payload (JSON in this shop). */
  value: string;
  /** Sends to this exact partition instead of the key's (watermarks sent to every partition). */
  partition?: number;
  headers?: Record<string, string>;
}

export interface DeliveredMessage {
  partition: number;
  /** Position within the partition, as a decimal string (Kafka offsets are 64-bit). */
  offset: string;
  key: string;
  value: string;
  headers: Record<string, string>;
}

export interface DeliveredBatch {
  topic: string;
  partition: number;
  messages: DeliveredMessage[];
  /** Tells the group this member is alive; call it while a handler waits for a long time. */
  heartbeat(): Promise<void>;
  /** False once the consumer stops or the partition moved to another member mid-batch. */
  isActive(): boolean;
}

/**
 * What a handler returns to stop its partition part-way through a batch: the messages before
 * `from` are acknowledged, consumption of this partition pauses (the member's other partitions go
 * on), and once `until` settles the partition is delivered again from `from`. If the partition
 * moves to another member meanwhile, that member gets it from `from`.
 */
export interface BatchHold {
  /** Offset of the first message not handled (it comes again). */
  from: string;
  until: Promise<void>;
}

export interface ConsumeOptions {
  topic: string;
  groupId: string;
  /** Where a group with no committed offset starts; default the beginning of each partition. */
  fromBeginning?: boolean;
  /**
   * Handles one batch of one partition. Resolving acknowledges every message of the batch;
   * throwing acknowledges none of it and the batch comes again. Batches of different partitions
   * may be handled concurrently, batches of one partition never are. Returning a hold stops
   * the partition after part of the batch (see `BatchHold`).
   */
  handle(batch: DeliveredBatch): Promise<void | BatchHold>;
  /** Called with this member's partitions of the topic after every rebalance. */
  onAssigned?(partitions: number[]): void;
  /**
   * Called when this member may have lost its partitions: a rebalance began, or the group dropped
   * it (no heartbeat within the session). Work tied to owning a partition stops here; the next
   * `onAssigned` says what it owns again.
   */
  onRevoked?(): void;
  /** Called when the consumer fails for good (after the adapter's own retries). */
  onCrash?(error: unknown): void;
}

export interface BusSubscription {
  /** Leaves the group after the batches being handled finish. */
  stop(): Promise<void>;
}

export interface MessageBus {
  /** Creates the topic with this many partitions, or checks an existing one has exactly that many. */
  ensureTopic(topic: string, partitions: number): Promise<void>;
  /** The partition a key maps to (the same function `publish` uses). */
  partitionOf(key: string, partitions: number): number;
  publish(topic: string, messages: BusMessage[]): Promise<void>;
  consume(options: ConsumeOptions): Promise<BusSubscription>;
  close(): Promise<void>;
}

export class TopicMismatchError extends Error {
  constructor(
    readonly topic: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(
      `Topic ${topic} has ${actual} partitions but ${expected} are configured. ` +
        'Changing the partition count moves keys between partitions (and breaks per-stream order): ' +
        'create a new topic and rebuild the projections instead.',
    );
    this.name = 'TopicMismatchError';
  }
}
