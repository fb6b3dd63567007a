import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { murmur2, partitionOf } from './partition.ts';

// kafkajs's own murmur2 (its DefaultPartitioner's hash), to prove both route keys alike.
const kafkajsMurmur2 = createRequire(import.meta.url)('kafkajs/src/producer/partitioners/default/murmur2.js') as (key: Buffer) => number;

describe('partitionOf', () => {
  it("matches the Java client's murmur2 reference values", () => {
    // From Kafka's UtilsTest.testMurmur2.
    expect(murmur2(Buffer.from('21'))).toBe(-973932308);
    expect(murmur2(Buffer.from('foobar'))).toBe(-790332482);
    expect(murmur2(Buffer.from('a-little-bit-long-string'))).toBe(-985981536);
    expect(murmur2(Buffer.from('a-little-bit-longer-string'))).toBe(-1486304829);
    expect(murmur2(Buffer.from('lkjh234lh9fiuh90y23oiuhsafujhadof229phr9h19h89h8'))).toBe(-58897971);
    expect(murmur2(Buffer.from('abc'))).toBe(479470107);
  });

  it("agrees with kafkajs's partitioner on stream ids, including non-ASCII ones", () => {
    const keys = ['cart-66a1f0c2b3d4e5f6a7b8c9d0', 'product-1', 'stock-x', 'account-email-ab', 'किताब-7', '', 'a', 'ab', 'abc', 'abcd'];
    for (const key of keys) {
      expect(murmur2(Buffer.from(key))).toBe(kafkajsMurmur2(Buffer.from(key)));
      for (const n of [1, 3, 6, 12]) expect(partitionOf(key, n)).toBe((kafkajsMurmur2(Buffer.from(key)) & 0x7fffffff) % n);
    }
  });
});
