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

export interface ConsumeOptions {
  topic: string;
  groupId: string;
  /** Where a group with no committed offset starts; default the beginning of each partition. */
  fromBeginning?: boolean;
  /**
   * Handles one batch of one partition. Resolving acknowledges every message of the batch;
   * throwing acknowledges none of it and the batch comes again. Batches of different partitions
   * may be handled concurrently, batches of one partition never are.
   */
  handle(batch: DeliveredBatch): Promise<void>;
  /** Called with this member's partitions of the topic after every rebalance. */
  onAssigned?(partitions: number[]): void;
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
