import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
} from '../event-store/port.ts';
import type { ShopMetrics } from './registry.ts';

/**
 * An event store that times its appends (`event_store_append_duration_seconds`), outcome
 * `ok`, `conflict` (a wrong expected revision, which the command handler retries) or `error`.
 */
export class TimedEventStore implements EventStore {
  constructor(
    private readonly inner: EventStore,
    private readonly metrics: ShopMetrics,
  ) {}

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    const end = this.metrics.eventStoreAppendDuration.startTimer();
    try {
      const result = await this.inner.append(streamId, events, expected);
      end({ outcome: 'ok' });
      return result;
    } catch (error) {
      end({ outcome: error instanceof WrongExpectedRevisionError ? 'conflict' : 'error' });
      throw error;
    }
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options);
  }

  readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.inner.readAll(options);
  }

  subscribe(options: SubscribeOptions): AsyncIterable<RecordedEvent> {
    return this.inner.subscribe(options);
  }

  headPosition(): Promise<bigint> {
    return this.inner.headPosition();
  }

  logIdentity(): Promise<string> {
    return this.inner.logIdentity();
  }

  onAppended(listener: (position: bigint) => void): () => void {
    return this.inner.onAppended(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
