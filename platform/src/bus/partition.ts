/**
 * Kafka's default key → partition mapping (the Java client's murmur2, also kafkajs's
 * DefaultPartitioner): `(murmur2(utf8(key)) & 0x7fffffff) % partitions`. Every adapter routes
 * with this one function, so tools that must know where a stream lives (verify, the in-memory
 * bus) agree with a real Kafka producer.
 */
export function partitionOf(key: string, partitions: number): number {
  if (!Number.isInteger(partitions) || partitions < 1) throw new Error(`Invalid partition count: ${partitions}`);
  return (murmur2(Buffer.from(key, 'utf8')) & 0x7fffffff) % partitions;
}

/** murmur2 with Kafka's seed, as a signed 32-bit integer (the value Kafka's Utils.murmur2 returns). */
export function murmur2(data: Uint8Array): number {
  const m = 0x5bd1e995;
  const length = data.length;
  let h = (0x9747b28c ^ length) | 0;
  const whole = length & ~3;
  for (let i = 0; i < whole; i += 4) {
    let k = (data[i]! & 0xff) | ((data[i + 1]! & 0xff) << 8) | ((data[i + 2]! & 0xff) << 16) | ((data[i + 3]! & 0xff) << 24);
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m) ^ k;
  }
  const rest = length & 3;
  if (rest === 3) h ^= (data[whole + 2]! & 0xff) << 16;
  if (rest >= 2) h ^= (data[whole + 1]! & 0xff) << 8;
  if (rest >= 1) {
    h ^= data[whole]! & 0xff;
    h = Math.imul(h, m);
  }
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h | 0;
}
