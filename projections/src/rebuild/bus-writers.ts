import { randomInt } from 'node:crypto';
import type { DocumentStore, MessageBus } from '@shop/platform';
import { encodeRecord } from '../distributed/codec.ts';
import { heldCheckpoint, pauseCheckpoint } from '../distributed/partitioning.ts';
import type { LiveWriters } from './live-writers.ts';

export interface BusWritersOptions {
  topic: string;
  partitions: number;
  /** How long every partition has to acknowledge the pause. */
  timeoutMs?: number;
  pollMs?: number;
}

/**
 * Holds a projection's projector workers through the bus (see distributed/worker.ts).
 *
 * The pause is a record sent to every partition. A partition reaches it only after every
 * batch before it was committed, so once all partitions have acknowledged (in the store), no
 * worker is mid-batch for the projection and none starts one until the pause checkpoint is
 * cleared. A partition that nobody consumes cannot acknowledge: the pause then fails (nothing
 * was swapped) rather than swap under a worker that might still wake up.
 */
export class BusWriters implements LiveWriters {
  constructor(
    private readonly bus: MessageBus,
    private readonly store: DocumentStore,
    private readonly options: BusWritersOptions,
  ) {}

  async pause(projection: string): Promise<void> {
    const { topic, partitions, timeoutMs = 30_000, pollMs = 50 } = this.options;
    // Unique per pause, never 0 (0 means "not paused").
    const epoch = BigInt(Date.now()) * 1000n + BigInt(randomInt(1, 1000));
    await this.store.commit({ writes: [], checkpoints: [{ name: pauseCheckpoint(projection), position: epoch }] });
    const record = encodeRecord({ kind: 'pause', projection, epoch });
    try {
      await this.bus.ensureTopic(topic, partitions);
      await this.bus.publish(
        topic,
        Array.from({ length: partitions }, (_, partition) => ({ key: '$control', value: record, partition })),
      );
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const missing: number[] = [];
        for (let partition = 0; partition < partitions; partition++) {
          if ((await this.store.getCheckpoint(heldCheckpoint(projection, partition))) !== epoch) missing.push(partition);
        }
        if (missing.length === 0) return;
        if (Date.now() > deadline) {
          throw new Error(
            `Partitions ${missing.join(', ')} of ${topic} did not hold ${projection} within ${timeoutMs} ms: ` +
              'no projector worker reached the pause record there. Is one running, and keeping up (see projection_lag_events)? ' +
              '(With every worker stopped, rebuild with --offline.)',
          );
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    } catch (error) {
      await this.resume(projection);
      throw error;
    }
  }

  async resume(projection: string): Promise<void> {
    await this.store.commit({ writes: [], checkpoints: [{ name: pauseCheckpoint(projection), position: 0n }] });
  }
}
