import { ForwardingEventStore } from '../event-store/forwarding.ts';
import { WrongExpectedRevisionError, type AppendResult, type EventStore, type ExpectedRevision, type NewEvent } from '../event-store/port.ts';
import type { ShopMetrics } from './registry.ts';

/**
 * An event store that times its appends (`event_store_append_duration_seconds`), outcome
 * `ok`, `conflict` (a wrong expected revision, which the command handler retries) or `error`.
 */
export class TimedEventStore extends ForwardingEventStore {
  constructor(
    inner: EventStore,
    private readonly metrics: ShopMetrics,
  ) {
    super(inner);
  }

  override async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
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
}
