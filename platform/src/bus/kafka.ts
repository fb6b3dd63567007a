import {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type LogEntry,
  type Producer,
} from 'kafkajs';
import type { Logger } from '../logger.ts';
import { partitionOf } from './partition.ts';
import { MAX_BYTES_PER_PARTITION_PER_SEND, TOPIC_MAX_MESSAGE_BYTES, splitForSend } from './split.ts';
import {
  TopicMismatchError,
  type BusMessage,
  type BusSubscription,
  type ConsumeOptions,
  type MessageBus,
} from './port.ts';

export interface KafkaBusOptions {
  /** `host:port` of one or more brokers. */
  brokers: string[];
  clientId: string;
  logger?: Logger;
  /**
   * Upper bound on partitions one member handles at the same time (kafkajs's
   * `partitionsConsumedConcurrently`); at least the topic's partition count, so a slow batch on
   * one partition does not serialise the others. (A rebuild's hold does not occupy a slot: it
   * pauses its partition instead of waiting in the handler.)
   */
  concurrency?: number;
  /**
   * How long the group waits for a silent member before its partitions go to the others
   * (kafkajs's `sessionTimeout`, default 30 s): a killed projector worker's partitions stall this long.
   */
  sessionTimeoutMs?: number;
  /** Bytes one send may carry for one partition (tests lower it); default just under the topic's `max.message.bytes`. */
  maxBytesPerPartition?: number;
  /** The kafkajs client to use instead of one built from `brokers` (tests pass a fake). */
  kafka?: Pick<Kafka, 'producer' | 'consumer' | 'admin'>;
}

/** The producer's own retries per send (kafkajs's exponential backoff, capped). */
export const PRODUCER_RETRY = { retries: 8, initialRetryTime: 300, maxRetryTime: 5_000 } as const;

/** Longest wait of an idle consumer's fetch at the broker (see `consume`). */
export const CONSUMER_MAX_WAIT_MS = 500;

/** How long `ensureTopic` waits for a new topic's partitions to have leaders. */
const LEADER_WAIT_MS = 30_000;

/** Metadata errors of a topic that is still being created: wait, do not fail. */
const METADATA_NOT_READY = new Set(['UNKNOWN_TOPIC_OR_PARTITION', 'LEADER_NOT_AVAILABLE']);
const TOPIC_ALREADY_EXISTS = 'TOPIC_ALREADY_EXISTS';

/**
 * Errors after which an idempotent producer can never send again: the broker lost or rejected
 * its producer id and sequence numbers, and kafkajs marks them not retriable but keeps the
 * producer. Only a new producer (a new producer id) gets past them.
 */
const PRODUCER_FENCED = new Set(['OUT_OF_ORDER_SEQUENCE_NUMBER', 'UNKNOWN_PRODUCER_ID', 'INVALID_PRODUCER_EPOCH']);

/**
 * kafkajs's own log level, following the logger's: its joins, leaves, rebalances and crashes
 * (info) are what explains a stalled group, so they are there whenever the logger asks for info.
 */
function kafkajsLevel(logger: Logger | undefined): logLevel {
  if (logger?.isLevelEnabled('debug')) return logLevel.DEBUG;
  if (logger?.isLevelEnabled('info')) return logLevel.INFO;
  return logLevel.WARN;
}

/** The protocol error type of `error` or of what caused it (kafkajs wraps it when retries run out). */
function protocolErrorType(error: unknown): string | undefined {
  for (let cause = error, depth = 0; cause && typeof cause === 'object' && depth < 5; cause = (cause as { cause?: unknown }).cause, depth += 1) {
    const type = (cause as { type?: unknown }).type;
    if (typeof type === 'string') return type;
  }
  return undefined;
}

