import type { BusMessage } from './port.ts';

/**
 * The largest record batch the shop's topics accept (`max.message.bytes`, set when the topic is
 * created). Kafka refuses a produce request whose batch for one partition is larger
 * (MESSAGE_TOO_LARGE), which for the relay meant retrying the same batch forever.
 */
export const TOPIC_MAX_MESSAGE_BYTES = 1_048_576;
/** What one send puts on one partition at most: the topic's limit less room for the batch header. */
export const MAX_BYTES_PER_PARTITION_PER_SEND = TOPIC_MAX_MESSAGE_BYTES - 64 * 1024;

/** Record overhead in a v2 record batch: varints for lengths, offset and timestamp deltas, attributes. */
const RECORD_OVERHEAD = 32;

export class MessageTooLargeError extends Error {
  constructor(
    readonly key: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`A message of ${bytes} bytes (key ${key.slice(0, 80)}) exceeds the ${limit} bytes a partition takes per send`);
    this.name = 'MessageTooLargeError';
  }
}

/** The bytes a message takes in a record batch (uncompressed, so an upper bound). */
export function messageBytes(message: BusMessage): number {
  let bytes = RECORD_OVERHEAD + Buffer.byteLength(message.key, 'utf8') + Buffer.byteLength(message.value, 'utf8');
  for (const [name, value] of Object.entries(message.headers ?? {})) bytes += 8 + Buffer.byteLength(name, 'utf8') + Buffer.byteLength(value, 'utf8');
  return bytes;
}

/**
 * Splits messages into consecutive sends so that no send carries more than `limit` bytes for any
 * one partition. Order is kept (sends go one after another), so per-key order holds. `partitionOf`
 * says where a keyless-partition message goes; without it (partition count unknown) every
 * message counts against one shared budget, which is stricter and just as safe.
 */
export function splitForSend(
  messages: BusMessage[],
  limit: number,
  partitionOf?: (key: string) => number,
): BusMessage[][] {
  const sends: BusMessage[][] = [];
  let current: BusMessage[] = [];
  let used = new Map<number, number>();
  for (const message of messages) {
    const bytes = messageBytes(message);
    if (bytes > limit) throw new MessageTooLargeError(message.key, bytes, limit);
    const budget = partitionOf ? (message.partition ?? partitionOf(message.key)) : 0;
    const total = (used.get(budget) ?? 0) + bytes;
    if (total > limit && current.length > 0) {
      sends.push(current);
      current = [];
      used = new Map();
    }
    current.push(message);
    used.set(budget, (used.get(budget) ?? 0) + bytes);
  }
  if (current.length > 0) sends.push(current);
  return sends;
}
