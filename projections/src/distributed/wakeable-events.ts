import { EventEmitter } from 'node:events';
import { ForwardingEventStore, type EventStore } from '@shop/platform';

/**
 * An event store whose `onAppended` also fires when `wake()` is called. The projection runner
 * wakes at once on a local append; in a projector worker the appends happen in the API, and the
 * bus is what tells this process that the log moved, so each batch it receives calls `wake()`.
 */
export class WakeableEvents extends ForwardingEventStore {
  private readonly emitter = new EventEmitter();

  constructor(inner: EventStore) {
    super(inner);
    this.emitter.setMaxListeners(0);
  }

  wake(): void {
    this.emitter.emit('wake', 0n);
  }

  override onAppended(listener: (position: bigint) => void): () => void {
    const off = this.inner.onAppended(listener);
    this.emitter.on('wake', listener);
    return () => {
      off();
      this.emitter.off('wake', listener);
    };
  }

  /** The inner store belongs to whoever created it. */
  override async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