/**
 * The bus on Kafka (kafkajs 2.x).
 *
 * Publishing goes through one idempotent producer (`idempotent: true`, `maxInFlightRequests: 1`,
 * acks from all in-sync replicas): a retried request cannot duplicate or reorder messages within
 * a partition, and `publish` resolves only when the broker has acknowledged the whole batch.
 * Keys are partitioned by kafkajs's DefaultPartitioner, the same murmur2 as `partitionOf`.
 *
 * Consuming uses `eachBatch` and resolves offsets itself: a batch is acknowledged only when the
 * handler resolves; when it throws, kafkajs commits nothing past the batch and restarts the
 * consumer, which fetches the batch again. A hold (`BatchHold`) resolves the offsets before it and
 * pauses the partition with kafkajs's `pause()`, outside the handler: kafkajs fetches a member's
 * next round only once every batch of the round has settled, so waiting inside `eachBatch` would
 * stall every partition of the member.
 */
export class KafkaBus implements MessageBus {
  private readonly kafka: Pick<Kafka, 'producer' | 'consumer' | 'admin'>;
  /** Partition counts of the topics this bus created or checked: sends are split per partition. */
  private readonly partitionCounts = new Map<string, number>();
  private producer: Promise<Producer> | undefined;
  /** The open subscriptions (`close` stops them the same way their own `stop` does). */
  private readonly subscriptions = new Set<BusSubscription>();

  constructor(private readonly options: KafkaBusOptions) {
    this.kafka =
      options.kafka ??
      new Kafka({
        clientId: options.clientId,
        brokers: options.brokers,
        logLevel: kafkajsLevel(options.logger),
        logCreator: () => (entry: LogEntry) => this.log(entry),
      });
  }

  async ensureTopic(topic: string, partitions: number): Promise<void> {
    await this.withAdmin(async (admin) => {
      const existing = await this.partitionCount(admin, topic);
      if (existing === null) {
        try {
          // replicationFactor -1: the broker's default (one broker in development, more in production).
          await admin.createTopics({
            topics: [
              {
                topic,
                numPartitions: partitions,
                replicationFactor: -1,
                // Matches what `publish` puts on a partition per send (see split.ts).
                configEntries: [{ name: 'max.message.bytes', value: String(TOPIC_MAX_MESSAGE_BYTES) }],
              },
            ],
            // Not kafkajs's own wait: it gives up on a broker that does not know the new topic yet
            // (UNKNOWN_TOPIC_OR_PARTITION, seen on a loaded KRaft broker); `leadersElected` waits that out.
            waitForLeaders: false,
          });
        } catch (error) {
          if ((error as { type?: string }).type !== TOPIC_ALREADY_EXISTS) throw error;
        }
      }
      const actual = await this.leadersElected(admin, topic);
      if (actual !== partitions) throw new TopicMismatchError(topic, partitions, actual);
      this.partitionCounts.set(topic, partitions);
    });
  }

  partitionOf(key: string, partitions: number): number {
    return partitionOf(key, partitions);
  }

  /**
   * Sends in order, split so that no send puts more than the topic takes on one partition (a
   * relay batch of large events would otherwise be refused as MESSAGE_TOO_LARGE, again and again).
   * A rejected send leaves the earlier ones delivered: the port allows that (duplicates downstream).
   */
  async publish(topic: string, messages: BusMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const partitions = this.partitionCounts.get(topic);
    const sends = splitForSend(
      messages,
      this.options.maxBytesPerPartition ?? MAX_BYTES_PER_PARTITION_PER_SEND,
      partitions ? (key) => partitionOf(key, partitions) : undefined,
    );
    const producer = await this.connectedProducer();
    try {
      for (const send of sends) {
        await producer.send({
          topic,
          acks: -1,
          messages: send.map((message) => ({
            key: message.key,
            value: message.value,
            ...(message.partition !== undefined ? { partition: message.partition } : {}),
            ...(message.headers ? { headers: message.headers } : {}),
          })),
        });
      }
    } catch (error) {
      // The caller retries the batch; with this producer every retry would fail the same way.
      if (PRODUCER_FENCED.has(protocolErrorType(error) ?? '')) await this.dropProducer();
      throw error;
    }
  }

