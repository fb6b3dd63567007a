/**
 * What the read-model store alone costs for a rebuild's replay: the finished catalog documents,
 * written into a fresh SQLite document store the way the rebuild writes them (indexes deferred,
 * batches of the rebuild's size), with no event read, decoding or projection code. No replay
 * into this store can be faster, so the bench prints it next to the replay time: the gap is
 * what reading and projecting the events costs. (The index build after the replay is the same
 * work either way.)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Document } from '@shop/platform';
import { SqliteDocumentStore } from '@shop/platform/adapters';
import { catalogCollections } from '@shop/projections';
import { tempDir } from '../../test-support/temp-dir.ts';

export interface StoreFloor {
  documents: number;
  writeSeconds: number;
  /** The process's CPU time over the same writes (the background WAL checkpoint's thread included). */
  writeCpuSeconds: number;
  /** The main thread's alone (see mainThreadCpuSeconds). */
  writeMainCpuSeconds: number;
}

/**
 * The main thread's own CPU time (Linux, 10 ms ticks; NaN elsewhere): the process's figure also
 * counts other threads (a rebuild's bulk-load thread, the WAL checkpoint worker).
 */
export function mainThreadCpuSeconds(): number {
  try {
    const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export async function measureStoreFloor(source: SqliteDocumentStore, batchSize: number): Promise<StoreFloor> {
  const dir = tempDir('shop-floor-');
  const target = new SqliteDocumentStore(join(dir.path, 'floor.db'));
  try {
    // Read everything first, so the timing holds the store's work only.
    const collections = new Map<string, Document[]>();
    for (const spec of catalogCollections) collections.set(spec.name, await source.find(spec.name));
    for (const spec of catalogCollections) await target.defineCollection(spec, { deferIndexes: true });

    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const mainStarted = mainThreadCpuSeconds();
    let documents = 0;
    for (const [collection, docs] of collections) {
      for (let i = 0; i < docs.length; i += batchSize) {
        const writes = docs.slice(i, i + batchSize).map((doc) => ({ kind: 'put' as const, collection, doc }));
        await target.commit({ writes, checkpoints: [{ name: 'floor', position: BigInt(i) }] });
      }
      documents += docs.length;
    }
    const cpu = process.cpuUsage(cpuStarted);
    return {
      documents,
      writeSeconds: (performance.now() - started) / 1000,
      writeCpuSeconds: (cpu.user + cpu.system) / 1e6,
      writeMainCpuSeconds: mainThreadCpuSeconds() - mainStarted,
    };
  } finally {
    await target.close();
    dir.remove();
  }
}
