import { EventEmitter } from 'node:events';
import type { AppendResult, EventStore, ExpectedRevision, NewEvent, ReadAllOptions, ReadStreamOptions, RecordedEvent, SubscribeOptions } from '@shop/platform';

/**
 * An event store whose `onAppended` also fires when `wake()` is called. The projection runner
 * wakes at once on a local append; in a projector worker the appends happen in the API, and the
 * bus is what tells this process that the log moved, so each batch it receives calls `wake()`.
 */
export class WakeableEvents implements EventStore {
  private readonly emitter = new EventEmitter();

  constructor(private readonly inner: EventStore) {
    this.emitter.setMaxListeners(0);
  }

  wake(): void {
    this.emitter.emit('wake', 0n);
  }

  append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, events, expected);
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
    const off = this.inner.onAppended(listener);
    this.emitter.on('wake', listener);
    return () => {
      off();
      this.emitter.off('wake', listener);
    };
  }

  /** The inner store belongs to whoever created it. */
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