  /** Forgets the producer (disconnecting it as far as it still can), so the next publish makes a new one. */
  private async dropProducer(): Promise<void> {
    const producer = this.producer;
    this.producer = undefined;
    this.options.logger?.warn({}, 'kafka: the producer lost its idempotence state; a new producer takes over');
    await producer?.then((p) => p.disconnect()).catch(() => undefined);
  }

  async consume(options: ConsumeOptions): Promise<BusSubscription> {
    let stopping = false;
    const consumer = this.kafka.consumer({
      groupId: options.groupId,
      ...(this.options.sessionTimeoutMs ? { sessionTimeout: this.options.sessionTimeoutMs } : {}),
      // How long an idle fetch waits at the broker for messages (a message ends it at once). A
      // member heartbeats only between fetches, so this is also how late it learns that the group
      // rebalances, and every member's partitions stall until the last one rejoins: kafkajs's 5 s
      // made each join or leave cost 5 s or more; 500 ms is the Java client's default.
      maxWaitTimeInMs: CONSUMER_MAX_WAIT_MS,
      // kafkajs restarts a crashed consumer after a pause, and decides that after its own
      // disconnect: a consumer that crashes while it is being stopped (a request in flight when
      // `disconnect` closes the connections, which a loaded machine makes likely) rejoined the
      // group 300 ms later as a new member, still delivering to the stopped worker. That member
      // took partition 0 and its stopped worker never ran the ordered projections again: they
      // stalled for good while the partitioned ones went on. A stopped subscription stays stopped.
      retry: { retries: 5, restartOnFailure: () => Promise.resolve(!stopping) },
    });
    let stopped: Promise<void> | undefined;
    const subscription: BusSubscription = {
      stop: () =>
        (stopped ??= (async () => {
          stopping = true;
          try {
            await consumer.disconnect();
          } finally {
            this.subscriptions.delete(subscription);
          }
        })()),
    };
    this.subscriptions.add(subscription);
    consumer.on(consumer.events.GROUP_JOIN, (event) => {
      options.onAssigned?.([...(event.payload.memberAssignment[options.topic] ?? [])].sort((a, b) => a - b));
    });
    consumer.on(consumer.events.REBALANCING, () => options.onRevoked?.());
    consumer.on(consumer.events.CRASH, (event) => {
      // A restart rejoins the group (maybe with other partitions); no restart is the end,
      // unless it was asked for (a crash while stopping is how kafkajs ends some stops).
      options.onRevoked?.();
      if (!event.payload.restart && !stopping) options.onCrash?.(event.payload.error);
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [options.topic], fromBeginning: options.fromBeginning ?? true });
    await consumer.run({
      partitionsConsumedConcurrently: this.options.concurrency ?? 64,
      // Offsets are resolved here: a hold acknowledges only the messages before it.
      eachBatchAutoResolve: false,
      eachBatch: async ({ batch, heartbeat, isRunning, isStale, resolveOffset, pause }) => {
        if (batch.isEmpty()) return;
        const messages = batch.messages;
        const hold = await options.handle({
          topic: batch.topic,
          partition: batch.partition,
          messages: messages.map((message) => ({
            partition: batch.partition,
            offset: message.offset,
            key: message.key?.toString('utf8') ?? '',
            value: message.value?.toString('utf8') ?? '',
            headers: Object.fromEntries(
              Object.entries(message.headers ?? {}).map(([name, value]) => [name, Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '')]),
            ),
          })),
          heartbeat,
          isActive: () => isRunning() && !isStale(),
        });
        if (!hold) {
          // kafkajs turns the last message's offset into the batch's last offset (control records).
          resolveOffset(messages[messages.length - 1]!.offset);
          return;
        }
        // Acknowledge what came before the hold; the next fetch of this partition, after the
        // resume, starts at `from` (kafkajs fetches from the resolved offset + 1).
        const index = messages.findIndex((message) => message.offset === hold.from);
        if (index < 0) throw new Error(`Hold at offset ${hold.from} is not in the batch of partition ${batch.partition}`);
        if (index > 0) resolveOffset(messages[index - 1]!.offset);
        // pause() takes the partition out of the member's fetches, so the round settles and the
        // other partitions go on; resuming a partition this member lost meanwhile is harmless.
        const resume = pause();
        void hold.until.then(resume, resume);
      },
    });
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.subscriptions].map((subscription) => subscription.stop()));
    const producer = this.producer;
    this.producer = undefined;
    if (producer) await (await producer).disconnect();
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        // kafkajs retries an idempotent producer's send forever by default, so a Kafka outage
        // would hang `publish` (and SIGTERM behind it) without a word. Bounded, the send fails
        // after about half a minute and the caller (the relay) backs off, warns and tries again
        // with the same batch. kafkajs warns that this "may invalidate EoS guarantees": a retried
        // batch can be written twice, which the projectors tolerate (they skip by log position).
        retry: PRODUCER_RETRY,
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      return producer;
    })().catch((error: unknown) => {
      this.producer = undefined;
      throw error;
    });
    return this.producer;
  }

  private async withAdmin<T>(work: (admin: Admin) => Promise<T>): Promise<T> {
    const admin = this.kafka.admin();
    await admin.connect();
    try {
      return await work(admin);
    } finally {
      await admin.disconnect();
    }
  }

  /**
   * Waits until the broker's metadata knows the topic and every partition has a leader, and
   * answers its partition count. A topic just created may be unknown for a moment
   * (UNKNOWN_TOPIC_OR_PARTITION) or leaderless (LEADER_NOT_AVAILABLE): both are waited out.
   * `createTopics` waits for leaders only for the client that created the topic; another one (a
   * projector worker starting beside the relay) is told the topic exists while its partitions may
   * still have none. A consumer whose metadata shows a partition without a leader files it under
   * no broker and never fetches it until its metadata is refreshed (kafkajs's metadataMaxAge, five
   * minutes): that partition's read models stall although the worker owns it and looks healthy.
   */
  private async leadersElected(admin: Admin, topic: string): Promise<number> {
    const deadline = Date.now() + LEADER_WAIT_MS;
    for (;;) {
      let waitingFor = 'the topic to be known';
      try {
        const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
        const partitions = topics[0]?.partitions ?? [];
        const leaderless = partitions.filter((partition) => partition.leader === undefined || partition.leader < 0);
        if (partitions.length > 0 && leaderless.length === 0) return partitions.length;
        if (partitions.length > 0) waitingFor = `a leader for partitions ${leaderless.map((p) => p.partitionId).join(', ')}`;
      } catch (error) {
        if (!METADATA_NOT_READY.has(protocolErrorType(error) ?? '')) throw error;
      }
      if (Date.now() > deadline) throw new Error(`Kafka topic ${topic}: still waiting for ${waitingFor} after ${LEADER_WAIT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  private async partitionCount(admin: Admin, topic: string): Promise<number | null> {
    const topics = await admin.listTopics();
    if (!topics.includes(topic)) return null;
    const { topics: metadata } = await admin.fetchTopicMetadata({ topics: [topic] });
    return metadata[0]?.partitions.length ?? null;
  }

  private log(entry: LogEntry): void {
    const logger = this.options.logger;
    if (!logger) return;
    const { message, ...extra } = entry.log;
    const fields = { ...extra, namespace: entry.namespace };
    if (entry.level === logLevel.ERROR) logger.error(fields, `kafka: ${message}`);
    else if (entry.level === logLevel.WARN) logger.warn(fields, `kafka: ${message}`);
    else if (entry.level === logLevel.INFO) logger.info(fields, `kafka: ${message}`);
    else logger.debug(fields, `kafka: ${message}`);
  }
}
