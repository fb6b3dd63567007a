import { TopicMismatchError, type BusMessage, type DocumentStore, type EventStore, type Logger, type MessageBus, type RecordedEvent } from '@shop/platform';
import { encodeRecord } from './codec.ts';

export interface RelayOptions {
  topic: string;
  /** The topic's partition count (created with it, checked against it). */
  partitions: number;
  /** Checkpoint in the document store: the position of the last event Kafka acknowledged. */
  checkpointName?: string;
  /** Most events per publish. */
  batchSize?: number;
  /** How long to wait for more events before publishing a partial batch. */
  lingerMs?: number;
  /** Longest pause between attempts when publishing or the subscription fails. */
  maxBackoffMs?: number;
  logger?: Logger;
  /** Called after each acknowledged batch (metrics, tests). */
  onPublished?: (position: bigint, events: number) => void;
}

const LINGERED = Symbol('lingered');

/**
 * Copies the event log to the bus: follows the store's subscription (EventStoreDB `$all`) from
 * its checkpoint and publishes each event keyed by its stream id, so a stream's events stay in
 * order on one partition. After the events of a batch it sends a watermark (tick) with the
 * batch's last position to every partition: a partition that got none of the batch's events
 * still learns that nothing of it is missing up to there, which is how the API knows when a
 * partitioned projection has caught up with a position.
 *
 * Give it the log as stored (server/src/cli/relay.ts): events go out as written, personal fields
 * sealed, so an erasure (destroying the person's key) reaches the copies the topic keeps too; the
 * workers open them (ForwardingEventStore.asRead).
 *
 * The checkpoint advances only after the bus has acknowledged the whole batch. A crash between
 * the acknowledgement and the checkpoint republishes the batch on restart; projectors skip
 * what they already applied (by position), so a duplicate changes nothing.
 */
export class Relay {
  private readonly checkpointName: string;
  private failing = false;

  constructor(
    private readonly events: EventStore,
    private readonly store: DocumentStore,
    private readonly bus: MessageBus,
    private readonly options: RelayOptions,
  ) {
    this.checkpointName = options.checkpointName ?? 'relay';
  }

  /** Relays until the signal aborts, starting over from the checkpoint after any failure. */
  async run(signal: AbortSignal): Promise<void> {
    await this.retrying(signal, 'prepare the topic', () => this.bus.ensureTopic(this.options.topic, this.options.partitions));
    let failures = 0;
    while (!signal.aborted) {
      try {
        await this.follow(signal);
        failures = 0;
      } catch (error) {
        if (signal.aborted) break;
        failures += 1;
        this.options.logger?.error({ err: error }, 'relay: following the log failed; resubscribing from the checkpoint');
        await sleep(this.backoff(failures), signal);
      }
    }
  }

  /** One subscription: batches events as they come and publishes each batch. */
  private async follow(signal: AbortSignal): Promise<void> {
    const { batchSize = 500, lingerMs = 5 } = this.options;
    const after = (await this.store.getCheckpoint(this.checkpointName)) ?? 0n;
    // Our own abort as well as the caller's: leaving early (a failed checkpoint write) must end
    // the subscription at once, not when the next event happens to arrive.
    const done = new AbortController();
    const iterator = this.events.subscribe({ after, signal: AbortSignal.any([signal, done.signal]) })[Symbol.asyncIterator]();
    let pending = iterator.next();
    try {
      for (;;) {
        const first = await pending;
        if (first.done) return;
        const batch: RecordedEvent[] = [first.value];
        pending = iterator.next();
        let ended = false;
        // Take whatever else arrives within the linger time, so a burst becomes one request.
        while (batch.length < batchSize) {
          const next = await raceTimeout(pending, lingerMs);
          if (next === LINGERED) break;
          if (next.done) {
            ended = true;
            break;
          }
          batch.push(next.value);
          pending = iterator.next();
        }
        await this.publish(batch, signal);
        if (ended) return;
      }
    } finally {
      done.abort();
      pending.catch(() => undefined);
      await iterator.return?.(undefined);
    }
  }

  private async publish(batch: RecordedEvent[], signal: AbortSignal): Promise<void> {
    const last = batch[batch.length - 1]!.position;
    const messages: BusMessage[] = batch.map((event) => ({
      key: event.streamId,
      value: encodeRecord({ kind: 'event', event }),
    }));
    const tick = encodeRecord({ kind: 'tick', position: last });
    for (let partition = 0; partition < this.options.partitions; partition++) {
      messages.push({ key: '$relay', value: tick, partition });
    }
    // Until the bus takes the batch, nothing moves: the same batch is offered again.
    await this.retrying(signal, 'publish', () => this.bus.publish(this.options.topic, messages));
    if (signal.aborted) return;
    this.failing = false;
    await this.store.commit({ writes: [], checkpoints: [{ name: this.checkpointName, position: last }] });
    this.options.onPublished?.(last, batch.length);
  }

  /**
   * Retries `work` with backoff until it succeeds or the signal aborts. Each attempt is abandoned
   * (not awaited) when the signal aborts: a publish to an unreachable broker may take as long as
   * the client's own retries, and SIGTERM must not wait for that. An abandoned publish may still
   * land; the checkpoint does not move, so the batch is published again after a restart and the
   * projectors skip the duplicate.
   */
  private async retrying(signal: AbortSignal, what: string, work: () => Promise<void>): Promise<void> {
    for (let attempt = 1; !signal.aborted; attempt++) {
      try {
        await untilAborted(work(), signal);
        return;
      } catch (error) {
        if (signal.aborted) return;
        // A topic with another partition count is a configuration mistake, not a passing failure.
        if (error instanceof TopicMismatchError) throw error;
        const backoffMs = this.backoff(attempt);
        this.failing = true;
        this.options.logger?.warn({ err: error, attempt, backoffMs }, `relay: could not ${what}; retrying`);
        await sleep(backoffMs, signal);
      }
    }
  }

  /** True while the last attempt to reach the bus failed (health: a relay that cannot publish is not doing its job). */
  get publishing(): boolean {
    return !this.failing;
  }

  private backoff(attempt: number): number {
    return Math.min(this.options.maxBackoffMs ?? 5000, 100 * 2 ** Math.min(attempt, 10));
  }
}

async function raceTimeout<T>(promise: Promise<T>, ms: number): Promise<T | typeof LINGERED> {
  let timer: NodeJS.Timeout | undefined;
  const lingered = new Promise<typeof LINGERED>((resolve) => {
    timer = setTimeout(() => resolve(LINGERED), ms);
  });
  try {
    return await Promise.race([promise, lingered]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves or rejects with `promise`, or resolves as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve, reject) => {
    const aborted = () => {
      promise.catch(() => undefined);
      resolve(undefined);
    };
    signal.addEventListener('abort', aborted, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', aborted);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', aborted);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}
