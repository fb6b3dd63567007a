import type { AppendResult, EventStore, ExpectedRevision, NewEvent, ReadAllOptions, ReadStreamOptions, RecordedEvent, SubscribeOptions } from './port.ts';

/**
 * An event store that hands every call to another one: a decorator extends it and overrides only
 * what it changes (timing appends, telling other processes of them).
 */
export class ForwardingEventStore implements EventStore {
  constructor(protected readonly inner: EventStore) {}

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
    return this.inner.onAppended(listener);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /**
   * Events as this store's reads give them, from events as the log underneath stores them (what
   * the Kafka relay publishes: personal fields sealed, each in the version it was written in).
   * Every layer applies to them what its reads apply (opening, upcasting); a projector worker
   * reads the bus through this. The array is this call's to change.
   */
  asRead(stored: RecordedEvent[]): Promise<RecordedEvent[]> {
    return this.inner instanceof ForwardingEventStore ? this.inner.asRead(stored) : Promise.resolve(stored);
  }
}
